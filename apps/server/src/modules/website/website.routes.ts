import type { FastifyInstance } from 'fastify';
import { websiteCalls as calls } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import { registerSiteAssets } from './site-assets.ts';
import type { WebsiteService } from './website.service.ts';

/**
 * Spec §7 Website: ads, home layout, menus, help centre and templates of the request's merchant
 * (app token: the pages that show them are public), and the site's pictures and template files
 * at /site-assets/ (docs/website.md).
 */
export function registerWebsiteRoutes(app: FastifyInstance, website: WebsiteService): void {
  registerSiteAssets(app);

  defineCall(app, calls.QueryAd, async ({ request, input }) =>
    website.queryAds(requireMerchant(request).id, input.Position),
  );

  defineCall(app, calls.QueryHomeLayoutGroup, async ({ request, input }) =>
    website.queryHomeGroups(requireMerchant(request), input.Version),
  );

  defineCall(app, calls.QueryHomeLayout, async ({ request, input }) =>
    website.queryHomeLayout(requireMerchant(request), input.Version, input.GroupId),
  );

  defineCall(app, calls.QueryHomeMenu, async ({ request, input }) =>
    website.queryMenu(requireMerchant(request), input.Position, input.Version),
  );

  defineCall(app, calls.QueryHelperMenu, async ({ request, input }) =>
    website.queryHelpMenu(requireMerchant(request).id, input.Keyword),
  );

  defineCall(app, calls.HelperInfo, async ({ request, input }) =>
    website.getHelpArticle(requireMerchant(request).id, input.Id),
  );

  defineCall(app, calls.QueryTemplate, async ({ request, input }) =>
    website.queryTemplates(requireMerchant(request).id, input),
  );
}
