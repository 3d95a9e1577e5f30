import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Browser features the site never uses; a page of ours cannot be made to ask for them. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every reply — pages, static assets and API replies — from helmet:
 * a Content-Security-Policy that runs only our own scripts and lets no other site frame ours,
 * nosniff, a same-origin referrer (signed file links never leave in a Referer), and HSTS when the
 * site is served over TLS (HSTS_MAX_AGE_SECONDS). WebAssembly may compile (the MD5 hasher of
 * uploads); JavaScript eval may not. antd writes its styles at run time, hence
 * 'unsafe-inline' for styles only; QR codes are data: images. The API documentation page
 * (/api/docs) brings its own script policy from @fastify/swagger-ui.
 *
 * helmet's middleware is built once here: @fastify/helmet built it again for every request
 * (parsing the policy's directives each time, a twentieth of a checkout's CPU;
 * docs/performance.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const options: HelmetOptions = {
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
  };
  const everyReply = helmet(options);
  const apiDocs = helmet({ ...options, contentSecurityPolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    const headers = route !== undefined && route.startsWith('/api/docs') ? apiDocs : everyReply;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done(null, payload);
  });
}
