import type { NotificationSetting, NotificationSettings } from '@inkstone/contracts';

/** A column of 消息通知: the SMS switch or the site-message switch. */
export type NotificationChannelField = 'Sms' | 'Site';

/** `settings` with one switch of one kind of message turned to `value`; the rest as they were. */
export function withChoice(
  settings: NotificationSettings,
  kind: NotificationSetting['Kind'],
  channel: NotificationChannelField,
  value: boolean,
): NotificationSettings {
  return { Items: settings.Items.map((item) => (item.Kind === kind ? { ...item, [channel]: value } : item)) };
}
