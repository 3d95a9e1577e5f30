import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Answers one call: gets the validated input, returns the envelope's data — at once when it has
 * it (a cached answer then costs no promise and no later turn), or as a promise.
 */
export type CallHandler<In extends z.ZodType, Out extends z.ZodType> = (
  args: CallArgs<z.output<In>>,
) => z.input<Out> | Promise<z.input<Out>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: CallAuth;
    /** The call's abuse limits, counted by the rate-limit plugin's hooks (plugins/rate-limit.ts). */
    callRateLimit?: CallRateLimit;
    /** The registry entry the route answers (the staff 操作日志 reads its path and `idempotent`). */
    contract?: CallContract;
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
      contract: contract as CallContract,
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
    // Not async: Fastify sends a value returned at once, and answers a throw as a rejection.
    handler: (request) => {
      const parsed = request[isPost ? 'body' : 'query'] as Record<string, unknown>;
      const input = (isPost && !contract.rawBody ? parsed.bizcontent : parsed) as z.output<In>;
      const data = handle({ request, input });
      return data instanceof Promise
        ? data.then((value) => ok(value, contract.successMessage))
        : ok(data, contract.successMessage);
    },
  });
}

/** What a call with a file reply answers: the file's name and its bytes as they are made. */
export interface FileReply {
  /** The name the browser saves it under (any language: sent as RFC 5987 `filename*`). */
  fileName: string;
  body: Readable;
  /** Extra reply headers (e.g. how many rows an export holds). */
  headers?: Record<string, string>;
}

/** A Content-Disposition naming a download: an ASCII fallback, and the real name in UTF-8 (RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Registers a multipart call of the registry (`multipart`) in `scope`, which has registered
 * @fastify/multipart with the call's own limits: auth level and OpenAPI entry as `defineCall`;
 * `handle` reads the parts itself and returns what the envelope carries.
 */
export function defineMultipartCall<In extends z.ZodType, Out extends z.ZodType>(
  scope: FastifyInstance,
  contract: CallContract<In, Out>,
  handle: (request: FastifyRequest) => Promise<z.input<Out>>,
): void {
  if (contract.method !== 'POST' || !contract.multipart) {
    throw new Error(`${contract.path}: defineMultipartCall takes a multipart POST`);
  }
  scope.route({
    method: 'POST',
    url: contract.path,
    config: { auth: contract.auth, contract: contract as CallContract },
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      consumes: ['multipart/form-data'],
      ...(contract.auth === 'public' ? {} : { security: SECURITY[contract.auth] }),
      response: { 200: envelopeSchema(contract.output) },
    },
    handler: async (request) => ok(await handle(request), contract.successMessage),
  });
}

/** How a call whose success is not the envelope answers, and how OpenAPI describes it. */
interface NonEnvelopeReply<In> {
  /** The media type OpenAPI lists for the success reply, and its schema. */
  documentedType: string;
  documentedSchema: z.ZodType;
  description: string;
  send(reply: FastifyReply, args: CallArgs<In>): Promise<FastifyReply>;
}

/**
 * Registers a POST of the registry that answers something other than the envelope on success:
 * validation, auth level, rate limits and the OpenAPI entry as `defineCall`, and a refusal thrown
 * before the reply is sent is the usual envelope.
 */
function defineNonEnvelopeCall<In extends z.ZodType, Out extends z.ZodType>(
  app: FastifyInstance,
  contract: CallContract<In, Out>,
  answer: NonEnvelopeReply<z.output<In>>,
): void {
  app.route({
    method: 'POST',
    url: contract.path,
    config: {
      auth: contract.auth,
      contract: contract as CallContract,
      ...(contract.rateLimit ? { callRateLimit: contract.rateLimit as CallRateLimit } : {}),
    },
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      body: bizcontentSchema(contract.input),
      produces: [answer.documentedType, 'application/json'],
      response: {
        200: {
          description: answer.description,
          content: {
            [answer.documentedType]: { schema: answer.documentedSchema },
            'application/json': { schema: envelopeSchema(z.null()) },
          },
        },
        ...(contract.rateLimit ? { 429: rateLimitedReplySchema } : {}),
      },
      ...(contract.auth === 'public' ? {} : { security: SECURITY[contract.auth] }),
    },
    handler: async (request, reply) => {
      const input = (request.body as { bizcontent: z.output<In> }).bizcontent;
      return answer.send(reply, { request, input });
    },
  });
}

/**
 * Registers a call of the registry whose success reply is a file (`fileReply`), streamed as it is
 * made. Once the body flows, a failure can only cut the download short (the browser sees a
 * network error).
 */
export function defineFileCall<In extends z.ZodType, Out extends z.ZodType>(
  app: FastifyInstance,
  contract: CallContract<In, Out>,
  handle: (args: CallArgs<z.output<In>>) => Promise<FileReply>,
): void {
  const mediaType = contract.fileReply?.mediaType;
  if (contract.method !== 'POST' || contract.rawBody || !mediaType) {
    throw new Error(`${contract.path}: defineFileCall takes a POST with bizcontent and a fileReply`);
  }
  defineNonEnvelopeCall(app, contract, {
    documentedType: mediaType,
    documentedSchema: z.string().meta({ format: 'binary' }),
    description: '成功时为文件本身；失败时为 JSON 信封（success 为 false）',
    async send(reply, args) {
      const file = await handle(args);
      for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
      return reply
        .header('content-type', mediaType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}

/** What a call with an HTML reply answers: the page, and the Content-Security-Policy it is served with. */
export interface HtmlReply {
  html: string;
  contentSecurityPolicy: string;
}

/**
 * Registers a call of the registry whose success reply is an HTML page (`htmlReply`,
 * post_print_html): the page is served inline, never cached, under the handler's
 * Content-Security-Policy.
 */
export function defineHtmlCall<In extends z.ZodType, Out extends z.ZodType>(
  app: FastifyInstance,
  contract: CallContract<In, Out>,
  handle: (args: CallArgs<z.output<In>>) => Promise<HtmlReply>,
): void {
  const mediaType = contract.htmlReply?.mediaType;
  if (contract.method !== 'POST' || contract.rawBody || !mediaType) {
    throw new Error(`${contract.path}: defineHtmlCall takes a POST with bizcontent and an htmlReply`);
  }
  defineNonEnvelopeCall(app, contract, {
    documentedType: 'text/html',
    documentedSchema: z.string(),
    description: '成功时为 HTML 页面；失败时为 JSON 信封（success 为 false）',
    async send(reply, args) {
      const page = await handle(args);
      return reply
        .header('content-type', mediaType)
        .header('content-security-policy', page.contentSecurityPolicy)
        .header('cache-control', 'no-store')
        .send(page.html);
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
