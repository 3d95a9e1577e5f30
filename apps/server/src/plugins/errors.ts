import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_CODES, fail, formatIssue, type ApiCodeName, ApiCode } from '@inkstone/contracts';
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
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, 'Internal');
  });
}

/** The envelope for an unknown /api path. */
export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return sendFailure(reply, 'NotFound');
}
