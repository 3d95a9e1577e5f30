import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bizcontentSchema,
  emptyInputSchema,
  envelopeSchema,
  ok,
  type CallAuth,
  type CallContract,
  type CallRateLimit,
} from '@inkstone/contracts';
import { AppError } from '../lib/app-error.ts';
import type { CustomerScope } from '../lib/customer-scope.ts';
import type { Merchant } from '../lib/merchant.ts';
import type { AuthenticatedCustomer } from './auth.ts';

export { emptyInputSchema, type CallAuth };

const SECURITY: Record<Exclude<CallAuth, 'public'>, Record<string, string[]>[]> = {
  app: [{ authtoken: [] }],
  customer: [{ authtoken: [], accesstoken: [] }],
  staff: [{ stafftoken: [] }],
};

export interface CallArgs<Input> {
  request: FastifyRequest;
  input: Input;
}

/** Answers one call: gets the validated input, returns the envelope's data. */
export type CallHandler<In extends z.ZodType, Out extends z.ZodType> = (
  args: CallArgs<z.output<In>>,
) => Promise<z.input<Out>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: CallAuth;
    /** The call's abuse limits, counted by the rate-limit plugin's hooks (plugins/rate-limit.ts). */
    callRateLimit?: CallRateLimit;
  }
}

/** The reply of a call refused by its rate limit, as the OpenAPI document shows it. */
const rateLimitedReplySchema = envelopeSchema(z.null()).describe(
  '请求过于频繁：apiCode -1429，message 说明多久后可再试，响应头 Retry-After 为秒数',
);

/**
 * Registers one call of the registry (packages/contracts): validation, envelope, auth level
 * (checked by the auth plugin's hooks), rate limits (the rate-limit plugin's) and OpenAPI entry;
 * `handle` answers it.
 */
export function defineCall<In extends z.ZodType, Out extends z.ZodType>(
  app: FastifyInstance,
  contract: CallContract<In, Out>,
  handle: CallHandler<In, Out>,
): void {
  const isPost = contract.method === 'POST';
  const requestSchema = isPost && !contract.rawBody ? bizcontentSchema(contract.input) : contract.input;
  app.route({
    method: contract.method,
    url: contract.path,
    config: {
      auth: contract.auth,
      ...(contract.rateLimit ? { callRateLimit: contract.rateLimit as CallRateLimit } : {}),
    },
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      // A GET that takes nothing has nothing to validate (and skips the work on every call).
      ...(isPost
        ? { body: requestSchema }
        : (contract.input as z.ZodType) === emptyInputSchema
          ? {}
          : { querystring: requestSchema }),
      response: {
        200: envelopeSchema(contract.output),
        ...(contract.rateLimit ? { 429: rateLimitedReplySchema } : {}),
      },
      ...(contract.auth === 'public' ? {} : { security: SECURITY[contract.auth] }),
    },
    handler: async (request) => {
      const parsed = request[isPost ? 'body' : 'query'] as Record<string, unknown>;
      const input = (isPost && !contract.rawBody ? parsed.bizcontent : parsed) as z.output<In>;
      const data = await handle({ request, input });
      return ok(data, contract.successMessage);
    },
  });
}

/** The merchant of this request; every non-public call has one. */
export function requireMerchant(request: FastifyRequest): Merchant {
  if (!request.merchant) throw new AppError('MerchantUnknown');
  return request.merchant;
}

/** The signed-in customer of this request (calls with auth 'customer'). */
export function requireCustomer(request: FastifyRequest): AuthenticatedCustomer {
  if (!request.customer) throw new AppError('LoginRequired');
  return request.customer;
}

/** The signed-in customer's scope: their merchant and themselves (calls with auth 'customer'). */
export function customerScopeOf(request: FastifyRequest): CustomerScope {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}
