/**
 * The site's own pictures and template files (docs/website.md, "Images"): drawn by
 * scripts/generate-site-images.ts into apps/server/assets/site/ and served read-only at
 * /site-assets/. Every URL the manifest gives carries the file's content hash as `?v=`, so a
 * reply may be cached for a year: a redrawn file gets a new URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ContentImage } from '@inkstone/contracts';
import manifest from '../../../assets/site/manifest.json' with { type: 'json' };

/** Where the files are served. */
export const SITE_ASSETS_PREFIX = '/site-assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export type SiteImageKey = keyof typeof manifest.images;
export type SiteTemplateFileKey = keyof typeof manifest.templates;

/** A picture of the manifest as the wire shows it, with its alternative text. */
export function siteImage(key: SiteImageKey, alt: string): ContentImage {
  const entry = manifest.images[key];
  return { Url: entry.url, SmallUrl: entry.smallUrl, Width: entry.width, Height: entry.height, Alt: alt };
}

/** The formats a demo template may be drawn in, in the order the site lists them. */
export const SITE_TEMPLATE_FORMATS = ['PDF', 'AI', 'PSD'] as const;
export type SiteTemplateFormat = (typeof SITE_TEMPLATE_FORMATS)[number];

/**
 * A template's files of the manifest, in SITE_TEMPLATE_FORMATS order: each format's URL and size
 * in bytes (every template has a PDF and an AI; pieces up to A5 a PSD too).
 */
export function siteTemplateFiles(
  key: SiteTemplateFileKey,
): { format: SiteTemplateFormat; url: string; sizeBytes: number }[] {
  const entry: Partial<Record<SiteTemplateFormat, { url: string; sizeBytes: number }>> =
    manifest.templates[key];
  return SITE_TEMPLATE_FORMATS.flatMap((format) => {
    const file = entry[format];
    return file ? [{ format, ...file }] : [];
  });
}

/** True when the manifest has a picture by that name (template previews are looked up by slug). */
export function isSiteImageKey(key: string): key is SiteImageKey {
  return Object.hasOwn(manifest.images, key);
}

export function isSiteTemplateFileKey(key: string): key is SiteTemplateFileKey {
  return Object.hasOwn(manifest.templates, key);
}

/**
 * The folder of the files: `assets/site` of the server's package, found upwards from this file
 * (src/modules/website in development, dist/ in the bundle).
 */
export function findSiteAssetsDir(from = path.dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = from;
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'assets', 'site');
    if (fs.existsSync(path.join(candidate, 'manifest.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/**
 * Serves the files at /site-assets/ (GET and HEAD only, no listing, no dot files), cached a
 * year; a missing file is a plain 404, never the web app's page.
 */
export function registerSiteAssets(app: FastifyInstance, root = findSiteAssetsDir()): void {
  if (!root) {
    app.log.warn('assets/site not found: /site-assets/ is not served');
    return;
  }
  void app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // Pictures and template files only (not the manifest).
        allowedPath: (pathName) => /^\/(?:images|templates)\/[\w.-]+$/.test(pathName),
        cacheControl: false,
        setHeaders(res) {
          res.setHeader('cache-control', IMMUTABLE);
          res.setHeader('x-content-type-options', 'nosniff');
        },
      });
      scope.setNotFoundHandler(async (_request, reply) =>
        reply
          .code(404)
          .header('cache-control', 'no-cache')
          .type('text/plain; charset=utf-8')
          .send('Not Found'),
      );
    },
    { prefix: SITE_ASSETS_PREFIX.slice(0, -1) },
  );
}
