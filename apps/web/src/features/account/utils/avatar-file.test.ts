import { describe, expect, it } from 'vitest';
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file.ts';

const MB = 1024 * 1024;

describe('avatarFileProblem', () => {
  it.each([
    [{ name: 'me.jpg', type: 'image/jpeg', size: 120_000 }, null],
    [{ name: 'me.PNG', type: 'image/png', size: 5 * MB }, null],
    [{ name: 'me.webp', type: 'image/webp', size: 1 }, null],
    [{ name: 'me.jpeg', type: '', size: 2048 }, null],
    [{ name: 'me.gif', type: 'image/gif', size: 2048 }, '头像只支持 JPG、PNG 或 WebP 图片'],
    [{ name: 'me.heic', type: '', size: 2048 }, '头像只支持 JPG、PNG 或 WebP 图片'],
    [{ name: 'me.png', type: 'application/pdf', size: 2048 }, '头像只支持 JPG、PNG 或 WebP 图片'],
    [{ name: 'me.png', type: 'image/png', size: 0 }, '头像图片是空文件，请重新选择'],
    [{ name: 'me.png', type: 'image/png', size: 5 * MB + 1 }, '头像图片不能超过 5 MB，请换一张较小的图片'],
  ])('judges %o', (file, problem) => {
    expect(avatarFileProblem(file)).toBe(problem);
  });

  it('offers the three picture types in the file picker', () => {
    expect(AVATAR_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', '.jpg', '.png', '.webp']),
    );
  });
});
