import { createBrowserRouter } from 'react-router';
import type { DataRouter } from 'react-router';
import { appState, configuredVersion } from '../lib/company.ts';
import { registerLoginRedirect } from '../lib/navigation.ts';
import { session } from '../lib/session.ts';
import { versionOfMatches } from '../lib/route-handle.ts';
import { loginRedirectTarget } from './guard.ts';
import { RootError } from './root-error.tsx';
import { RootLayout } from './root-layout.tsx';
import { buildRouteTree } from './routes/route-tree.ts';
import type { RouteDeps } from './routes/route-deps.ts';
import { StartScreen } from './start-screen.tsx';
import { startApp } from './start.ts';
import { catalogueStore } from '../features/catalogue/catalogue-store.ts';
import { firstProductPath } from '../features/catalogue/category-paths.ts';

const deps: RouteDeps = {
  whenStarted: startApp,
  isLoggedIn: () => session.get().isLoggedIn,
  configuredVersion: () => configuredVersion(appState.get().companyInfo),
  firstProductPath: () => firstProductPath(catalogueStore.get().products),
};

export const router: DataRouter = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: StartScreen,
    loader: async () => {
      await startApp();
      return null;
    },
    children: buildRouteTree(deps),
  },
]);

/**
 * Spec §2: repeated navigation is ignored silently. Going where we already are is a no-op, and a
 * navigation superseded by another one is not an error.
 */
export function navigateOnce(target: DataRouter, to: string): void {
  const { pathname, search } = target.state.location;
  if (`${pathname}${search}` === to) return;
  target.navigate(to, { replace: true }).catch(() => undefined);
}

// After login-expired replies (spec §8) the API client sends the visitor to the login of the
// version being viewed, carrying the page they were on.
registerLoginRedirect(() => {
  const { location, matches } = router.state;
  const version =
    versionOfMatches(matches.map((match) => ({ handle: match.route.handle as unknown }))) ??
    deps.configuredVersion();
  const here = `${location.pathname}${location.search}`;
  const target = loginRedirectTarget(version, here);
  if (location.pathname === target.split('?')[0]) return;
  navigateOnce(router, target);
});
