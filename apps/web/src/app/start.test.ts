// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey, longTermTokenKey } from '@inkstone/contracts';
import type { CompanyInfo, LoginUserInfo } from '@inkstone/contracts';
import { createApiClient } from '../lib/api-client.ts';
import { appState } from '../lib/company.ts';
import { createMemoryStorage, createSessionStore } from '../lib/session.ts';
import type { SessionStore } from '../lib/session.ts';
import { displayName } from '../lib/use-session.ts';
import { runStartSequence } from './start.ts';
import type { StartDeps } from './start.ts';

const COMPANY: CompanyInfo = {
  Domain: 'demo.localhost',
  DomainName: 'demo',
  CompanyName: '演示印刷有限公司',
  ReaderPreviewDomain: '',
  ThemePreference: 2,
  InterfaceVersion: 1,
  AppId: 'web-demo',
  AppSecret: 'secret-demo',
  Config: { WebSiteName: '演示印刷', ThemePreference: 2, InterfaceVersion: 1 },
};

let cache: Storage;
let local: Storage;
let session: SessionStore;
let paths: string[];

function startDeps(today: Date, loadCategories = vi.fn(() => Promise.resolve())): StartDeps {
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = String(input);
    paths.push(path);
    const data =
      path === '/api/common/CheckDomainName'
        ? COMPANY
        : { Token: 'app-token', ExpiresIn: 7200, ExpiresAt: '' };
    return new Response(JSON.stringify({ success: true, data, message: '成功', apiCode: 0 }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const api = createApiClient({
    fetch: fetchImpl,
    session,
    getAppCredentials: () => {
      const info = appState.get().companyInfo;
      return info ? { appId: info.AppId, appSecret: info.AppSecret } : null;
    },
    showError: () => undefined,
    onLoginExpired: () => undefined,
  });
  return { api, session, cache, host: 'demo.localhost', now: () => today, loadCategories };
}

beforeEach(() => {
  cache = createMemoryStorage();
  local = cache;
  session = createSessionStore(createMemoryStorage(), local);
  paths = [];
  appState.set({ companyInfo: null, isInitialised: false });
});

describe('the start sequence', () => {
  it('gets the company by host, then the app token, then categories, then marks the app initialised', async () => {
    const loadCategories = vi.fn(() => {
      expect(session.get().authToken).toBe('app-token');
      return Promise.resolve();
    });
    await runStartSequence(startDeps(new Date(2025, 4, 20, 9), loadCategories));
    expect(paths).toEqual(['/api/common/CheckDomainName', '/api/oauth/RequestOauthToken']);
    expect(loadCategories).toHaveBeenCalledTimes(1);
    expect(appState.get()).toMatchObject({
      isInitialised: true,
      companyInfo: { CompanyName: '演示印刷有限公司' },
    });
    expect(session.get()).toMatchObject({ appid: 'web-demo', companyCode: 'demo' });
  });

  it('tells of the app token before the categories have loaded', async () => {
    let finishCategories = () => {};
    const loadCategories = vi.fn(() => new Promise<void>((resolve) => (finishCategories = resolve)));
    const deps = startDeps(new Date(2025, 4, 20, 9), loadCategories);
    const tokenArrived = new Promise<string | null>((resolve) => {
      deps.onAppToken = () => resolve(session.get().authToken);
    });
    const started = runStartSequence(deps);
    expect(await tokenArrived).toBe('app-token');
    expect(appState.get().isInitialised).toBe(false);
    finishCategories();
    await started;
    expect(appState.get().isInitialised).toBe(true);
  });

  it('uses the cached company info for the rest of the day and asks again the next day', async () => {
    await runStartSequence(startDeps(new Date(2025, 4, 20, 9)));
    paths = [];
    await runStartSequence(startDeps(new Date(2025, 4, 20, 23, 59)));
    expect(paths).not.toContain('/api/common/CheckDomainName');
    await runStartSequence(startDeps(new Date(2025, 4, 21, 0, 1)));
    expect(paths).toContain('/api/common/CheckDomainName');
  });

  it('restores the long-term token of this merchant into the session', async () => {
    local.setItem(longTermTokenKey('demo'), 'remembered-token');
    local.setItem(longTermTokenKey('other'), 'someone-else');
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(session.get()).toMatchObject({ accessToken: 'remembered-token', isLoggedIn: true });
  });

  it('starts signed out without a long-term token', async () => {
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(session.get()).toMatchObject({ accessToken: '', isLoggedIn: false });
  });
});

const CUSTOMER: LoginUserInfo = {
  CustomerId: 7,
  Account: '13800138000',
  MobileNo: '13800138000',
  NickName: '张经理',
  CompanyCode: 'demo',
  CreateTime: '2025-05-01 10:00:00',
  LastLoginTime: null,
  Avatar: null,
};

/** A tab of this browser that signed in as CUSTOMER of `companyCode`. */
function signInInAnotherTab(isLongTerm: boolean, companyCode = 'demo'): SessionStore {
  const tab = createSessionStore(createMemoryStorage(), local);
  tab.patch({ appid: 'web-demo', companyCode });
  tab.signIn({
    accessToken: 'remembered-token',
    isLongTerm,
    account: CUSTOMER.Account,
    currentInfo: CUSTOMER,
  });
  return tab;
}

describe('the logged-in user info kept with the long-term token (spec §3)', () => {
  it('names a remembered customer in a new tab at once, and asks LoginUserInfo again', async () => {
    signInInAnotherTab(true);
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(displayName(session.get())).toBe('张经理');
    expect(session.get()).toMatchObject({ isLoggedIn: true, isCurrentInfoCached: true });

    session.patch({ currentInfo: { ...CUSTOMER, NickName: '张总' }, isCurrentInfoCached: false });
    const nextTab = createSessionStore(createMemoryStorage(), local);
    nextTab.patch({ companyCode: 'demo' });
    nextTab.restoreLongTermToken();
    expect(displayName(nextTab.get())).toBe('张总');
  });

  it('keeps nothing when the customer did not ask to be remembered', async () => {
    signInInAnotherTab(true);
    signInInAnotherTab(false);
    expect(local.getItem(StorageKey.LoginUserInfo)).toBeNull();
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(session.get()).toMatchObject({ isLoggedIn: false, currentInfo: null });
  });

  it('forgets the name on sign-out', async () => {
    signInInAnotherTab(true).clearLogin();
    expect(local.getItem(StorageKey.LoginUserInfo)).toBeNull();
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(displayName(session.get())).toBe('我的账户');
  });

  it('never names a customer of another merchant', async () => {
    signInInAnotherTab(true, 'other');
    local.setItem(longTermTokenKey('demo'), 'demo-token');
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(session.get()).toMatchObject({ isLoggedIn: true, currentInfo: null, isCurrentInfoCached: false });
  });

  it('forgets the name when this address turns out to serve another merchant', async () => {
    const tab = signInInAnotherTab(true, 'other');
    session = tab;
    await runStartSequence(startDeps(new Date(2025, 4, 20)));
    expect(local.getItem(StorageKey.LoginUserInfo)).toBeNull();
    expect(session.get()).toMatchObject({ companyCode: 'demo', isLoggedIn: false, currentInfo: null });
  });
});
