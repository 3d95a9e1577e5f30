import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Input } from 'antd';
import { SMS_RESEND_COUNTDOWN_SECONDS } from '@inkstone/contracts';
import './sms-code-input.css';

export interface SmsCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Sends a code; resolves true when one was sent, which starts the countdown. */
  onSend: () => Promise<boolean>;
  placeholder?: string;
  size?: 'middle' | 'large';
  prefix?: ReactNode;
  /** Seconds before another code may be requested (spec §9: 120). */
  countdownSeconds?: number;
}

/**
 * The mobile verification-code input of spec §2: a six-digit code box and a send button that is
 * disabled during a 120-second countdown after each send, then resets (spec §4).
 */
export function SmsCodeInput({
  value,
  onChange,
  onSend,
  placeholder = '短信验证码',
  size = 'large',
  prefix,
  countdownSeconds = SMS_RESEND_COUNTDOWN_SECONDS,
}: SmsCodeInputProps) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [hasSent, setHasSent] = useState(false);
  const endsAt = useRef(0);

  const isCounting = secondsLeft > 0;

  useEffect(() => {
    if (!isCounting) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt.current - Date.now()) / 1000));
      setSecondsLeft(left);
    }, 250);
    return () => clearInterval(timer);
  }, [isCounting]);

  async function send() {
    setIsSending(true);
    try {
      if (await onSend()) {
        endsAt.current = Date.now() + countdownSeconds * 1000;
        setSecondsLeft(countdownSeconds);
        setHasSent(true);
      }
    } finally {
      setIsSending(false);
    }
  }

  const label = isCounting ? `${secondsLeft}秒后重新获取` : hasSent ? '重新获取' : '获取验证码';

  return (
    <div className="ink-sms-input">
      <Input
        size={size}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, 6))}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        prefix={prefix}
        allowClear
      />
      <Button
        size={size}
        className="ink-sms-input__button"
        disabled={isCounting}
        loading={isSending}
        onClick={() => void send()}
      >
        {label}
      </Button>
    </div>
  );
}
