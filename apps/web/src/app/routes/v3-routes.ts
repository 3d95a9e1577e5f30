import type { RouteObject } from 'react-router';
import { guestOnly, requireLogin } from '../guard.ts';
import { forwardRoute } from './forward-route.ts';
import { BATCH_UPLOAD_PATH, LOGIN_VIEW_PATH, PATHS, userPath, helpPath } from '../../lib/paths.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v3 = (extra: RouteHandle = {}): RouteHandle => ({ version: 3, ...extra });
const paths = PATHS[3];

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
        forwardRoute(paths.entry, paths.home),
        { path: paths.home, handle: v3(), lazy: lazyModules.siteHome },
        { path: helpPath(3, ':id'), handle: v3(), lazy: lazyModules.help },
      ],
    },
    {
      id: 'v3-loginview',
      handle: v3(),
      lazy: lazyModules.authLayout,
      children: [
        forwardRoute(LOGIN_VIEW_PATH[3], paths.login),
        { path: paths.login, handle: v3(), loader: guestOnly(3, deps), lazy: lazyModules.login },
        { path: paths.register, handle: v3(), loader: guestOnly(3, deps), lazy: lazyModules.register },
        {
          path: paths.forgotPassword,
          handle: v3(),
          loader: guestOnly(3, deps),
          lazy: lazyModules.forgotPassword,
        },
      ],
    },
    {
      id: 'v3-quotation-center',
      handle: v3({ requiresLogin: true }),
      loader: requireLogin(3, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        {
          path: paths.workspace,
          handle: v3(),
          loader: openFirstProduct(3, deps),
          lazy: lazyModules.quote,
        },
        { path: `${paths.quote}/:first_cid/:second_cid`, handle: v3(), lazy: lazyModules.quote },
        { path: userPath(3, 'order', ':t'), handle: v3(), lazy: lazyModules.orders },
        { path: userPath(3, 'bill', ':t'), handle: v3(), lazy: lazyModules.userBill },
        { path: userPath(3, 'sys', ':t'), handle: v3(), lazy: lazyModules.userSys },
        { path: BATCH_UPLOAD_PATH[3], handle: v3(), lazy: lazyModules.batchUpload },
      ],
    },
  ];
}
