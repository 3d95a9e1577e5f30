// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PayStatus, WechatJsapiPay } from '@inkstone/contracts';
import { queryPayStatus } from '../api/query-pay-status.ts';
import type * as PayStatusCalls from '../api/query-pay-status.ts';
import { getMobilePayUrl } from '../api/get-mobile-pay-url.ts';
import { wechatJsapiPay } from '../api/wechat-jsapi-pay.ts';
import { wechatOauthCallback } from '../api/wechat-oauth-callback.ts';
import { openPayPage } from './open-pay-page.ts';
import { usePaymentPage } from './use-payment-page.ts';
import { invokeWechatPay, isWechatBrowser } from './wechat-bridge.ts';

vi.mock('../api/query-pay-status.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PayStatusCalls>()),
  queryPayStatus: vi.fn(),
}));
vi.mock('../api/get-mobile-pay-url.ts', () => ({ getMobilePayUrl: vi.fn() }));
vi.mock('../api/wechat-jsapi-pay.ts', () => ({ wechatJsapiPay: vi.fn() }));
vi.mock('../api/wechat-oauth-callback.ts', () => ({ wechatOauthCallback: vi.fn() }));
vi.mock('./open-pay-page.ts', () => ({ openPayPage: vi.fn() }));

const WECHAT_UA =
  'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI';
const BRIDGE = {
  appId: 'wxd678efh567hg6787',
  timeStamp: '1790000000',
  nonceStr: 'N1',
  package: 'prepay_id=wx1',
  signType: 'RSA' as const,
  paySign: 'c2lnbg==',
};

const pending: PayStatus = {
  PaymentNo: 'P1',
  Purpose: 'orders',
  Status: 'pending',
  StatusName: '待支付',
  CloseReason: null,
  ExpiresAt: '2026-11-22T02:00:00.000Z',
  IsPaid: false,
  AmountFen: 12_300,
  PayMethod: '',
  PayMethodName: '',
  PaidAt: null,
  QrExpiresAt: null,
  IsQrExpired: false,
  OrderIds: [1],
  BalanceFen: 0,
  Methods: ['balance', 'wechat', 'alipay'],
  IsSimulated: false,
  WechatJsapi: true,
};

function answer(step: 'authorize' | 'pay'): WechatJsapiPay {
  return {
    PaymentNo: 'P1',
    AmountFen: 12_300,
    Step: step,
    AuthorizeUrl:
      step === 'authorize' ? 'https://open.weixin.qq.com/connect/oauth2/authorize?x#wechat_redirect' : '',
    Bridge: step === 'pay' ? BRIDGE : null,
    ExpiresAt: step === 'pay' ? '2026-11-21T02:05:00.000Z' : null,
  };
}

/** 微信's bridge, calling back `errMsg`; records what it was asked. */
function bridge(errMsg: string) {
  const invoke = vi.fn((_name: string, _params: unknown, callback: (result: { err_msg: string }) => void) =>
    callback({ err_msg: errMsg }),
  );
  window.WeixinJSBridge = { invoke };
  return invoke;
}

function render(url: string, onJsapiPaid?: (paid: PayStatus) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => usePaymentPage({ onJsapiPaid }), { wrapper });
}

beforeEach(() => {
  vi.stubGlobal('navigator', { ...navigator, userAgent: WECHAT_UA });
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
  vi.mocked(queryPayStatus).mockResolvedValue(pending);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  delete window.WeixinJSBridge;
});

describe('微信’s browser and its bridge', () => {
  it('is told by MicroMessenger in the User-Agent', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(
      isWechatBrowser('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1'),
    ).toBe(false);
  });

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const outcome = invokeWechatPay(BRIDGE);
    const invoke = bridge('get_brand_wcpay_request:cancel');
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await outcome).toBe('cancel');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', BRIDGE, expect.any(Function));
  });
});

describe('the pay page inside 微信', () => {
  it('pays 微信支付 by JSAPI, whatever the width, and goes through 网页授权 the first time', async () => {
    vi.mocked(wechatJsapiPay).mockResolvedValueOnce(answer('authorize'));
    const { result } = render('/user/order/pay?no=P1');
    await waitFor(() => expect(result.current.isJsapi).toBe(true));
    expect(result.current.isPhone).toBe(true);
    await act(async () => result.current.choose('wechat'));
    expect(wechatJsapiPay).toHaveBeenCalledWith('P1', '/user/order/pay?no=P1');
    expect(openPayPage).toHaveBeenCalledWith(answer('authorize').AuthorizeUrl);
    expect(getMobilePayUrl).not.toHaveBeenCalled();
    expect(result.current.jsapi.phase).toBe('authorizing');
  });

  it('hands the code back, opens the bridge, and believes only the server that it is paid', async () => {
    vi.mocked(wechatOauthCallback).mockResolvedValue({ PaymentNo: 'P1', IsAuthorized: true });
    vi.mocked(wechatJsapiPay).mockResolvedValue(answer('pay'));
    const invoke = bridge('get_brand_wcpay_request:ok');
    const onJsapiPaid = vi.fn();
    const { result } = render(`/user/order/pay?no=P1&code=C1&state=${'a'.repeat(64)}`, onJsapiPaid);
    await waitFor(() => expect(result.current.jsapi.phase).toBe('waiting'));
    expect(wechatOauthCallback).toHaveBeenCalledWith('C1', 'a'.repeat(64));
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(onJsapiPaid).not.toHaveBeenCalled();
    vi.mocked(queryPayStatus).mockResolvedValue({
      ...pending,
      Status: 'paid',
      IsPaid: true,
      PayMethod: 'wechat',
    });
    await waitFor(() => expect(onJsapiPaid).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('says the payer cancelled and lets them pay again', async () => {
    vi.mocked(wechatJsapiPay).mockResolvedValue(answer('pay'));
    bridge('get_brand_wcpay_request:cancel');
    const { result } = render('/user/order/pay?no=P1');
    await waitFor(() => expect(result.current.isJsapi).toBe(true));
    await act(async () => result.current.choose('wechat'));
    expect(result.current.jsapi.phase).toBe('cancelled');
    bridge('get_brand_wcpay_request:fail:签名错误');
    await act(async () => result.current.jsapi.pay());
    expect(result.current.jsapi.phase).toBe('failed');
    expect(result.current.jsapi.error).toContain('微信支付未完成');
  });
});
