import type { RouteObject } from 'react-router';
import { requireLogin } from '../guard.ts';
import { forwardRoute } from './forward-route.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v3 = (extra: RouteHandle = {}): RouteHandle => ({ version: 3, ...extra });

/**
 * Version 3 (spec §2). The spec forwards /home-v3 to /index-v3 without listing /index-v3; it is
 * version 3's public home page here, as /index-v4 is for version 4.
 */
export function v3Routes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'v3-home',
      handle: v3(),
      lazy: lazyModules.publicLayout,
      children: [
        forwardRoute('/home-v3', '/index-v3'),
        { path: '/index-v3', handle: v3(), lazy: lazyModules.siteHome },
        { path: '/help-v3/:id', handle: v3({ upcoming: 'help' }), lazy: lazyModules.upcoming },
      ],
    },
    {
      id: 'v3-loginview',
      handle: v3(),
      lazy: lazyModules.authLayout,
      children: [
        forwardRoute('/loginview-v3', '/login-v3'),
        { path: '/login-v3', handle: v3(), lazy: lazyModules.login },
        { path: '/register-v3', handle: v3(), lazy: lazyModules.register },
        { path: '/forgotpwd-v3', handle: v3(), lazy: lazyModules.forgotPassword },
      ],
    },
    {
      id: 'v3-quotation-center',
      handle: v3({ requiresLogin: true }),
      loader: requireLogin(3, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        {
          path: '/quotationCenter-v3',
          handle: v3(),
          loader: openFirstProduct(3, deps),
          lazy: lazyModules.quote,
        },
        { path: '/quotationCenter-v3/:first_cid/:second_cid', handle: v3(), lazy: lazyModules.quote },
        { path: '/user-v3/order/:t', handle: v3(), lazy: lazyModules.orders },
        { path: '/user-v3/bill/:t', handle: v3(), lazy: lazyModules.userBill },
        { path: '/user-v3/sys/:t', handle: v3(), lazy: lazyModules.userSys },
        { path: '/batch-upload-v3', handle: v3(), lazy: lazyModules.batchUpload },
      ],
    },
  ];
}
