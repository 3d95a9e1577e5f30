/** The received coupons' tabs and the receive_list filters of each (docs/addresses-express-coupons.md). */
export const RECEIVED_TABS = [
  { key: 'unused', label: '未使用', count: 'UnusedCount' },
  { key: 'used', label: '已使用', count: 'UsedCount' },
  { key: 'expired', label: '已过期', count: 'ExpiredCount' },
] as const;

export type ReceivedCouponTab = (typeof RECEIVED_TABS)[number]['key'];

export const RECEIVED_TAB_FILTERS: Record<ReceivedCouponTab, { isUse: boolean; isExpire?: boolean }> = {
  unused: { isUse: false, isExpire: false },
  used: { isUse: true },
  expired: { isUse: false, isExpire: true },
};

/** Smallest and largest recharge in yuan (docs/payments.md: 1 – 100,000 元). */
export const RECHARGE_MIN_YUAN = 1;
export const RECHARGE_MAX_YUAN = 100_000;

/** Yuan as typed (at most two decimals) to integer fen, without floating-point drift; null if not a sum. */
export function yuanToFen(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', cents = ''] = match;
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}
