/** Public face of the auth feature for the app shell. Pages are loaded by the router directly. */
export { AccountBar } from './components/account-bar.tsx';
export { AuthPanel } from './components/auth-panel.tsx';
