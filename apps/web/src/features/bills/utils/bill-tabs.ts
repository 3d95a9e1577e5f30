import type { BillType } from '../api/query-customer-bill.ts';

/** The tabs of /user/bill/{t}: `t` names the type (`all`, `payment`, …); `1` is the first. */
export const BILL_TABS = [
  { key: 'all', label: '全部', type: '' },
  { key: 'payment', label: '订单支付', type: 'payment' },
  { key: 'recharge', label: '充值', type: 'recharge' },
  { key: 'refund', label: '退款', type: 'refund' },
  { key: 'adjustment', label: '调整', type: 'adjustment' },
] as const satisfies readonly { key: string; label: string; type: BillType }[];

export type BillTab = (typeof BILL_TABS)[number];

export function resolveBillTab(t: string | undefined): BillTab {
  const byKey = BILL_TABS.find((tab) => tab.key === t);
  if (byKey) return byKey;
  const position = Number(t);
  if (Number.isInteger(position) && position >= 1 && position <= BILL_TABS.length)
    return BILL_TABS[position - 1]!;
  return BILL_TABS[0];
}
