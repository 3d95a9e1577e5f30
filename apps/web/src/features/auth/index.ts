/**
 * Public face of the auth feature: the app shell's account bar, the phone menu's account card and
 * the login panel, and changing the password (account settings). Pages are loaded by the router directly.
 * The public pages take the account bar, the account card and the login panel from `lazy.ts`
 * instead, as chunks of their own: importing this file would bring their forms and menus along.
 */
export { AccountBar } from './components/account-bar.tsx';
export { AccountCard } from './components/account-card.tsx';
export { changePassword, useChangePassword } from './api/change-password.ts';
