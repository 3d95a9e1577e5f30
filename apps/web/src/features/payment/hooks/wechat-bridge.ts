import type { WechatBridgeParams } from '@inkstone/contracts';

/** How 微信's `getBrandWCPayRequest` ended, as its callback says (never proof of payment). */
export type BridgeOutcome = 'ok' | 'cancel' | 'fail' | 'unavailable';

interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: WechatBridgeParams,
    callback: (result: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** 微信's browser says who it is in its User-Agent: `… MicroMessenger/8.0.…`. */
export function isWechatBrowser(
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** How long to wait for `WeixinJSBridgeReady` when the bridge is not there yet. */
const BRIDGE_WAIT_MS = 10_000;

/** The bridge, now or once 微信 says `WeixinJSBridgeReady`; null when it never comes. */
function bridgeReady(): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, BRIDGE_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', done, false);
  });
}

/**
 * Opens 微信支付 in the page (`WeixinJSBridge.invoke('getBrandWCPayRequest', …)`) and answers
 * how it ended. `ok` only means the payer finished in 微信: the server's status says whether the
 * money arrived.
 */
export async function invokeWechatPay(params: WechatBridgeParams): Promise<BridgeOutcome> {
  const bridge = await bridgeReady();
  if (!bridge) return 'unavailable';
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => {
      const message = result?.err_msg ?? '';
      if (message === 'get_brand_wcpay_request:ok') resolve('ok');
      else if (message === 'get_brand_wcpay_request:cancel') resolve('cancel');
      else resolve('fail');
    });
  });
}
