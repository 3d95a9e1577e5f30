import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Spin } from 'antd';
import type { Captcha, CaptchaResult } from '@inkstone/contracts';
import { getCaptcha } from '../api/get-captcha.ts';
import { verifyCaptcha } from '../api/verify-captcha.ts';
import { captchaErrorText } from '../api/captcha-error.ts';
import { SliderCaptcha } from './slider-captcha.tsx';
import type { SliderAnswer, SliderStatus } from './slider-captcha.tsx';

/** A passed captcha: what SendSms needs. Valid for one send only. */
export interface CaptchaPass extends CaptchaResult {
  sessionId: string;
}

export interface CaptchaDialogProps {
  open: boolean;
  onPassed(pass: CaptchaPass): void;
  onCancel(): void;
}

/** How long the "验证通过" state shows before the dialog closes, and a failure before a new puzzle. */
const PASSED_PAUSE_MS = 400;
const FAILED_PAUSE_MS = 900;

/**
 * The 安全验证 dialog: a fresh puzzle each time it opens (an answer is single-use), the slider, and
 * the verification. Geetest merchants are told that their provider needs its own script.
 */
export function CaptchaDialog({ open, onPassed, onCancel }: CaptchaDialogProps) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState<SliderStatus>('ready');
  const request = useRef(0);

  const load = useCallback(async () => {
    const id = ++request.current;
    setCaptcha(null);
    setLoadError(null);
    setStatus('ready');
    try {
      const next = await getCaptcha();
      if (id === request.current) setCaptcha(next);
    } catch (error) {
      if (id === request.current) setLoadError(captchaErrorText(error));
    }
  }, []);

  useEffect(() => {
    if (open) {
      setNotice(null);
      void load();
    } else {
      request.current++;
    }
  }, [open, load]);

  async function verify(answer: SliderAnswer) {
    if (!captcha) return;
    setStatus('checking');
    setNotice(null);
    try {
      const result = await verifyCaptcha({ challenge: captcha.challenge, ...answer });
      setStatus('passed');
      setTimeout(() => onPassed({ ...result, sessionId: captcha.sessionId }), PASSED_PAUSE_MS);
    } catch (error) {
      setStatus('failed');
      setNotice(captchaErrorText(error));
      setTimeout(() => void load(), FAILED_PAUSE_MS);
    }
  }

  function renderBody() {
    if (loadError) {
      return (
        <Alert
          type="error"
          showIcon
          title={loadError}
          action={
            <Button size="small" onClick={() => void load()}>
              重试
            </Button>
          }
        />
      );
    }
    if (!captcha) {
      return (
        <div className="ink-captcha-loading">
          <Spin />
        </div>
      );
    }
    if (captcha.provider === 'geetest') {
      return (
        <Alert
          type="warning"
          showIcon
          title="本商户使用极验（geetest）验证"
          description="极验验证需要加载极验提供的验证脚本，本页面暂未接入。请联系商家客服，或稍后再试。"
        />
      );
    }
    if (!captcha.slider || captcha.success !== 1) {
      return <Alert type="error" showIcon title="验证服务暂不可用，请稍后再试" />;
    }
    return (
      <SliderCaptcha
        slider={captcha.slider}
        status={status}
        onRelease={(answer) => void verify(answer)}
        onRefresh={() => void load()}
      />
    );
  }

  const width = Math.max(340, (captcha?.slider?.width ?? 320) + 48);

  return (
    <Modal
      title="安全验证"
      open={open}
      onCancel={onCancel}
      footer={null}
      width={width}
      centered
      destroyOnHidden
      mask={{ closable: false }}
    >
      {captcha?.provider !== 'geetest' && (
        <p className="ink-captcha-tip">为保障账户安全，请先完成拼图验证，再发送短信验证码。</p>
      )}
      {renderBody()}
      {notice && (
        <p className="ink-captcha-notice" role="alert">
          {notice}
        </p>
      )}
    </Modal>
  );
}
