import { useSyncExternalStore } from 'react';
import type { CompanyInfo } from '@inkstone/contracts';

/**
 * Client state of the app shell: the merchant's company info (spec §3) and the initialised flag
 * of the start sequence (spec §4).
 */
export interface AppState {
  companyInfo: CompanyInfo | null;
  isInitialised: boolean;
}

let state: AppState = { companyInfo: null, isInitialised: false };
const listeners = new Set<() => void>();

export const appState = {
  get: (): AppState => state,
  set(change: Partial<AppState>): void {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppState(): AppState {
  return useSyncExternalStore(appState.subscribe, appState.get, appState.get);
}

/** The merchant's interface version (spec §1), 1 until the company info is known. */
export function configuredVersion(info: CompanyInfo | null): 1 | 2 | 3 | 4 {
  const version = info?.InterfaceVersion ?? info?.Config.InterfaceVersion ?? 1;
  return version === 2 || version === 3 || version === 4 ? version : 1;
}
