import { redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import { BUFFER_ZONE_PATH, PATHS } from '../../lib/paths.ts';
import type { Version } from '../../lib/paths.ts';
import { StartScreen } from '../start-screen.tsx';
import { lazyModules } from './lazy-modules.ts';
import type { RouteDeps } from './route-deps.ts';
import { v1Routes } from './v1-routes.ts';
import { v2Routes } from './v2-routes.ts';
import { v3Routes } from './v3-routes.ts';
import { v4Routes } from './v4-routes.ts';
import { onlyConfiguredVersion } from '../version-gate.ts';

/**
 * /buffer-zone (spec §2): a holding address that forwards to the home of the version the merchant
 * configured (the start screen shows meanwhile): 1 → /index (or /login without a session), 2 → /home-v2, 3 → /home-v3, 4 → /home-v4.
 */
export function bufferZoneTarget(version: Version, isLoggedIn: boolean): string {
  if (version !== 1) return PATHS[version].entry;
  return isLoggedIn ? PATHS[1].workspace : PATHS[1].login;
}

/**
 * All four versions' route trees under one root (spec §2), each served only to a merchant
 * configured for it (version-gate.ts). The root itself is supplied by the
 * caller (layout, error page, start screen), so tests can mount the tree without the app shell.
 */
export function buildRouteTree(deps: RouteDeps): RouteObject[] {
  const versions: [Version, RouteObject[]][] = [
    [1, v1Routes(deps)],
    [2, v2Routes(deps)],
    [3, v3Routes(deps)],
    [4, v4Routes(deps)],
  ];
  return [
    // Each version's routes sit under a gate that serves them only to a merchant configured for
    // that version and sends other visitors to the same page of the merchant's version.
    ...versions.map(([version, children]): RouteObject => ({
      id: `v${version}`,
      loader: onlyConfiguredVersion(version, deps),
      children,
    })),
    {
      path: BUFFER_ZONE_PATH,
      Component: StartScreen,
      loader: async () => {
        await deps.whenStarted();
        throw redirect(bufferZoneTarget(deps.configuredVersion(), deps.isLoggedIn()));
      },
    },
    { path: '*', lazy: lazyModules.notFound },
  ];
}
