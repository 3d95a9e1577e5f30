import { redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import type { Version } from '../lib/paths.ts';
import { loginPathFor, withRedirect } from '../lib/sites.ts';

/**
 * The route guard of spec §2, as React Router loaders. Loaders run before a route renders, so a
 * protected page never flashes for a visitor without a session.
 */
export interface GuardDeps {
  /** Resolves once the start sequence has restored the session (spec §4). */
  whenStarted(): Promise<void>;
  isLoggedIn(): boolean;
}

/**
 * Spec §2: a signed-in customer opening /login, /register or /forgotpwd goes to /index, the
 * signed-in start page; on the other versions' login, register and forgot-password pages, to that
 * version's own start page.
 */
export function signedInHome(version: Version): string {
  return PATHS[version].workspace;
}

/** The login address for `version` carrying the wanted address, e.g. `/login-v4?redirect=%2Fuser-v4%2Forder%2F1`. */
export function loginRedirectTarget(version: Version, wanted: string): string {
  return withRedirect(loginPathFor(version), wanted);
}

function wantedAddress(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Protected layouts: without a session go to the version's login with `?redirect=`. */
export function requireLogin(version: Version, deps: GuardDeps): LoaderFunction {
  return async ({ request }) => {
    await deps.whenStarted();
    if (!deps.isLoggedIn()) throw redirect(loginRedirectTarget(version, wantedAddress(request)));
    return null;
  };
}

/** /login, /register, /forgotpwd (and /login-v3 …): a signed-in customer goes to the start page. */
export function guestOnly(version: Version, deps: GuardDeps): LoaderFunction {
  return async () => {
    await deps.whenStarted();
    if (deps.isLoggedIn()) throw redirect(signedInHome(version));
    return null;
  };
}

/** A route that only forwards (`/` → /buffer-zone, /home-v2 → /index-v2, …), keeping the query. */
export function forwardTo(path: string): LoaderFunction {
  return ({ request }) => {
    throw redirect(`${path}${new URL(request.url).search}`);
  };
}
