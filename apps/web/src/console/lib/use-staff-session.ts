import { useSyncExternalStore } from 'react';
import { staffSession, type StaffSession } from './staff-session.ts';

/** The signed-in staff member's session, or null; re-renders when it changes. */
export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(
    (listener) => staffSession.subscribe(listener),
    () => staffSession.get(),
  );
}
