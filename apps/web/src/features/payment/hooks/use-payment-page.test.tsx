// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PayStatus } from '@inkstone/contracts';
import { getMobilePayUrl } from '../api/get-mobile-pay-url.ts';
import { getQrCode } from '../api/get-qrcode.ts';
import { queryPayStatus } from '../api/query-pay-status.ts';
import type * as PayStatusCalls from '../api/query-pay-status.ts';
import { openPayPage } from './open-pay-page.ts';
import { usePaymentPage } from './use-payment-page.ts';

vi.mock('../api/query-pay-status.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PayStatusCalls>()),
  queryPayStatus: vi.fn(),
}));
vi.mock('../api/get-qrcode.ts', () => ({ getQrCode: vi.fn() }));
vi.mock('../api/get-mobile-pay-url.ts', () => ({ getMobilePayUrl: vi.fn() }));
vi.mock('./open-pay-page.ts', () => ({ openPayPage: vi.fn() }));

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
  WechatJsapi: false,
};

/** A screen this wide: phones match the pay page's phone query. */
function screenOf(isPhone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: isPhone, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

function render(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => usePaymentPage(), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.mocked(queryPayStatus).mockResolvedValue(pending);
  vi.mocked(getMobilePayUrl).mockResolvedValue({
    PaymentNo: 'P1',
    PayType: 'wechat',
    PayTypeName: '微信支付',
    AmountFen: 12_300,
    PayUrl: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1',
    ExpiresAt: '2026-11-21T02:05:00.000Z',
    IsSimulated: false,
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the pay page on a phone', () => {
  it('opens 微信 H5 支付 instead of showing a code, coming back to the pay page', async () => {
    screenOf(true);
    const { result } = render('/user/order/pay?no=P1');
    expect(result.current.isPhone).toBe(true);
    await act(async () => result.current.choose('wechat'));
    expect(getMobilePayUrl).toHaveBeenCalledWith('P1', 'wechat', '/user/order/pay?no=P1&paid_with=wechat');
    expect(openPayPage).toHaveBeenCalledWith(
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1',
    );
    expect(getQrCode).not.toHaveBeenCalled();
  });

  it('says why when the link cannot be had', async () => {
    screenOf(true);
    vi.mocked(getMobilePayUrl).mockRejectedValueOnce(new Error('本站暂未开通支付宝，请选择其他支付方式'));
    const { result } = render('/user/order/pay?no=P1');
    await act(async () => result.current.choose('alipay'));
    expect(result.current.mobileError).toBe('本站暂未开通支付宝，请选择其他支付方式');
    expect(result.current.isWorking).toBe(false);
    expect(openPayPage).not.toHaveBeenCalled();
  });

  it('waits for the result once the payer came back', async () => {
    screenOf(true);
    const { result } = render('/user/order/pay?no=P1&paid_with=alipay');
    expect(result.current.returnedFrom).toBe('alipay');
    await act(async () => vi.advanceTimersByTimeAsync(4500));
    expect(vi.mocked(queryPayStatus).mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the pay page on a desktop', () => {
  it('keeps the QR code', async () => {
    screenOf(false);
    vi.mocked(getQrCode).mockReturnValue(new Promise(() => undefined));
    const { result } = render('/user/order/pay?no=P1');
    expect(result.current.isPhone).toBe(false);
    await act(async () => result.current.choose('wechat'));
    expect(getQrCode).toHaveBeenCalledWith('P1', 'wechat');
    expect(getMobilePayUrl).not.toHaveBeenCalled();
  });
});
