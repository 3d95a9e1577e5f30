import type { StaffInfo } from '@inkstone/contracts';

/** A signed-in staff member of this merchant's console, as this browser keeps it. */
export interface StaffSession {
  token: string;
  /** ISO time the server said the token ends. */
  expiresAt: string;
  staff: StaffInfo;
}

/**
 * The storage key of the console's session on this merchant's host. Each merchant has a host of
 * its own, so browsers keep their sessions apart anyway; the host in the name also keeps a
 * session from being read on another merchant served at the same origin (a proxy, a test).
 */
export function consoleSessionKey(host: string = location.host): string {
  return `inkstone_console_session_${host.toLowerCase()}`;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StaffSession | null | undefined;

function isSession(value: unknown): value is StaffSession {
  if (!value || typeof value !== 'object') return false;
  const session = value as Partial<StaffSession>;
  return typeof session.token === 'string' && session.token !== '' && !!session.staff;
}

function readStored(): StaffSession | null {
  for (const storage of [sessionStorage, localStorage]) {
    try {
      const value: unknown = JSON.parse(storage.getItem(consoleSessionKey()) ?? 'null');
      if (isSession(value) && Date.parse(value.expiresAt) > Date.now()) return value;
      storage.removeItem(consoleSessionKey());
    } catch {
      storage.removeItem(consoleSessionKey());
    }
  }
  return null;
}

/** The staff session: tab-only (sessionStorage) unless 保持登录 was ticked (localStorage). */
export const staffSession = {
  get(): StaffSession | null {
    if (current === undefined) current = readStored();
    return current;
  },
  /** Keeps a new session; `remember` keeps it after the browser closes (until the token ends). */
  set(session: StaffSession, remember: boolean): void {
    this.clear();
    (remember ? localStorage : sessionStorage).setItem(consoleSessionKey(), JSON.stringify(session));
    current = session;
    listeners.forEach((listener) => listener());
  },
  /** The same session with the staff member as the server now describes them (roles may change). */
  update(staff: StaffInfo): void {
    const session = this.get();
    if (!session) return;
    const next = { ...session, staff };
    const storage = localStorage.getItem(consoleSessionKey()) ? localStorage : sessionStorage;
    storage.setItem(consoleSessionKey(), JSON.stringify(next));
    current = next;
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    sessionStorage.removeItem(consoleSessionKey());
    localStorage.removeItem(consoleSessionKey());
    current = null;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
