import { useMatches } from 'react-router';
import type { UIMatch } from 'react-router';
import { appState, configuredVersion } from './company.ts';
import { SITES } from './sites.ts';
import type { Version, VersionSite } from './sites.ts';

/** What a route tells the shell about itself (React Router `handle`). */
export interface RouteHandle {
  version?: Version;
  requiresLogin?: boolean;
  /** Version 4's navigation meta (spec §2): nav bar colour, side panel style, nav index. */
  nav?: NavMeta;
}

export interface NavMeta {
  barColor: 'brand' | 'light';
  sidePanel: 'none' | 'account';
  /** Index of the active item in the version's nav; -1 for none. */
  index: number;
}

/** The version of the deepest matched route that names one. */
export function versionOfMatches(matches: readonly Pick<UIMatch, 'handle'>[]): Version | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.version) return handle.version;
  }
  return null;
}

/** The handle of the page being shown (the deepest match). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined) ?? {};
}

/** The version whose page is shown, else the merchant's configured one, and its addresses. */
export function useVersionSite(): VersionSite {
  const matches = useMatches();
  const version = versionOfMatches(matches) ?? configuredVersion(appState.get().companyInfo);
  return SITES[version];
}
