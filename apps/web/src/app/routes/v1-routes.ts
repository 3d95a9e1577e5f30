import type { RouteObject } from 'react-router';
import { guestOnly, requireLogin } from '../guard.ts';
import { forwardRoute } from './forward-route.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import type { RouteDeps } from './route-deps.ts';

const v1 = (extra: RouteHandle = {}): RouteHandle => ({ version: 1, ...extra });

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
        { path: '/index', handle: v1({ upcoming: 'quotation' }), lazy: lazyModules.upcoming },
        {
          path: '/proinfo/:first_cid/:second_cid/:third_cid',
          handle: v1({ upcoming: 'proinfo' }),
          lazy: lazyModules.upcoming,
        },
        { path: '/user/order/:t', handle: v1({ upcoming: 'order' }), lazy: lazyModules.upcoming },
        { path: '/user/bill/:t', handle: v1({ upcoming: 'bill' }), lazy: lazyModules.upcoming },
        { path: '/user/sys/:t', handle: v1({ upcoming: 'sys' }), lazy: lazyModules.upcoming },
      ],
    },
  ];
}
