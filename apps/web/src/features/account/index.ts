/**
 * Public face of the account settings (/user/sys/{t}): its panels and tabs, for the account page,
 * and the customer's coupons judged for an order, for checkout.
 */
import './components/account.css';

export { ProfilePanel } from './components/profile-panel.tsx';
export { PasswordPanel } from './components/password-panel.tsx';
export { CouponsPanel } from './components/coupons-panel.tsx';
export { BalancePanel } from './components/balance-panel.tsx';
export { ACCOUNT_TABS, resolveAccountTab } from './utils/account-tabs.ts';
export type { AccountTab } from './utils/account-tabs.ts';
export { receiveList, useCheckoutCoupons } from './api/receive-list.ts';
export type { CouponParams } from './api/receive-list.ts';
