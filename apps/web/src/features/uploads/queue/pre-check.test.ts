import { describe, expect, it } from 'vitest';
import { UploadType } from '@inkstone/contracts';
import { preCheckFile } from './pre-check.ts';

describe('preCheckFile', () => {
  it.each([
    ['CON.pdf', '文件名不能是 Windows 的设备保留名（CON），请重命名后再上传'],
    ['nul.tar.pdf', '文件名不能是 Windows 的设备保留名（NUL），请重命名后再上传'],
    ['invoice\u202efdp.exe', '文件名包含不可见的文字方向控制符（U+202E），请重命名后再上传'],
    ['名片\u200b.pdf', '文件名包含不可见的零宽字符（U+200B），请重命名后再上传'],
    ['报价?.pdf', '文件名不能包含 < > : " | ? * 等字符，请重命名后再上传'],
    ['名片.pdf.', '文件名不能以点（.）结尾，请重命名后再上传'],
  ])('refuses %j before uploading, with the server’s reason', (name, message) => {
    expect(preCheckFile({ name, size: 1024 })).toEqual({ ok: false, message });
  });

  it('takes a name that only looks like a device name', () => {
    expect(preCheckFile({ name: 'console.pdf', size: 1024 }, UploadType.Default)).toEqual({ ok: true });
  });
});
