import { describe, expect, it } from 'vitest';
import { REPEAT_WINDOW_MS, isRepeat } from './feedback.ts';

describe('isRepeat', () => {
  it('lets the same error through once per window, and a different one at once', () => {
    const start = 1_000_000;
    expect(isRepeat('网络连接失败，请检查网络', start)).toBe(false);
    expect(isRepeat('网络连接失败，请检查网络', start + 10)).toBe(true);
    expect(isRepeat('网络连接失败，请检查网络', start + REPEAT_WINDOW_MS - 1)).toBe(true);
    expect(isRepeat('页面资源加载失败，请刷新页面重试', start + 20)).toBe(false);
    expect(isRepeat('网络连接失败，请检查网络', start + REPEAT_WINDOW_MS)).toBe(false);
  });
});
