import type { RouteObject } from 'react-router';
import { requireLogin } from '../guard.ts';
import { forwardRoute } from './forward-route.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v2 = (extra: RouteHandle = {}): RouteHandle => ({ version: 2, ...extra });

/** Version 2 (spec §2): the login sits on the public home page; /home-v2 is its login address. */
export function v2Routes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'v2-home',
      handle: v2(),
      lazy: lazyModules.publicLayout,
      children: [
        forwardRoute('/home-v2', '/index-v2'),
        { path: '/index-v2', handle: v2(), lazy: lazyModules.siteHome },
        { path: '/help-v2/:id', handle: v2({ upcoming: 'help' }), lazy: lazyModules.upcoming },
        { path: '/about', handle: v2({ upcoming: 'about' }), lazy: lazyModules.upcoming },
      ],
    },
    {
      id: 'v2-quotation-center',
      handle: v2({ requiresLogin: true }),
      loader: requireLogin(2, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        {
          path: '/quotationCenter',
          handle: v2(),
          loader: openFirstProduct(2, deps),
          lazy: lazyModules.quote,
        },
        { path: '/quotationCenter/:first_cid/:second_cid', handle: v2(), lazy: lazyModules.quote },
        { path: '/user-v2/order/:t', handle: v2(), lazy: lazyModules.orders },
        { path: '/user-v2/bill/:t', handle: v2(), lazy: lazyModules.userBill },
        { path: '/user-v2/sys/:t', handle: v2(), lazy: lazyModules.userSys },
        { path: '/batch-upload', handle: v2(), lazy: lazyModules.batchUpload },
      ],
    },
  ];
}
