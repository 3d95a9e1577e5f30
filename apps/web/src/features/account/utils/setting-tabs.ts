/** The tabs of version 4's 个人设置 (/user-v4/setting-v4/{t}), in order; `1` is the first. */
export const SETTING_TABS = [
  { key: 'profile', label: '个人资料' },
  { key: 'notify', label: '消息通知' },
  { key: 'display', label: '显示偏好' },
] as const;

export type SettingTab = (typeof SETTING_TABS)[number]['key'];

/** The tab `t` selects: a tab's key or its position counted from 1; anything else the first. */
export function resolveSettingTab(t: string | undefined): SettingTab {
  const byKey = SETTING_TABS.find((tab) => tab.key === t);
  if (byKey) return byKey.key;
  const position = Number(t);
  if (Number.isInteger(position) && position >= 1 && position <= SETTING_TABS.length) {
    return SETTING_TABS[position - 1]!.key;
  }
  return SETTING_TABS[0].key;
}
