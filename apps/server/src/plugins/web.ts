import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The merchant console (docs/console.md): a second build of the web app, written by
 * `vite build -c vite.console.config.ts` into `<dist>/console/`, with its own page and chunks.
 */
export const CONSOLE_PAGE = 'console/console.html';

/** The site's built page (every address outside the console). */
export const SITE_PAGE = 'index.html';

/** True for `/console` and every address under it (the console's own routes and files). */
export function isConsolePath(url: string): boolean {
  return /^\/console(?:[/?#]|$)/.test(url);
}

/** The built page a history-fallback GET of `url` gets: the console's page under /console, else the site's. */
export function pageFor(url: string, hasConsole: boolean): string {
  return hasConsole && isConsolePath(url) ? CONSOLE_PAGE : SITE_PAGE;
}

/** What registerWeb found: whether a build is there, and whether it includes the console. */
export interface WebBuild {
  hasWeb: boolean;
  hasConsole: boolean;
}

/**
 * Serves the built single-page apps: hashed files under /assets and /console/assets for a year,
 * everything else revalidated; unknown non-API GETs get index.html, or the console's page under
 * /console (history fallback; the client shows 404).
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<WebBuild> {
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html')))
    return { hasWeb: false, hasConsole: false };
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    // One route per built file; every other path (including /) falls to the history fallback.
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      const isHashed = relative.startsWith('assets/') || relative.startsWith('console/assets/');
      res.setHeader('cache-control', isHashed ? IMMUTABLE : 'no-cache');
    },
  });
  return { hasWeb: true, hasConsole: fs.existsSync(path.join(distDir, CONSOLE_PAGE)) };
}
