import { redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import type { Version } from '../../lib/paths.ts';
import { quoteRouteOf } from '../../features/catalogue/category-paths.ts';
import type { RouteDeps } from './route-deps.ts';

/**
 * The quotation index routes (/index, /quotationCenter, /quotationCenter-v3, /quotationCenter-v4)
 * open the merchant's first product. Without a session the layout's guard answers instead; without
 * any product the page renders and says so.
 */
export function openFirstProduct(version: Version, deps: RouteDeps): LoaderFunction {
  return async () => {
    await deps.whenStarted();
    if (!deps.isLoggedIn()) return null;
    const path = deps.firstProductPath?.() ?? null;
    if (path && path.length > 0) throw redirect(quoteRouteOf(version, path));
    return null;
  };
}

/**
 * Spec §2 lists the product page under /index; /index/proinfo/{first}/{second}/{third}, that nesting
 * written out, forwards to the page's own address /proinfo/… (DESIGN.md: children are absolute).
 */
export function forwardIndexProinfo(): LoaderFunction {
  return ({ params, request }) => {
    const ids = [params.first_cid, params.second_cid, params.third_cid].map((id) =>
      encodeURIComponent(id ?? ''),
    );
    throw redirect(`${PATHS[1].quote}/${ids.join('/')}${new URL(request.url).search}`);
  };
}
