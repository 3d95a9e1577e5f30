import type { RouteObject } from 'react-router';
import { guestOnly, requireLogin } from '../guard.ts';
import { StartScreen } from '../start-screen.tsx';
import { forwardRoute } from './forward-route.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { forwardIndexProinfo, openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v1 = (extra: RouteHandle = {}): RouteHandle => ({ version: 1, ...extra });

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
        forwardRoute('/', '/buffer-zone'),
        { path: '/login', handle: v1(), loader: guestOnly(deps), lazy: lazyModules.login },
        { path: '/register', handle: v1(), loader: guestOnly(deps), lazy: lazyModules.register },
        { path: '/forgotpwd', handle: v1(), loader: guestOnly(deps), lazy: lazyModules.forgotPassword },
      ],
    },
    {
      id: 'v1-public',
      handle: v1(),
      lazy: lazyModules.publicLayout,
      children: [
        { path: '/home', handle: v1(), lazy: lazyModules.siteHome },
        { path: '/help/:id', handle: v1({ upcoming: 'help' }), lazy: lazyModules.upcoming },
      ],
    },
    {
      id: 'v1-index',
      handle: v1({ requiresLogin: true }),
      loader: requireLogin(1, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        { path: '/index', handle: v1(), loader: openFirstProduct(1, deps), lazy: lazyModules.quote },
        {
          path: '/index/proinfo/:first_cid/:second_cid/:third_cid',
          handle: v1(),
          loader: forwardIndexProinfo(),
          Component: StartScreen,
        },
        {
          path: '/proinfo/:first_cid/:second_cid/:third_cid',
          handle: v1({ nav: ORDER_NAV }),
          lazy: lazyModules.quote,
        },
        { path: '/user/order/:t', handle: v1(), lazy: lazyModules.orders },
        { path: '/user/bill/:t', handle: v1(), lazy: lazyModules.userBill },
        // Tab `files` is 我的文件 (the file library); the other tabs are the account settings.
        { path: '/user/sys/:t', handle: v1(), lazy: lazyModules.userSys },
      ],
    },
  ];
}
