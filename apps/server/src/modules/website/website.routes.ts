import type { FastifyInstance } from 'fastify';
import { websiteCalls as calls } from '@inkstone/contracts';
import { API_CODES, ApiCode, fail } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import type { SiteContentAdmin } from './content-admin.service.ts';
import { registerSiteAssets } from './site-assets.ts';
import type { WebsiteService } from './website.service.ts';

/**
 * Spec §7 Website: ads, home layout, menus, help centre and templates of the request's merchant
 * (app token: the pages that show them are public), and the site's pictures and template files
 * at /site-assets/ (docs/website.md).
 */
export function registerWebsiteRoutes(
  app: FastifyInstance,
  website: WebsiteService,
  content: SiteContentAdmin,
): void {
  registerSiteAssets(app);
  registerEditorImages(app, content);
  registerTemplateFiles(app, content);

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

const EDITOR_IMAGE_FILE = /^([0-9a-f]{64})(\.thumb)?\.webp$/;

/**
 * The rich-text editor's pictures (docs/website.md): /api/site-images/<sha256>.webp and its
 * .thumb.webp, on the merchant's own host only; the address is the content's hash, so a year's
 * cache is safe. No request headers are needed (an <img> in an article).
 */
function registerEditorImages(app: FastifyInstance, content: SiteContentAdmin): void {
  app.route({
    method: 'GET',
    url: '/api/site-images/:file',
    config: { auth: 'public' },
    schema: {
      summary:
        '富文本编辑器上传的图片（WebP）或其缩略图（.thumb.webp）：地址即内容的 SHA-256，只在所属商户的域名下可用；无需请求头',
      tags: ['common'],
    },
    handler: async (request, reply) => {
      const match = EDITOR_IMAGE_FILE.exec((request.params as { file: string }).file);
      const image =
        match && request.merchant
          ? await content.readImage(request.merchant.id, match[1]!, match[2] ? 'thumbnail' : 'image')
          : undefined;
      if (!image) {
        return reply
          .code(API_CODES.FileLinkInvalid.httpStatus)
          .header('cache-control', 'no-cache')
          .send(fail(ApiCode.FileLinkInvalid, '图片地址无效，或图片已被删除'));
      }
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image);
    },
  });
}

const TEMPLATE_FILE = /^([0-9a-f]{64})\.(pdf|ai|cdr|psd)$/;
const TEMPLATE_CONTENT_TYPES: Record<string, string> = {
  PDF: 'application/pdf',
  AI: 'application/postscript',
  CDR: 'application/vnd.corel-draw',
  PSD: 'image/vnd.adobe.photoshop',
};

/**
 * The template files the console uploaded (docs/website.md, "Editing from the console"):
 * /api/template-files/<sha256>.<ext>, on the merchant's own host only, always a download under the
 * name it was uploaded with; the address is the content's hash, so a year's cache is safe.
 */
function registerTemplateFiles(app: FastifyInstance, content: SiteContentAdmin): void {
  app.route({
    method: 'GET',
    url: '/api/template-files/:file',
    config: { auth: 'public' },
    schema: {
      summary:
        '商家后台上传的模板文件（PDF、AI、CDR、PSD）：地址即内容的 SHA-256，只在所属商户的域名下可用，以上传时的文件名下载；无需请求头',
      tags: ['common'],
    },
    handler: async (request, reply) => {
      const match = TEMPLATE_FILE.exec((request.params as { file: string }).file);
      const file =
        match && request.merchant
          ? await content.readTemplateFile(request.merchant.id, match[1]!)
          : undefined;
      if (!file || file.format.toLowerCase() !== match![2]) {
        return reply
          .code(API_CODES.FileLinkInvalid.httpStatus)
          .header('cache-control', 'no-cache')
          .send(fail(ApiCode.FileLinkInvalid, '模板文件地址无效，或文件已被删除'));
      }
      return reply
        .header('content-type', TEMPLATE_CONTENT_TYPES[file.format] ?? 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
        )
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.content);
    },
  });
}
