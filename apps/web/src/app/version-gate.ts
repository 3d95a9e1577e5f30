import { redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import {
  ABOUT_PATH,
  BATCH_UPLOAD_PATH,
  FIRST_TAB,
  LOGIN_VIEW_PATH,
  PATHS,
  PRODUCT_INTRO_PATH,
  TEMPLATE_PATH,
  helpPath,
  userPath,
} from '../lib/paths.ts';
import type { UserPage, Version } from '../lib/paths.ts';
import type { RouteDeps } from './routes/route-deps.ts';

/**
 * A merchant's site serves its own version's routes only (spec §1: each version has its own route
 * set). An address of another version goes to the same page of the merchant's version: its login,
 * home, quotation page, account tab or help article, keeping the query (a `redirect` in it is
 * translated too); a page the merchant's version lacks goes to the nearest one it has.
 */

/** What a page of one version is, so the same page of another can be named. */
type Page =
  | { kind: 'home' | 'login' | 'register' | 'forgotPassword' | 'workspace' | 'batchUpload' }
  | { kind: 'quote'; ids: string[] }
  | { kind: 'user'; page: UserPage; t: string }
  | { kind: 'help'; id: string }
  | { kind: 'about' | 'productIntro' | 'template' };

const USER_PAGES: readonly UserPage[] = ['order', 'bill', 'sys', 'setting-v4'];

function exactPage(version: Version, pathname: string): Page | null {
  const paths = PATHS[version];
  const fixed: [string | undefined, Page][] = [
    [paths.entry, { kind: version === 2 ? 'login' : 'home' }],
    [paths.home, { kind: 'home' }],
    [paths.login.split('?')[0], { kind: 'login' }],
    [paths.register.split('?')[0], { kind: version === 2 ? 'home' : 'register' }],
    [paths.forgotPassword.split('?')[0], { kind: version === 2 ? 'home' : 'forgotPassword' }],
    [paths.workspace, { kind: 'workspace' }],
    [version === 1 ? undefined : BATCH_UPLOAD_PATH[version], { kind: 'batchUpload' }],
    [version === 3 || version === 4 ? LOGIN_VIEW_PATH[version] : undefined, { kind: 'login' }],
    [version === 2 ? ABOUT_PATH : undefined, { kind: 'about' }],
    [version === 4 ? PRODUCT_INTRO_PATH : undefined, { kind: 'productIntro' }],
    [version === 4 ? TEMPLATE_PATH : undefined, { kind: 'template' }],
  ];
  return fixed.find(([path]) => path === pathname)?.[1] ?? null;
}

/** The page `pathname` is in `version`'s route set, or null when it is none of its pages. */
export function pageOf(version: Version, pathname: string): Page | null {
  const exact = exactPage(version, pathname);
  if (exact) return exact;
  const paths = PATHS[version];
  const rest = (prefix: string) =>
    pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1).split('/') : null;
  // Version 1's /index/proinfo/… forwards to /proinfo/….
  const quote = rest(paths.quote) ?? (version === 1 ? rest(`${paths.workspace}${paths.quote}`) : null);
  if (quote && quote.length >= 2 && quote.length <= 3 && quote.every(Boolean))
    return { kind: 'quote', ids: quote };
  const user = rest(paths.user);
  if (user?.length === 2 && USER_PAGES.includes(user[0] as UserPage) && user[1]) {
    return { kind: 'user', page: user[0] as UserPage, t: user[1] };
  }
  const help = rest(paths.help);
  if (help?.length === 1 && help[0]) return { kind: 'help', id: help[0] };
  return null;
}

/** The address of `page` in `version`, or of the nearest page it has. */
export function pathOfPage(version: Version, page: Page): string {
  const paths = PATHS[version];
  switch (page.kind) {
    case 'home':
    case 'about':
    case 'productIntro':
    case 'template':
      if (page.kind === 'about' && version === 2) return ABOUT_PATH;
      if (page.kind === 'template' && version === 4) return TEMPLATE_PATH;
      if (page.kind === 'productIntro' && version === 4) return PRODUCT_INTRO_PATH;
      return paths.home;
    case 'login':
    case 'register':
    case 'forgotPassword':
    case 'workspace':
      return paths[page.kind];
    case 'batchUpload':
      return version === 1 ? paths.workspace : BATCH_UPLOAD_PATH[version];
    case 'quote': {
      // Versions 2 and 3 name a category by two ids, versions 1 and 4 by three.
      const wanted = version === 2 || version === 3 ? 2 : 3;
      return page.ids.length >= wanted
        ? `${paths.quote}/${page.ids.slice(0, wanted).join('/')}`
        : paths.workspace;
    }
    case 'user':
      return page.page === 'setting-v4' && version !== 4
        ? userPath(version, 'sys', FIRST_TAB)
        : userPath(version, page.page, page.t);
    case 'help':
      return helpPath(version, page.id);
  }
}

/** `url` (of version `from`) as an address of version `to`; null when it is no page of `from`. */
export function equivalentAddress(url: URL, from: Version, to: Version): string | null {
  let page = pageOf(from, url.pathname);
  if (!page) return null;
  // Version 2's home page holds its register and forgot-password forms (`?panel=`).
  const panel = from === 2 && page.kind === 'home' ? url.searchParams.get('panel') : null;
  if (panel === 'register' || panel === 'forgot') {
    page = { kind: panel === 'register' ? 'register' : 'forgotPassword' };
  }
  const target = new URL(pathOfPage(to, page), url.origin);
  for (const [key, value] of url.searchParams) {
    if (key === 'panel' && from === 2) continue;
    if (key === 'redirect' && value.startsWith('/')) {
      const inner = new URL(value, url.origin);
      const translated = equivalentAddress(inner, from, to);
      target.searchParams.set(key, translated ?? value);
    } else if (!target.searchParams.has(key)) {
      target.searchParams.append(key, value);
    }
  }
  return `${target.pathname}${target.search}`;
}

/**
 * The loader above each version's routes: on a merchant configured for another version, send the
 * visitor to the same page of that version (before any page of this one loads or renders).
 */
export function onlyConfiguredVersion(version: Version, deps: RouteDeps): LoaderFunction {
  return async ({ request }) => {
    await deps.whenStarted();
    const configured = deps.configuredVersion();
    if (configured === version) return null;
    const url = new URL(request.url);
    throw redirect(equivalentAddress(url, version, configured) ?? PATHS[configured].home);
  };
}
