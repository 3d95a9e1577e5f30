import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bizcontentSchema, envelopeSchema, ok } from '@inkstone/contracts';
import { AppError } from '../lib/app-error.ts';
import type { Merchant } from '../modules/merchants/merchants.repository.ts';
import type { AuthenticatedCustomer } from './auth.ts';

/**
 * Who may make a call: anyone; a holder of the merchant's app token; a signed-in customer; a
 * merchant's staff member (header `stafftoken`, checked by the staff module's hook for every call of this level).
 */
export type CallAuth = 'public' | 'app' | 'customer' | 'staff';

const SECURITY: Record<Exclude<CallAuth, 'public'>, Record<string, string[]>[]> = {
  app: [{ authtoken: [] }],
  customer: [{ authtoken: [], accesstoken: [] }],
  staff: [{ stafftoken: [] }],
};

export interface CallArgs<Input> {
  request: FastifyRequest;
  input: Input;
}

export interface CallDefinition<In extends z.ZodType, Out extends z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tags: string[];
  auth: CallAuth;
  /** POST: the bizcontent schema (or the whole body when `rawBody`); GET: the query schema. */
  input: In;
  /** The body is not `{bizcontent}` (RequestOauthToken carries appid beside it). */
  rawBody?: boolean;
  output: Out;
  /** Message of the success envelope (spec §8 texts, e.g. 短信已发送,请注意查收!). */
  successMessage?: string;
  handle: (args: CallArgs<z.output<In>>) => Promise<z.input<Out>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: CallAuth;
  }
}

/** Registers one call of the wire contract: validation, envelope, auth level and OpenAPI entry. */
export function defineCall<In extends z.ZodType, Out extends z.ZodType>(
  app: FastifyInstance,
  definition: CallDefinition<In, Out>,
): void {
  const isPost = definition.method === 'POST';
  const requestSchema = isPost && !definition.rawBody ? bizcontentSchema(definition.input) : definition.input;
  app.route({
    method: definition.method,
    url: definition.url,
    config: { auth: definition.auth },
    schema: {
      summary: definition.summary,
      tags: definition.tags,
      // A GET that takes nothing has nothing to validate (and skips the work on every call).
      ...(isPost
        ? { body: requestSchema }
        : (definition.input as z.ZodType) === emptyInputSchema
          ? {}
          : { querystring: requestSchema }),
      response: { 200: envelopeSchema(definition.output) },
      ...(definition.auth === 'public' ? {} : { security: SECURITY[definition.auth] }),
    },
    handler: async (request) => {
      const parsed = request[isPost ? 'body' : 'query'] as Record<string, unknown>;
      const input = (isPost && !definition.rawBody ? parsed.bizcontent : parsed) as z.output<In>;
      const data = await definition.handle({ request, input });
      return ok(data, definition.successMessage);
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

export const emptyInputSchema = z.object({}).catchall(z.unknown());
