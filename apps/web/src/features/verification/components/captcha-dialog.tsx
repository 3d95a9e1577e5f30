import { Alert, Button, Modal, Spin } from 'antd';
import type { Captcha } from '@inkstone/contracts';
import { useCaptcha } from '../hooks/use-captcha.ts';
import type { CaptchaPass } from '../hooks/use-captcha.ts';
import type { SliderAnswer } from '../hooks/use-slider-drag.ts';
import { SliderCaptcha } from './slider-captcha.tsx';
import type { SliderStatus } from './slider-captcha.tsx';

export type { CaptchaPass } from '../hooks/use-captcha.ts';

export interface CaptchaDialogProps {
  open: boolean;
  onPassed(pass: CaptchaPass): void;
  onCancel(): void;
}

interface CaptchaBodyProps {
  captcha: Captcha | null;
  loadError: string | null;
  status: SliderStatus;
  onRetry(): void;
  onRelease(answer: SliderAnswer): void;
}

/** The puzzle, or why there is none: loading, a failed load, geetest, or the service unavailable. */
function CaptchaBody({ captcha, loadError, status, onRetry, onRelease }: CaptchaBodyProps) {
  if (loadError) {
    return (
      <Alert
        type="error"
        showIcon
        title={loadError}
        action={
          <Button size="small" onClick={onRetry}>
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
  return <SliderCaptcha slider={captcha.slider} status={status} onRelease={onRelease} onRefresh={onRetry} />;
}

/**
 * The 安全验证 dialog: a fresh puzzle each time it opens (an answer is single-use), the slider, and
 * the verification. Geetest merchants are told that their provider needs its own script.
 */
export function CaptchaDialog({ open, onPassed, onCancel }: CaptchaDialogProps) {
  const { captcha, loadError, notice, status, load, verify } = useCaptcha(open, onPassed);
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
      <CaptchaBody
        captcha={captcha}
        loadError={loadError}
        status={status}
        onRetry={() => void load()}
        onRelease={(answer) => void verify(answer)}
      />
      {notice && (
        <p className="ink-captcha-notice" role="alert">
          {notice}
        </p>
      )}
    </Modal>
  );
}
