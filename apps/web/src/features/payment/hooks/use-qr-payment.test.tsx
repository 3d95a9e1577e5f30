// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayStatus, QrCode } from '@inkstone/contracts';
import { queryPayStatus } from '../api/query-pay-status.ts';
import type * as PayStatusCalls from '../api/query-pay-status.ts';
import { getQrCodeRefresh } from '../api/get-qrcode-refresh.ts';
import { useQrPayment } from './use-qr-payment.ts';
import type { UseQrPaymentOptions } from './use-qr-payment.ts';

vi.mock('../api/query-pay-status.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PayStatusCalls>()),
  queryPayStatus: vi.fn(),
}));
vi.mock('../api/get-qrcode-refresh.ts', () => ({ getQrCodeRefresh: vi.fn() }));

const START = Date.parse('2026-11-21T02:00:00Z');

function code(paymentNo: string, expiresInSeconds: number, image = 'data:image/png;base64,AA'): QrCode {
  return {
    PaymentNo: paymentNo,
    Purpose: 'recharge',
    PayType: 'wechat',
    PayTypeName: '微信支付',
    AmountFen: 10_000,
    QrCode: image,
    CodeUrl: `/pay/simulator/${paymentNo}`,
    ExpiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
    ExpiresInSeconds: expiresInSeconds,
    IsSimulated: true,
  };
}

function status(paymentNo: string, change: Partial<PayStatus> = {}): PayStatus {
  return {
    PaymentNo: paymentNo,
    Purpose: 'recharge',
    Status: 'pending',
    StatusName: '待支付',
    CloseReason: null,
    ExpiresAt: '2026-11-22T02:00:00.000Z',
    IsPaid: false,
    AmountFen: 10_000,
    PayMethod: '',
    PayMethodName: '',
    PaidAt: null,
    QrExpiresAt: null,
    IsQrExpired: false,
    OrderIds: [],
    BalanceFen: 0,
    Methods: ['wechat', 'alipay'],
    IsSimulated: true,
    WechatJsapi: false,
    ...change,
  };
}

const asked = vi.mocked(queryPayStatus);
const refreshed = vi.mocked(getQrCodeRefresh);

function renderQrPayment(options: UseQrPaymentOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useQrPayment(options), { wrapper });
}

