import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { SMS_ROLE_TYPE_DEFAULT } from '@inkstone/contracts';
import type { SmsMessageType } from '@inkstone/contracts';
import { sendSms } from '../api/send-sms.ts';
import { loadChunk } from '../../../lib/chunk-load.ts';
import type { CaptchaDialogProps, CaptchaPass } from '../components/captcha-dialog.tsx';
import { feedback } from '../../../lib/feedback.ts';

/** When the dialog's files cannot be loaded: say so and give up this send. */
function CaptchaUnavailable({ onCancel }: CaptchaDialogProps) {
  useEffect(() => {
    feedback.error('网络错误');
    onCancel();
  }, [onCancel]);
  return null;
}

/** The captcha dialog (with antd Modal) loads when a code is first requested, not with the form. */
const CaptchaDialog = lazy<ComponentType<CaptchaDialogProps>>(() =>
  loadChunk(() => import('../components/captcha-dialog.tsx')).then(
    (module) => ({ default: module.CaptchaDialog }),
    () => ({ default: CaptchaUnavailable }),
  ),
);

/** Spec §8: the success message after a code was sent. */
export const SMS_SENT_MESSAGE = '短信已发送,请注意查收!';

interface PendingSend {
  mobile: string;
  messageType: SmsMessageType;
  resolve(sent: boolean): void;
}

export interface SmsSender {
  /** Opens the captcha, then sends the code. Resolves true when the code was sent. */
  request(mobile: string, messageType: SmsMessageType): Promise<boolean>;
  /** The captcha dialog; render it once beside the form. */
  dialog: ReactNode;
}

/** Captcha first, then POST /api/common/SendSms with the captcha answer (single-use). */
export function useSmsSender(): SmsSender {
  const [pending, setPending] = useState<PendingSend | null>(null);
  const pendingRef = useRef<PendingSend | null>(null);

  function settle(sent: boolean) {
    pendingRef.current?.resolve(sent);
    pendingRef.current = null;
    setPending(null);
  }

  async function send(pass: CaptchaPass) {
    const current = pendingRef.current;
    if (!current) return;
    try {
      await sendSms({
        MobileNo: current.mobile,
        MessageType: current.messageType,
        SessionId: pass.sessionId,
        RoleType: SMS_ROLE_TYPE_DEFAULT,
        Challenge: pass.geetest_challenge,
        Validate: pass.geetest_validate,
        Seccode: pass.geetest_seccode,
      });
      feedback.success(SMS_SENT_MESSAGE);
      settle(true);
    } catch {
      // The API client has shown why (too frequent, daily limit, …).
      settle(false);
    }
  }

  return {
    request(mobile, messageType) {
      pendingRef.current?.resolve(false);
      return new Promise<boolean>((resolve) => {
        const next = { mobile, messageType, resolve };
        pendingRef.current = next;
        setPending(next);
      });
    },
    dialog: pending && (
      <Suspense fallback={null}>
        <CaptchaDialog open onPassed={(pass) => void send(pass)} onCancel={() => settle(false)} />
      </Suspense>
    ),
  };
}
