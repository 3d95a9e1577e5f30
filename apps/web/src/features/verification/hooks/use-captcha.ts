import { useCallback, useEffect, useRef, useState } from 'react';
import type { Captcha, CaptchaResult } from '@inkstone/contracts';
import { captchaErrorText } from '../api/captcha-error.ts';
import { getCaptcha } from '../api/get-captcha.ts';
import { verifyCaptcha } from '../api/verify-captcha.ts';
import type { SliderStatus } from '../components/slider-captcha.tsx';
import type { SliderAnswer } from './use-slider-drag.ts';

/** A passed captcha: what SendSms needs. Valid for one send only. */
export interface CaptchaPass extends CaptchaResult {
  sessionId: string;
}

/** How long the "验证通过" state shows before the dialog closes, and a failure before a new puzzle. */
const PASSED_PAUSE_MS = 400;
const FAILED_PAUSE_MS = 900;

/**
 * The 安全验证 dialog's state: a fresh puzzle each time it opens (an answer is single-use), the
 * slider's status, and verifying an answer; a failed answer brings a new puzzle.
 */
export function useCaptcha(open: boolean, onPassed: (pass: CaptchaPass) => void) {
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

  return { captcha, loadError, notice, status, load, verify };
}