/** Lets `ms` pass, with React and the query cache catching up. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  asked.mockReset();
  refreshed.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useQrPayment', () => {
  it('asks nothing before a code is issued, then polls every 2 s and reports the payment once', async () => {
    const onPaid = vi.fn();
    asked.mockResolvedValue(status('P1'));
    const { result } = renderQrPayment({ onPaid });
    await pass(5000);
    expect(asked).not.toHaveBeenCalled();
    expect(result.current.qr).toBeNull();

    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P1', 300)));
    });
    await pass(0);
    expect(result.current.qr?.PaymentNo).toBe('P1');
    expect(asked).toHaveBeenCalledWith('P1');
    const first = asked.mock.calls.length;
    await pass(4000);
    expect(asked.mock.calls.length).toBe(first + 2);

    asked.mockResolvedValue(status('P1', { Status: 'paid', IsPaid: true, BalanceFen: 10_000 }));
    await pass(2000);
    expect(result.current.isPaid).toBe(true);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onPaid.mock.calls[0]![0]).toMatchObject({ PaymentNo: 'P1', BalanceFen: 10_000 });

    // Paid: no more asking, and no second report.
    const paidCalls = asked.mock.calls.length;
    await pass(10_000);
    expect(asked.mock.calls.length).toBe(paidCalls);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('counts down to the code’s expiry, then refreshes it and counts again', async () => {
    asked.mockResolvedValue(status('P2'));
    const { result } = renderQrPayment();
    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P2', 5)));
    });
    await pass(1000);
    expect(result.current.secondsLeft).toBeCloseTo(4);
    expect(result.current.isExpired).toBe(false);

    await pass(5000);
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.isExpired).toBe(true);

    refreshed.mockResolvedValue(code('P2', 300, 'data:image/png;base64,BB'));
    await act(async () => {
      await result.current.refresh();
    });
    expect(refreshed).toHaveBeenCalledWith('P2', 'wechat');
    await pass(1000);
    expect(result.current.qr?.QrCode).toBe('data:image/png;base64,BB');
    expect(result.current.isExpired).toBe(false);
    expect(result.current.secondsLeft).toBeGreaterThan(290);
  });

  it('keeps the expired code when the refresh fails, and shows none when issuing fails', async () => {
    asked.mockResolvedValue(status('P3', { IsQrExpired: true }));
    const { result } = renderQrPayment();
    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P3', 300)));
    });
    await pass(0);
    expect(result.current.isExpired).toBe(true);

    refreshed.mockRejectedValue(new Error('网络异常'));
    await act(async () => {
      await result.current.refresh();
    });
    expect(result.current.qr?.PaymentNo).toBe('P3');
    expect(result.current.isRefreshing).toBe(false);

    await act(async () => {
      await result.current.issue(() => Promise.reject(new Error('网络异常')));
    });
    expect(result.current.qr).toBeNull();
    expect(result.current.isIssuing).toBe(false);
  });

  it('keeps why a code was refused until the next try, and forgets it on clear', async () => {
    asked.mockResolvedValue(status('P7'));
    const { result } = renderQrPayment();
    expect(result.current.error).toBeNull();
    await act(async () => {
      await result.current.issue(() => Promise.reject(new Error('本站尚未开通在线支付，请联系商家')));
    });
    expect(result.current.error).toBe('本站尚未开通在线支付，请联系商家');
    expect(result.current.qr).toBeNull();

    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P7', 300)));
    });
    expect(result.current.error).toBeNull();
    expect(result.current.qr?.PaymentNo).toBe('P7');

    await act(async () => {
      await result.current.issue(() => Promise.reject(new Error('网络异常')));
    });
    expect(result.current.error).toBe('网络异常');
    act(() => result.current.clear());
    expect(result.current.error).toBeNull();
  });

  it('stops asking when the server says the code expired or the payment closed', async () => {
    asked.mockResolvedValue(status('P4', { IsQrExpired: true }));
    const { result } = renderQrPayment();
    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P4', 300)));
    });
    await pass(0);
    const calls = asked.mock.calls.length;
    await pass(10_000);
    expect(asked.mock.calls.length).toBe(calls);
    expect(result.current.isExpired).toBe(true);
  });

  it('follows a given payment before any code, and polls only while a code is shown', async () => {
    asked.mockResolvedValue(status('P5', { Purpose: 'orders' }));
    const { result } = renderQrPayment({ paymentNo: 'P5' });
    await pass(0);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(result.current.status.data?.PaymentNo).toBe('P5');
    await pass(10_000);
    expect(asked).toHaveBeenCalledTimes(1);

    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P5', 300)));
    });
    await pass(4000);
    expect(asked.mock.calls.length).toBeGreaterThanOrEqual(3);

    act(() => result.current.clear());
    await pass(0);
    const calls = asked.mock.calls.length;
    await pass(10_000);
    expect(asked.mock.calls.length).toBe(calls);
  });

  it('stops polling and ignores a late code once the screen is gone', async () => {
    asked.mockResolvedValue(status('P6'));
    const { result, unmount } = renderQrPayment();
    await act(async () => {
      await result.current.issue(() => Promise.resolve(code('P6', 300)));
    });
    await pass(2000);
    let late: (value: QrCode) => void = () => {};
    void result.current.issue(() => new Promise<QrCode>((resolve) => (late = resolve)));
    unmount();
    const calls = asked.mock.calls.length;
    late(code('P7', 300));
    await pass(10_000);
    expect(asked.mock.calls.length).toBe(calls);
    expect(asked).not.toHaveBeenCalledWith('P7');
    // No countdown left ticking once the cache has let the query go.
    await pass(10 * 60_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
