import type { RouteObject } from 'react-router';
import { guestOnly, requireLogin } from '../guard.ts';
import { StartScreen } from '../start-screen.tsx';
import { forwardRoute } from './forward-route.ts';
import { BUFFER_ZONE_PATH, PATHS, userPath, helpPath } from '../../lib/paths.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { forwardIndexProinfo, openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v1 = (extra: RouteHandle = {}): RouteHandle => ({ version: 1, ...extra });
const paths = PATHS[1];
/** The category ids of a version 1 quotation address. */
const CATEGORY_PARAMS = ':first_cid/:second_cid/:third_cid';

/** The product page lights 在线下单 (/index) in the header, under which spec §2 lists it. */
const ORDER_NAV = { index: 0, barColor: 'light', sidePanel: 'none' } as const;

/** Default version (spec §2). Children are absolute paths rendered inside their parent's layout. */
export function v1Routes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'v1-login-shell',
      handle: v1(),
      lazy: lazyModules.authLayout,
      children: [
        forwardRoute(paths.entry, BUFFER_ZONE_PATH),
        { path: paths.login, handle: v1(), loader: guestOnly(1, deps), lazy: lazyModules.login },
        { path: paths.register, handle: v1(), loader: guestOnly(1, deps), lazy: lazyModules.register },
        {
          path: paths.forgotPassword,
          handle: v1(),
          loader: guestOnly(1, deps),
          lazy: lazyModules.forgotPassword,
        },
      ],
    },
    {
      id: 'v1-public',
      handle: v1(),
      lazy: lazyModules.publicLayout,
      children: [
        { path: paths.home, handle: v1(), lazy: lazyModules.siteHome },
        { path: helpPath(1, ':id'), handle: v1(), lazy: lazyModules.help },
      ],
    },
    {
      id: 'v1-index',
      handle: v1({ requiresLogin: true }),
      loader: requireLogin(1, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        { path: paths.workspace, handle: v1(), loader: openFirstProduct(1, deps), lazy: lazyModules.quote },
        {
          path: `${paths.workspace}${paths.quote}/${CATEGORY_PARAMS}`,
          handle: v1(),
          loader: forwardIndexProinfo(),
          Component: StartScreen,
        },
        {
          path: `${paths.quote}/${CATEGORY_PARAMS}`,
          handle: v1({ nav: ORDER_NAV }),
          lazy: lazyModules.quote,
        },
        { path: userPath(1, 'order', ':t'), handle: v1(), lazy: lazyModules.orders },
        { path: userPath(1, 'bill', ':t'), handle: v1(), lazy: lazyModules.userBill },
        // Tab `files` is 我的文件 (the file library); the other tabs are the account settings.
        { path: userPath(1, 'sys', ':t'), handle: v1(), lazy: lazyModules.userSys },
      ],
    },
  ];
}
