import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { WechatJsapiPay } from '@inkstone/contracts';
import { wechatJsapiPay } from '../api/wechat-jsapi-pay.ts';
import { wechatOauthCallback } from '../api/wechat-oauth-callback.ts';
import { openPayPage } from './open-pay-page.ts';
import { invokeWechatPay } from './wechat-bridge.ts';

/**
 * Where 微信内支付 is: nothing yet; asking the server (opening); gone to 微信's 网页授权
 * (authorizing); the payer finished in 微信 and the server is asked whether the money arrived
 * (waiting); the payer cancelled; it failed (with a reason).
 */
export type JsapiPhase = 'idle' | 'opening' | 'authorizing' | 'waiting' | 'cancelled' | 'failed';

export interface WechatJsapi {
  phase: JsapiPhase;
  /** Why it failed, in Chinese; null otherwise. */
  error: string | null;
  isBusy: boolean;
  /** 微信支付 inside 微信: 网页授权 the first time, then the bridge. */
  pay(): Promise<void>;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface UseWechatJsapiOptions {
  /** The payment to pay; '' while there is none yet (a recharge makes it with `start`). */
  paymentNo: string;
  /** Inside 微信, and 微信内支付 is how this page pays. */
  enabled: boolean;
  /** Where 网页授权 comes back to (default: this page with `no=<paymentNo>`). */
  returnPath?: string;
  /** Without a payment yet: makes it and answers as WechatJsapiPay does (WechatJsapiRecharge). */
  start?: () => Promise<WechatJsapiPay>;
  /** `start` made this payment (the page then follows it). */
  onStarted?: (paymentNo: string) => void;
}

/**
 * 微信内支付 (JSAPI) inside 微信's browser, for the pay page and the 充值 dialog: asks
 * WechatJsapiPay (or `start`, which first makes the recharge); the first time it goes through 微信's
 * 网页授权 and comes back with `code` and `state`, which are handed to the server (and taken out of
 * the address) before paying goes on; then `getBrandWCPayRequest` opens 微信支付. Its `ok` is not
 * believed: the page then polls the payment until the server says paid.
 */
export function useWechatJsapi({
  paymentNo,
  enabled,
  returnPath,
  start,
  onStarted,
}: UseWechatJsapiOptions): WechatJsapi {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<JsapiPhase>('idle');
  const [error, setError] = useState<string | null>(null);

  const pay = useCallback(async () => {
    setError(null);
    setPhase('opening');
    try {
      let answer: WechatJsapiPay;
      if (!paymentNo && start) {
        answer = await start();
        onStarted?.(answer.PaymentNo);
      } else {
        const back = returnPath ?? `${location.pathname}?no=${encodeURIComponent(paymentNo)}`;
        answer = await wechatJsapiPay(paymentNo, back);
      }
      if (answer.Step === 'authorize' || !answer.Bridge) {
        setPhase('authorizing');
        openPayPage(answer.AuthorizeUrl);
        return;
      }
      const outcome = await invokeWechatPay(answer.Bridge);
      if (outcome === 'ok') {
        setPhase('waiting');
      } else if (outcome === 'cancel') {
        setPhase('cancelled');
      } else {
        setPhase('failed');
        setError(
          outcome === 'unavailable'
            ? '未能调起微信支付：请在微信中打开本页后重试'
            : '微信支付未完成，请重试或选择其他支付方式',
        );
      }
    } catch (failure) {
      setPhase('failed');
      setError(messageOf(failure, '无法打开微信支付，请稍后重试'));
    }
  }, [location.pathname, onStarted, paymentNo, returnPath, start]);

  // Back from 网页授权: hand the code and state to the server once, then pay.
  const code = search.get('code');
  const state = search.get('state');
  const handled = useRef(false);
  useEffect(() => {
    if (!enabled || !code || !state || !paymentNo || handled.current) return;
    handled.current = true;
    const clean = new URLSearchParams(search);
    clean.delete('code');
    clean.delete('state');
    void navigate({ pathname: location.pathname, search: `?${clean.toString()}` }, { replace: true });
    void (async () => {
      setPhase('opening');
      try {
        await wechatOauthCallback(code, state);
      } catch (failure) {
        setPhase('failed');
        setError(messageOf(failure, '微信授权失败，请重新点击「微信支付」'));
        return;
      }
      await pay();
    })();
  }, [code, enabled, location.pathname, navigate, pay, paymentNo, search, state]);

  return { phase, error, isBusy: phase === 'opening' || phase === 'authorizing', pay };
}
