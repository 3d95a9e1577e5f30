import { StorageKey, longTermTokenKey } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';

/**
 * The browser session of spec §3: appid, app token, access token, company code, logged-in flag,
 * account and current info. Kept in sessionStorage (one tab, gone when the tab closes); only the
 * long-term "记住我" token lives in localStorage, under a company-specific key.
 *
 * The spec's session also lists the password. We never keep a password in browser storage: the
 * field is left out, so "clear the password" (spec §4) has nothing to clear.
 */
export interface Session {
  appid: string;
  /** App token from RequestOauthToken, sent as header `authtoken`. */
  authToken: string;
  /** When the app token stops working, in ms since the epoch; 0 when unknown. */
  authTokenExpiresAt: number;
  /** Customer token from RequestAccessToken, sent as header `accesstoken`. */
  accessToken: string;
  /** Merchant code, sent as header `domainname`. */
  companyCode: string;
  isLoggedIn: boolean;
  account: string;
  currentInfo: LoginUserInfo | null;
}

export const EMPTY_SESSION: Session = {
  appid: '',
  authToken: '',
  authTokenExpiresAt: 0,
  accessToken: '',
  companyCode: '',
  isLoggedIn: false,
  account: '',
  currentInfo: null,
};

export interface SessionStore {
  get(): Session;
  patch(change: Partial<Session>): void;
  subscribe(listener: () => void): () => void;
  /** Login succeeded: keep the access token, and the long-term token when the server issued one. */
  signIn(input: {
    accessToken: string;
    isLongTerm: boolean;
    account: string;
    currentInfo: LoginUserInfo | null;
  }): void;
  /** Spec §4: clear tokens, logged-in flag and current info (and the stored long-term token). */
  clearLogin(): void;
  /** Spec §4: at start, a stored long-term token becomes the session's access token. */
  restoreLongTermToken(): void;
}

function readSession(storage: Storage): Session {
  try {
    const raw = storage.getItem(StorageKey.Session);
    if (!raw) return { ...EMPTY_SESSION };
    return { ...EMPTY_SESSION, ...(JSON.parse(raw) as Partial<Session>) };
  } catch {
    return { ...EMPTY_SESSION };
  }
}

/** A session kept in `sessionStorage`, with the long-term token in `localStorage`. */
export function createSessionStore(sessionStore: Storage, localStore: Storage): SessionStore {
  let current = readSession(sessionStore);
  const listeners = new Set<() => void>();

  function write(next: Session): void {
    current = next;
    try {
      sessionStore.setItem(StorageKey.Session, JSON.stringify(next));
    } catch {
      // Storage full or blocked (private mode): the in-memory session still works for this page.
    }
    for (const listener of listeners) listener();
  }

  function longTermKey(): string | null {
    return current.companyCode ? longTermTokenKey(current.companyCode) : null;
  }

  return {
    get: () => current,
    patch: (change) => write({ ...current, ...change }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn({ accessToken, isLongTerm, account, currentInfo }) {
      const key = longTermKey();
      if (key) {
        if (isLongTerm) localStore.setItem(key, accessToken);
        else localStore.removeItem(key);
      }
      write({ ...current, accessToken, isLoggedIn: true, account, currentInfo });
    },
    clearLogin() {
      const key = longTermKey();
      if (key) localStore.removeItem(key);
      write({
        ...current,
        authToken: '',
        authTokenExpiresAt: 0,
        accessToken: '',
        isLoggedIn: false,
        currentInfo: null,
      });
    },
    restoreLongTermToken() {
      const key = longTermKey();
      const stored = key ? localStore.getItem(key) : null;
      if (stored && !current.accessToken) write({ ...current, accessToken: stored, isLoggedIn: true });
    },
  };
}

/** A Storage kept in memory, for environments without web storage. */
export function createMemoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/** The browser's storage, or one in memory where web storage is missing or blocked. */
export function browserStorage(name: 'sessionStorage' | 'localStorage'): Storage {
  try {
    const storage = globalThis[name];
    if (storage) return storage;
  } catch {
    // Access to web storage can throw when cookies are blocked.
  }
  return createMemoryStorage();
}

/** The session of this tab. */
export const session: SessionStore = createSessionStore(
  browserStorage('sessionStorage'),
  browserStorage('localStorage'),
);
