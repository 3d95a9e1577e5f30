import { describe, expect, it, vi } from 'vitest';
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

describe('feedback before the holders are there', () => {
  it('asks for them once, keeps what was asked meanwhile and shows it when they register', async () => {
    vi.resetModules();
    const module = await import('./feedback.ts');
    const asked = vi.fn();
    module.subscribeFeedbackWanted(asked);
    expect(module.isFeedbackWanted()).toBe(false);

    module.feedback.success('已保存');
    module.feedback.notifyError('下单失败', '库存不足', 'order');
    expect(module.isFeedbackWanted()).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);

    const message = { success: vi.fn(), error: vi.fn() };
    const notification = { error: vi.fn() };
    module.registerFeedback(message as never, notification as never);
    expect(message.success).toHaveBeenCalledWith('已保存');
    expect(notification.error).toHaveBeenCalledWith({
      title: '下单失败',
      description: '库存不足',
      key: 'order',
    });

    module.feedback.error('网络连接失败');
    expect(message.error).toHaveBeenCalledWith('网络连接失败');
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
