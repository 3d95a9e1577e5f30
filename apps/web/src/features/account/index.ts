/**
 * Public face of the account settings (/user/sys/{t}) and version 4's 个人设置 (/user-v4/setting-v4/{t}):
 * their panels and tabs, and the customer's coupons judged for an order, for checkout.
 */
import './components/account.css';

export { ProfilePanel } from './components/profile-panel.tsx';
export { PasswordPanel } from './components/password-panel.tsx';
export { CouponsPanel } from './components/coupons-panel.tsx';
export { BalancePanel } from './components/balance-panel.tsx';
export { DisplayPreferencesPanel } from './components/display-preferences-panel.tsx';
export { ProfileEditor } from './components/profile-editor.tsx';
export { NotificationSettingsPanel } from './components/notification-settings-panel.tsx';
export { ACCOUNT_TABS, resolveAccountTab } from './utils/account-tabs.ts';
export { SETTING_TABS, resolveSettingTab } from './utils/setting-tabs.ts';
export type { AccountTab } from './utils/account-tabs.ts';
export { receiveList, useCheckoutCoupons } from './api/receive-list.ts';
export { useReceiveCoupon } from './api/receive-coupon.ts';
export { useWaitReceiveList } from './api/wait-receive-list.ts';
export type { CouponParams } from './api/receive-list.ts';
