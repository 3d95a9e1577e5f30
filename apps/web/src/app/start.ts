import type { CompanyInfo } from '@inkstone/contracts';
import { merchantsCalls } from '@inkstone/contracts';
import { api } from '../lib/api-client.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { findCachedCompanyInfo, saveCompanyInfo } from '../lib/company-cache.ts';
import { appState } from '../lib/company.ts';
import { browserStorage, session } from '../lib/session.ts';
import type { SessionStore } from '../lib/session.ts';
import { loadProductCategories } from '../features/catalogue/load-categories.ts';

export interface StartDeps {
  api: ApiClient;
  session: SessionStore;
  /** Where the per-day company info cache lives (localStorage). */
  cache: Storage;
  host: string;
  now(): Date;
  /** Start-sequence hook point for the catalogue (spec §4). */
  loadCategories(): Promise<void>;
  /** Told as soon as the app token is there, before the categories load. */
  onAppToken?(): void;
}

/** Spec §3: company info by host, from today's cache or from CheckDomainName. */
async function obtainCompanyInfo(deps: StartDeps): Promise<CompanyInfo> {
  const cached = findCachedCompanyInfo(deps.cache, deps.host, deps.now());
  if (cached) return cached;
  const info = await deps.api.call(
    merchantsCalls.CheckDomainName,
    { domainName: deps.host },
    { useToken: false, ignoreAlert: true },
  );
  saveCompanyInfo(deps.cache, deps.host, info, deps.now());
  return info;
}

/**
 * The start sequence of spec §4: company info by host → session (appid, company code, long-term
 * token) → app token → product categories → initialised.
 */
export async function runStartSequence(deps: StartDeps): Promise<void> {
  const info = await obtainCompanyInfo(deps);
  appState.set({ companyInfo: info });

  const current = deps.session.get();
  if (current.companyCode && current.companyCode !== info.DomainName) deps.session.clearLogin();
  deps.session.patch({ appid: info.AppId, companyCode: info.DomainName });
  deps.session.restoreLongTermToken();

  await deps.api.ensureAppToken();
  deps.onAppToken?.();
  await deps.loadCategories();
  appState.set({ isInitialised: true });
}

let started: Promise<void> | null = null;
/** Settles when the current start sequence holds the app token (or has failed before it). */
let appTokenReady: Promise<void> = Promise.resolve();

/** Runs the start sequence once per page load; every guard waits for it. A failure may be retried. */
export function startApp(): Promise<void> {
  if (started) return started;
  let tokenArrived = () => {};
  let tokenFailed: (error: unknown) => void = () => {};
  appTokenReady = new Promise<void>((resolve, reject) => {
    tokenArrived = resolve;
    tokenFailed = reject;
  });
  appTokenReady.catch(() => undefined);
  started = runStartSequence({
    api,
    session,
    cache: browserStorage('localStorage'),
    host: globalThis.location.hostname,
    now: () => new Date(),
    loadCategories: loadProductCategories,
    onAppToken: tokenArrived,
  }).catch((error: unknown) => {
    started = null;
    tokenFailed(error);
    throw error;
  });
  return started;
}

/**
 * Resolves as soon as the start sequence holds the app token, while the categories may still be
 * loading: the reads a page can make with the token alone (a home page's layout and banners) start
 * there instead of after the whole sequence (docs/website.md, Performance).
 */
export function whenAppToken(): Promise<void> {
  startApp().catch(() => undefined);
  return appTokenReady;
}
