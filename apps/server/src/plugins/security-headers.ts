import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/** Browser features the site never uses; a page of ours cannot be made to ask for them. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every reply — pages, static assets and API replies — from @fastify/helmet:
 * a Content-Security-Policy that runs only our own scripts and lets no other site frame ours,
 * nosniff, a same-origin referrer (signed file links never leave in a Referer), and HSTS when the
 * site is served over TLS (HSTS_MAX_AGE_SECONDS). WebAssembly may compile (the MD5 hasher of
 * uploads); JavaScript eval may not. antd writes its styles at run time, hence
 * 'unsafe-inline' for styles only; QR codes are data: images. The API documentation page
 * (/api/docs) brings its own script policy from @fastify/swagger-ui.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.helmet = { contentSecurityPolicy: false };
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The upload page hashes files with WebAssembly (hash-wasm): wasm may compile, JS may not eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Signed file and thumbnail links may be shown on the merchant's preview domain.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity:
      config.HSTS_MAX_AGE_SECONDS > 0
        ? { maxAge: config.HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
        : false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
