import { StorageKey, longTermTokenKey } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';

/**
 * The browser session of spec §3: appid, app token, access token, company code, logged-in flag,
 * account and current info. Kept in sessionStorage (one tab, gone when the tab closes); only the
 * long-term "记住我" token lives in localStorage, under a company-specific key.
 *
 * With a long-term token, the signed-in customer's display info (`LoginUserInfo`: name, mobile,
 * avatar; no token) is kept beside it in localStorage, so a new tab or window names the customer
 * at once instead of after LoginUserInfo answers; it goes with the long-term token.
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
  /** `currentInfo` came from this browser's cache (spec §3 logged-in user info), not yet asked again. */
  isCurrentInfoCached: boolean;
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
  isCurrentInfoCached: false,
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
  /**
   * Spec §4: clear tokens, logged-in flag and current info (and the stored long-term token and
   * the display info kept with it).
   */
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

/** The cached display info of spec §3's logged-in user info: whose merchant it belongs to, and it. */
interface CachedLoginUserInfo {
  companyCode: string;
  info: LoginUserInfo;
}

/** The cached display info of a customer of `companyCode`, or null. */
export function findCachedLoginUserInfo(storage: Storage, companyCode: string): LoginUserInfo | null {
  try {
    const raw = storage.getItem(StorageKey.LoginUserInfo);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedLoginUserInfo>;
    const info = cached.info;
    if (cached.companyCode !== companyCode || !info || typeof info.CustomerId !== 'number') return null;
    return info;
  } catch {
    return null;
  }
}

/** A session kept in `sessionStorage`, with the long-term token in `localStorage`. */
export function createSessionStore(sessionStore: Storage, localStore: Storage): SessionStore {
  let current = readSession(sessionStore);
  const listeners = new Set<() => void>();

  function longTermKey(): string | null {
    return current.companyCode ? longTermTokenKey(current.companyCode) : null;
  }

  /** Keeps the display info beside this merchant's long-term token while the session holds it. */
  function syncCachedInfo(): void {
    const key = longTermKey();
    if (!current.isLoggedIn || !current.currentInfo || !key) return;
    if (!current.accessToken || localStore.getItem(key) !== current.accessToken) return;
    const cached: CachedLoginUserInfo = { companyCode: current.companyCode, info: current.currentInfo };
    try {
      localStore.setItem(StorageKey.LoginUserInfo, JSON.stringify(cached));
    } catch {
      // Storage full or blocked: the header asks LoginUserInfo as it would without the cache.
    }
  }

  function forgetCachedInfo(): void {
    localStore.removeItem(StorageKey.LoginUserInfo);
  }

  function write(next: Session): void {
    current = next;
    try {
      sessionStore.setItem(StorageKey.Session, JSON.stringify(next));
    } catch {
      // Storage full or blocked (private mode): the in-memory session still works for this page.
    }
    syncCachedInfo();
    for (const listener of listeners) listener();
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
      if (!isLongTerm) forgetCachedInfo();
      write({ ...current, accessToken, isLoggedIn: true, account, currentInfo, isCurrentInfoCached: false });
    },
    clearLogin() {
      const key = longTermKey();
      if (key) localStore.removeItem(key);
      forgetCachedInfo();
      write({
        ...current,
        authToken: '',
        authTokenExpiresAt: 0,
        accessToken: '',
        isLoggedIn: false,
        currentInfo: null,
        isCurrentInfoCached: false,
      });
    },
    restoreLongTermToken() {
      const key = longTermKey();
      const stored = key ? localStore.getItem(key) : null;
      if (!stored || current.accessToken) return;
      const cached = findCachedLoginUserInfo(localStore, current.companyCode);
      write({
        ...current,
        accessToken: stored,
        isLoggedIn: true,
        currentInfo: cached,
        account: cached?.Account ?? current.account,
        isCurrentInfoCached: cached !== null,
      });
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
