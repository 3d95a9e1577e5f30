import type { RouteObject } from 'react-router';
import { guestOnly, requireLogin } from '../guard.ts';
import { forwardRoute } from './forward-route.ts';
import {
  BATCH_UPLOAD_PATH,
  LOGIN_VIEW_PATH,
  PATHS,
  PRODUCT_INTRO_PATH,
  TEMPLATE_PATH,
  userPath,
  helpPath,
} from '../../lib/paths.ts';
import type { NavMeta, RouteHandle } from '../../lib/route-handle.ts';
import { lazyModules } from './lazy-modules.ts';
import { openFirstProduct } from './quote-index.ts';
import type { RouteDeps } from './route-deps.ts';

const v4 = (extra: RouteHandle = {}): RouteHandle => ({ version: 4, ...extra });
const paths = PATHS[4];

/** Version 4's navigation meta (spec §2): nav bar colour, side panel style, nav index. */
const nav = (
  index: number,
  barColor: NavMeta['barColor'] = 'light',
  sidePanel: NavMeta['sidePanel'] = 'none',
) => ({
  index,
  barColor,
  sidePanel,
});

/** Version 4 (spec §2): public home, product intro, help and templates; the order centre needs login. */
export function v4Routes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'v4-public',
      handle: v4(),
      lazy: lazyModules.publicLayout,
      children: [
        forwardRoute(paths.entry, paths.home),
        { path: paths.home, handle: v4({ nav: nav(0, 'brand') }), lazy: lazyModules.siteHome },
        { path: PRODUCT_INTRO_PATH, handle: v4({ nav: nav(1) }), lazy: lazyModules.productIntro },
        { path: TEMPLATE_PATH, handle: v4({ nav: nav(2) }), lazy: lazyModules.templates },
        { path: helpPath(4, ':id'), handle: v4({ nav: nav(-1) }), lazy: lazyModules.help },
      ],
    },
    {
      id: 'v4-loginview',
      handle: v4(),
      lazy: lazyModules.authLayout,
      children: [
        forwardRoute(LOGIN_VIEW_PATH[4], paths.login),
        { path: paths.login, handle: v4(), loader: guestOnly(4, deps), lazy: lazyModules.login },
        { path: paths.register, handle: v4(), loader: guestOnly(4, deps), lazy: lazyModules.register },
        {
          path: paths.forgotPassword,
          handle: v4(),
          loader: guestOnly(4, deps),
          lazy: lazyModules.forgotPassword,
        },
      ],
    },
    {
      id: 'v4-quotation-center',
      handle: v4({ requiresLogin: true }),
      loader: requireLogin(4, deps),
      lazy: lazyModules.workspaceLayout,
      children: [
        {
          path: paths.workspace,
          handle: v4({ nav: nav(0) }),
          loader: openFirstProduct(4, deps),
          lazy: lazyModules.quote,
        },
        {
          path: `${paths.quote}/:first_cid/:second_cid/:third_cid`,
          handle: v4({ nav: nav(0) }),
          lazy: lazyModules.quote,
        },
        { path: BATCH_UPLOAD_PATH[4], handle: v4({ nav: nav(1) }), lazy: lazyModules.batchUpload },
        {
          path: userPath(4, 'order', ':t'),
          handle: v4({ nav: nav(2, 'light', 'account') }),
          lazy: lazyModules.orders,
        },
        {
          path: userPath(4, 'bill', ':t'),
          handle: v4({ nav: nav(3, 'light', 'account') }),
          lazy: lazyModules.userBill,
        },
        {
          path: userPath(4, 'sys', ':t'),
          handle: v4({ nav: nav(4, 'light', 'account') }),
          lazy: lazyModules.userSys,
        },
        {
          path: userPath(4, 'setting-v4', ':t'),
          handle: v4({ nav: nav(5, 'light', 'account') }),
          lazy: lazyModules.userSetting,
        },
      ],
    },
  ];
}
