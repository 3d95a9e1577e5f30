import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestHeader } from '@inkstone/contracts';
import type { ServerContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import type { Merchant } from '../lib/merchant.ts';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant | null;
  }
}

/** True for a path under /api/, in any letter case (routes are case-insensitive). */
export function isApiPath(url: string): boolean {
  return /^\/api\//i.test(url);
}

/**
 * Resolves the merchant of every /api request from its Host (and the `domainname` header on
 * generic hosts) and adds the company code to the request's log lines. A host that names no
 * merchant leaves `request.merchant` null: public calls may still answer, the rest refuse.
 */
export function registerTenancy(app: FastifyInstance, context: ServerContext): void {
  app.decorateRequest('merchant', null);

  const settle = (
    request: FastifyRequest,
    reply: FastifyReply,
    { merchant, mismatch }: { merchant?: Merchant; mismatch: boolean },
  ): void => {
    if (mismatch) throw new AppError('MerchantMismatch');
    if (merchant) {
      request.merchant = merchant;
      // A child logger costs more than the rest of a small request; make it only when it will log.
      if (context.logsInfo) {
        request.log = request.log.child({ merchant: merchant.code });
        reply.log = request.log;
      }
    }
  };

  // Callback style: a merchant already cached is settled without a promise or a later turn.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url) || /^\/api\/docs/i.test(request.url)) return done();
    const header = request.headers[RequestHeader.DomainName];
    const headerCode = Array.isArray(header) ? header[0] : header;
    const cached = context.merchants.resolveCached(request.host, headerCode);
    if (cached) {
      settle(request, reply, cached);
      return done();
    }
    context.merchants.resolve(request.host, headerCode).then(
      (resolved) => {
        try {
          settle(request, reply, resolved);
        } catch (error) {
          return done(error as Error);
        }
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}
