// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { QrCode } from '@inkstone/contracts';
import type { QrPayment } from '../../payment/index.ts';
import { RechargeForm, RechargeQr } from './recharge-steps.tsx';

afterEach(cleanup);

function qrPayment(change: Partial<QrCode>): QrPayment {
  return {
    qr: {
      PaymentNo: 'P9',
      Purpose: 'recharge',
      PayType: 'alipay',
      PayTypeName: '支付宝',
      AmountFen: 10_000,
      QrCode: 'data:image/png;base64,AA',
      CodeUrl: 'http://demo.localhost/pay/simulator/P9?sign=x',
      ExpiresAt: new Date(Date.now() + 300_000).toISOString(),
      ExpiresInSeconds: 300,
      IsSimulated: false,
      ...change,
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
  };
}

describe('RechargeQr', () => {
  it('says 模拟支付 and links the simulator’s page for a simulated code', () => {
    const { container } = render(<RechargeQr qrPayment={qrPayment({ IsSimulated: true })} />);
    expect(screen.getByTestId('simulated-tag').textContent).toBe('模拟支付');
    expect(container.querySelector('.ink-recharge__sim')?.textContent).toContain('不会产生真实扣款');
    expect(container.querySelector('.ink-recharge__sim-link')?.getAttribute('href')).toContain(
      '/pay/simulator/',
    );
  });

  it('shows a real gateway’s code without the mark or the simulator link', () => {
    const { container } = render(<RechargeQr qrPayment={qrPayment({})} />);
    expect(screen.queryByTestId('simulated-tag')).toBeNull();
    expect(container.querySelector('.ink-recharge__sim')).toBeNull();
  });
});

describe('RechargeForm', () => {
  it('shows why no code could be made', () => {
    render(
      <RechargeForm
        amountYuan={100}
        onAmountChange={() => {}}
        payType="wechat"
        onPayTypeChange={() => {}}
        amountFen={10_000}
        isAmountValid
        isIssuing={false}
        onSubmit={() => {}}
        error="本站尚未开通在线支付，请联系商家"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('本站尚未开通在线支付，请联系商家');
  });

  it('offers 微信支付 / 支付宝 buttons that open the app on a phone, and no code to make', () => {
    const opened: string[] = [];
    render(
      <RechargeForm
        amountYuan={500}
        onAmountChange={() => {}}
        payType="wechat"
        onPayTypeChange={() => {}}
        amountFen={50_000}
        isAmountValid
        isIssuing={false}
        onSubmit={() => {}}
        isPhone
        onMobilePay={(payType) => opened.push(payType)}
      />,
    );
    expect(screen.queryByRole('button', { name: /生成付款码/ })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /支付宝（¥500\.00）/ }));
    fireEvent.click(screen.getByRole('button', { name: /微信支付（¥500\.00）/ }));
    expect(opened).toEqual(['alipay', 'wechat']);
  });

  it('does not open the app for an amount out of range', () => {
    render(
      <RechargeForm
        amountYuan={0.5}
        onAmountChange={() => {}}
        payType="wechat"
        onPayTypeChange={() => {}}
        amountFen={50}
        isAmountValid={false}
        isIssuing={false}
        onSubmit={() => {}}
        isPhone
        onMobilePay={() => {
          throw new Error('opened');
        }}
      />,
    );
    expect(screen.getByText(/单次充值 1 – 100000 元/)).toBeTruthy();
    const alipay = screen.getByRole('button', { name: /支付宝/ });
    expect(alipay.hasAttribute('disabled')).toBe(true);
  });
});
