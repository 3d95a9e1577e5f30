// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { PayStatus, QrCode } from '@inkstone/contracts';
import type { QrPayment } from '../hooks/use-qr-payment.ts';
import { PayNotices, payMethodLabel } from './pay-notices.tsx';
import { QrPay } from './qr-pay.tsx';

afterEach(cleanup);

function status(change: Partial<PayStatus> = {}): PayStatus {
  return {
    PaymentNo: 'P1',
    Purpose: 'orders',
    Status: 'pending',
    StatusName: '待支付',
    CloseReason: null,
    ExpiresAt: '2026-11-22T02:00:00.000Z',
    IsPaid: false,
    AmountFen: 12_800,
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
    ...change,
  };
}

function qrPayment(change: Partial<QrPayment>, qr: Partial<QrCode> | null = {}): QrPayment {
  return {
    qr:
      qr === null
        ? null
        : {
            PaymentNo: 'P1',
            Purpose: 'orders',
            PayType: 'wechat',
            PayTypeName: '微信支付',
            AmountFen: 12_800,
            QrCode: 'data:image/png;base64,AA',
            CodeUrl: 'http://demo.localhost/pay/simulator/P1?sign=x',
            ExpiresAt: new Date(Date.now() + 300_000).toISOString(),
            ExpiresInSeconds: 300,
            IsSimulated: false,
            ...qr,
          },
    status: {} as QrPayment['status'],
    isPaid: false,
    isClosed: false,
    isExpired: false,
    secondsLeft: 300,
    isIssuing: false,
    isRefreshing: false,
    error: null,
    issue: async () => {},
    refresh: async () => {},
    clear: () => {},
    ...change,
  };
}

describe('PayNotices', () => {
  it('says 模拟支付 plainly when the simulator takes QR payments', () => {
    render(<PayNotices pay={status({ IsSimulated: true })} />);
    expect(screen.getByRole('alert').textContent).toContain('模拟支付');
    expect(screen.getByRole('alert').textContent).toContain('不会产生真实扣款');
  });

  it('says nothing for a real gateway', () => {
    const { container } = render(<PayNotices pay={status()} />);
    expect(container.textContent).toBe('');
  });

  it('says there is no online payment, and that the balance pays, when the merchant has no gateway', () => {
    render(<PayNotices pay={status({ Methods: ['balance'] })} />);
    const alert = screen.getByRole('alert').textContent;
    expect(alert).toContain('本站尚未开通在线支付，请联系商家');
    expect(alert).toContain('余额支付');
  });

  it('says nothing once the payment is paid or closed', () => {
    const over: Partial<PayStatus>[] = [
      { Status: 'paid', IsPaid: true, Methods: [], IsSimulated: true },
      { Status: 'closed', Methods: [] },
    ];
    for (const change of over) {
      const { container } = render(<PayNotices pay={status(change)} />);
      expect(container.textContent).toBe('');
      cleanup();
    }
  });
});

describe('payMethodLabel', () => {
  it('adds 模拟支付 to a simulated method only', () => {
    expect(payMethodLabel('微信支付', true)).toBe('微信支付（模拟支付）');
    expect(payMethodLabel('余额支付', false)).toBe('余额支付');
  });
});

describe('QrPay', () => {
  it('marks a simulated QR code 模拟支付 and names its page', () => {
    render(<QrPay qrPayment={qrPayment({}, { IsSimulated: true })} isWorking={false} />);
    expect(screen.getByTestId('simulated-tag').textContent).toBe('模拟支付');
    expect(screen.getByTestId('qr-code-url').textContent).toContain('模拟支付页面');
  });

  it('shows the waiting spinner outside any paragraph (a <div> inside a <p> is not valid HTML)', () => {
    const { container } = render(<QrPay qrPayment={qrPayment({})} isWorking={false} />);
    expect(screen.getByTestId('qr-waiting').textContent).toContain('正在等待支付结果');
    expect(container.querySelector('p div')).toBeNull();
  });

  it('shows a real gateway’s code without the mark', () => {
    render(<QrPay qrPayment={qrPayment({})} isWorking={false} />);
    expect(screen.queryByTestId('simulated-tag')).toBeNull();
    expect(screen.getByTestId('qr-code-url').textContent).not.toContain('模拟');
  });

  it('shows why no code could be issued', () => {
    render(
      <QrPay qrPayment={qrPayment({ error: '本站尚未开通在线支付，请联系商家' }, null)} isWorking={false} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('本站尚未开通在线支付，请联系商家');
  });
});
