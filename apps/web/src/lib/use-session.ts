import { useSyncExternalStore } from 'react';
import { session } from './session.ts';
import type { Session } from './session.ts';

/** The tab's session, re-rendering when it changes (login, logout, login expired). */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** How the header names the customer: nickname, else mobile number, else the login account. */
export function displayName(current: Session): string {
  return current.currentInfo?.NickName || current.currentInfo?.MobileNo || current.account || '我的账户';
}
