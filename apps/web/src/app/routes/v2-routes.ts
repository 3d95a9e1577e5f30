import type { RouteObject } from 'react-router';
import { requireLogin } from '../guard.ts';
import { forwardRoute } from './forward-route.ts';
import { ABOUT_PATH, BATCH_UPLOAD_PATH, PATHS, userPath, helpPath } from '../../lib/paths.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v2 = (extra: RouteHandle = {}): RouteHandle => ({ version: 2, ...extra });
const paths = PATHS[2];

/** Version 2 (spec §2): the login sits on the public home page; /home-v2 is its login address. */
export function v2Routes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'v2-home',
      handle: v2(),
      lazy: lazyModules.publicLayout,
      children: [
        forwardRoute(paths.entry, paths.home),
        { path: paths.home, handle: v2(), lazy: lazyModules.siteHome },
        { path: helpPath(2, ':id'), handle: v2(), lazy: lazyModules.help },
        { path: ABOUT_PATH, handle: v2(), lazy: lazyModules.about },
      ],
    },
    {
      id: 'v2-quotation-center',
      handle: v2({ requiresLogin: true }),
      loader: requireLogin(2, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        {
          path: paths.workspace,
          handle: v2(),
          loader: openFirstProduct(2, deps),
          lazy: lazyModules.quote,
        },
        { path: `${paths.quote}/:first_cid/:second_cid`, handle: v2(), lazy: lazyModules.quote },
        { path: userPath(2, 'order', ':t'), handle: v2(), lazy: lazyModules.orders },
        { path: userPath(2, 'bill', ':t'), handle: v2(), lazy: lazyModules.userBill },
        { path: userPath(2, 'sys', ':t'), handle: v2(), lazy: lazyModules.userSys },
        { path: BATCH_UPLOAD_PATH[2], handle: v2(), lazy: lazyModules.batchUpload },
      ],
    },
  ];
}
