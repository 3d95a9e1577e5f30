import { z } from 'zod';
import { ApiCode } from './api-codes.ts';

/** The reply envelope of every call, failures included (spec §7). */
export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
  apiCode: number;
}

/** zod schema of the envelope around `data`, for the OpenAPI description and for tests. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean().describe('调用是否成功'),
    data: data,
    message: z.string().describe('提示信息（中文）'),
    apiCode: z.number().int().describe('返回码，0 为成功，见返回码表'),
  });
}

/** A successful envelope. */
export function ok<T>(data: T, message = '成功'): Envelope<T> {
  return { success: true, data, message, apiCode: ApiCode.Ok };
}

/** A failed envelope: `data` is always null on failure. */
export function fail(apiCode: number, message: string): Envelope<null> {
  return { success: false, data: null, message, apiCode };
}

/** The request body wrapper of every POST (spec §7). */
export function bizcontentSchema<T extends z.ZodType>(inner: T) {
  return z.object({ bizcontent: inner });
}
