/** The tabs of /user/sys/{t}, in order; `t` names one (readable values), `1` is the first. */
export const ACCOUNT_TABS = [
  { key: 'info', label: '个人资料' },
  { key: 'address', label: '收货地址' },
  { key: 'password', label: '修改密码' },
  { key: 'coupon', label: '优惠券' },
  { key: 'balance', label: '账户余额' },
  { key: 'files', label: '我的文件' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['key'];

/**
 * The tab `t` selects: a tab's key, or its position counted from 1 (`1` → 个人资料, as older links
 * write it); anything else is the first tab.
 */
export function resolveAccountTab(t: string | undefined): AccountTab {
  const byKey = ACCOUNT_TABS.find((tab) => tab.key === t);
  if (byKey) return byKey.key;
  const position = Number(t);
  if (Number.isInteger(position) && position >= 1 && position <= ACCOUNT_TABS.length) {
    return ACCOUNT_TABS[position - 1]!.key;
  }
  return ACCOUNT_TABS[0].key;
}
