// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SmsCodeInput } from './sms-code-input.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function sendButton(): HTMLButtonElement {
  return screen.getByRole('button') as HTMLButtonElement;
}

describe('SmsCodeInput', () => {
  it('counts down 120 seconds with the button disabled after a code was sent, then offers to send again', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<SmsCodeInput onSend={onSend} />);
    expect(sendButton().textContent).toBe('获取验证码');

    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(sendButton().disabled).toBe(true);
    expect(sendButton().textContent).toBe('120秒后重新获取');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(sendButton().textContent).toBe('60秒后重新获取');
    expect(sendButton().disabled).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(sendButton().disabled).toBe(false);
    expect(sendButton().textContent).toBe('重新获取');
  });

  it('does not count down when no code was sent', async () => {
    render(<SmsCodeInput onSend={() => Promise.resolve(false)} />);
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(sendButton().disabled).toBe(false);
    expect(sendButton().textContent).toBe('获取验证码');
  });

  it('keeps only digits, at most six', () => {
    const onChange = vi.fn();
    render(<SmsCodeInput onSend={() => Promise.resolve(false)} onChange={onChange} />);
    fireEvent.change(screen.getByPlaceholderText('短信验证码'), { target: { value: '12a34567' } });
    expect(onChange).toHaveBeenLastCalledWith('123456');
  });
});
