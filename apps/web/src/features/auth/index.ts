/**
 * Public face of the auth feature: the app shell's account bar and login panel, and changing the
 * password (account settings). Pages are loaded by the router directly.
 */
export { AccountBar } from './components/account-bar.tsx';
export { AuthPanel } from './components/auth-panel.tsx';
export { changePassword, useChangePassword } from './api/change-password.ts';
