import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed files under /assets for a year, everything else
 * revalidated; unknown non-API GETs get index.html (history fallback; the client shows 404).
 * Returns false when no build is there.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    // One route per built file; every other path (including /) falls to the history fallback.
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}
