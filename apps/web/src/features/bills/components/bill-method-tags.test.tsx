// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { BillEntry } from '@inkstone/contracts';
import { BillMethodTags } from './bill-method-tags.tsx';

afterEach(cleanup);

function entry(change: Partial<BillEntry>): BillEntry {
  return {
    Id: 1,
    Type: 'recharge',
    TypeName: '余额充值',
    PayMethod: 'wechat',
    PayMethodName: '微信支付',
    AmountFen: 10_000,
    BalanceChangeFen: 10_000,
    BalanceAfterFen: 10_000,
    OrderId: null,
    OrderNos: [],
    PaymentNo: 'P1',
    Remark: '',
    IsSimulated: false,
    CreatedAt: '2026-11-21T02:00:00.000Z',
    ...change,
  };
}

describe('BillMethodTags', () => {
  it('says 模拟支付 beside money the simulator moved', () => {
    const { container } = render(<BillMethodTags entry={entry({ IsSimulated: true })} />);
    expect([...container.querySelectorAll('.ink-bill__method')].map((tag) => tag.textContent)).toEqual([
      '微信支付',
      '模拟支付',
    ]);
  });

  it('shows only the method of real money', () => {
    const { container } = render(
      <BillMethodTags entry={entry({ PayMethod: 'balance', PayMethodName: '余额支付' })} />,
    );
    expect(container.textContent).toBe('余额支付');
  });
});
