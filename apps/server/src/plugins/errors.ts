import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API_CODES,
  REQUEST_ID_HEADER,
  fail,
  formatIssue,
  type ApiCodeName,
  ApiCode,
} from '@inkstone/contracts';
import { AppError } from '../lib/app-error.ts';

/** A request that failed its zod schema; carries the schema so the message can name the field. */
export class RequestValidationError extends Error {
  readonly statusCode = 200;
  constructor(
    readonly schema: z.ZodType,
    readonly zodError: z.ZodError,
  ) {
    super(formatIssue(schema, zodError.issues[0]!));
    this.name = 'RequestValidationError';
  }
}

/** Whether a string holding U+0000 sits in a parsed request (as findNulCharacter, allocating nothing). */
function containsNulCharacter(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth >= 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (containsNulCharacter(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (Object.hasOwn(record, key) && containsNulCharacter(record[key], depth + 1)) return true;
  }
  return false;
}

/** Where a string holding U+0000 sits in a parsed request, or null. */
function findNulCharacter(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth >= 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulCharacter(item, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Validates a request part with its zod schema. Issues keep their input so a wrong type is told
 * apart from a missing value: a request that fails is parsed once more for them, since keeping
 * every input costs each valid request too. A NUL character is refused in every text field: no
 * field needs one, and PostgreSQL cannot store or even compare text holding it.
 */
export function validateRequest(
  schema: z.ZodType,
  data: unknown,
): { value: unknown } | { error: RequestValidationError } {
  const result = schema.safeParse(data);
  if (!result.success) {
    const reported = schema.safeParse(data, { reportInput: true });
    const error = reported.success ? result.error : reported.error;
    return { error: new RequestValidationError(schema, error) };
  }
  if (!containsNulCharacter(result.data, 0)) return { value: result.data };
  const nulAt = findNulCharacter(result.data) ?? [];
  const issue = { code: 'custom', path: nulAt, message: '包含非法字符', input: undefined } as const;
  return { error: new RequestValidationError(schema, new z.ZodError([issue])) };
}

function sendFailure(reply: FastifyReply, name: ApiCodeName, message?: string): FastifyReply {
  const entry = API_CODES[name];
  return reply.code(entry.httpStatus).send(fail(ApiCode[name], message ?? entry.message));
}

/** Fastify's own protocol errors, by code, mapped to catalogue entries. */
const FASTIFY_CODES: Record<string, ApiCodeName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MalformedBody',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MalformedBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UnsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MalformedBody',
  FST_ERR_CTP_INVALID_TYPE: 'MalformedBody',
  FST_ERR_BAD_URL: 'NotFound',
  FST_ERR_MAX_PARAM_LENGTH: 'NotFound',
  FST_ERR_ASYNC_CONSTRAINT: 'MalformedBody',
};

/**
 * Turns every failure into the envelope: AppError keeps its code; zod failures name the field in
 * Chinese; protocol faults keep their HTTP status; anything else is logged and answered as
 * Internal, with no detail leaving the server.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send(fail(error.apiCode, error.message));
    }
    if (error instanceof RequestValidationError) {
      return sendFailure(reply, 'ValidationFailed', error.message);
    }
    const code = (error as FastifyError).code;
    const mapped = code ? FASTIFY_CODES[code] : undefined;
    if (mapped) return sendFailure(reply, mapped);
    const status = (error as FastifyError).statusCode;
    if (status === 400 || (error instanceof SyntaxError && status === undefined)) {
      return sendFailure(reply, 'MalformedBody');
    }
    if (status === 413) return sendFailure(reply, 'BodyTooLarge');
    if (status === 415) return sendFailure(reply, 'UnsupportedMediaType');
    if (status === 429) return sendFailure(reply, 'RateLimited');
    request.log.error({ err: error, merchant: request.merchant?.code }, 'unhandled error');
    return sendFailure(reply, 'Internal');
  });
}

/**
 * Fastify's `frameworkErrors`: faults found before any route or hook runs (a URL that cannot be
 * decoded). They get the envelope and the request id like every other reply.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  void sendFailure(reply, FASTIFY_CODES[error.code] ?? 'MalformedBody');
}

/** The envelope for an unknown /api path. */
export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return sendFailure(reply, 'NotFound');
}
