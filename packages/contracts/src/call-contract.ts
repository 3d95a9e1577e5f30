/**
 * The call registry's entry type: one per call of the wire contract. The server registers a call
 * from its entry (`defineCall(app, calls.X, handle)`), the web makes it from the same entry
 * (`api.call(calls.X, body)`), and the OpenAPI document is generated from the routes the entries
 * made. A new call is added here first, in the file of its server module.
 */
import { z } from 'zod';

/**
 * Who may make a call: anyone; a holder of the merchant's app token; a signed-in customer; a
 * merchant's staff member (header `stafftoken`).
 */
export type CallAuth = 'public' | 'app' | 'customer' | 'staff';

/**
 * The abuse-limit groups (docs/auth.md). The calls of a group share one counter per client IP,
 * all merchants together; the server's configuration sets how many calls a minute each allows.
 */
export const RATE_LIMIT_GROUPS = [
  'appToken',
  'captcha',
  'login',
  'sms',
  'register',
  'recharge',
  'uploadCheck',
  'export',
  'document',
] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/**
 * How a call is rate-limited: per IP by its group, and per account when `perAccount` names the
 * account: an input field (counted within the merchant, e.g. `Account` or `MobileNo`) or
 * `customer`, the signed-in customer. Over a limit the call is answered -1429 with HTTP 429.
 */
export interface CallRateLimit<In extends z.ZodType = z.ZodType> {
  group: RateLimitGroup;
  perAccount?: 'customer' | Extract<keyof z.output<In>, string>;
}

export interface CallContract<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** The path as the spec writes it (routes are case-insensitive). */
  path: string;
  auth: CallAuth;
  /** One line for the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  /** POST: the bizcontent schema (or the whole body when `rawBody`); GET: the query schema. */
  input: In;
  output: Out;
  /** The body is not `{bizcontent}` (RequestOauthToken carries appid beside it). */
  rawBody?: boolean;
  /**
   * The body is multipart/form-data: the input's fields, then the file part `file` (uploads).
   * The server reads such a call itself; the web sends a FormData.
   */
  multipart?: boolean;
  /** Message of the success envelope (spec §8 texts, e.g. 短信已发送,请注意查收!). */
  successMessage?: string;
  /**
   * The call only reads (a POST that changes nothing): the web sends it once more after 1 s when
   * the network fails or it times out (spec §9). GET calls are read-only by definition. Never set
   * on a call that pays, places an order or changes anything.
   */
  idempotent?: boolean;
  /** Abuse limits of the call (docs/auth.md); none when absent. */
  rateLimit?: CallRateLimit<In>;
  /**
   * The success reply is a file of this media type streamed as the body (post_export_excel), not
   * the envelope; `output` then describes nothing on the wire. A refusal is still the envelope.
   * The server registers such a call with `defineFileCall`, the web makes it with `api.download`.
   */
  fileReply?: { mediaType: string };
  /**
   * The success reply is a whole HTML page of this media type (post_print_html), shown by the web
   * in a window of its own, not the envelope; `output` then describes nothing on the wire. A refusal
   * is still the envelope. The server registers such a call with `defineHtmlCall`.
   */
  htmlReply?: { mediaType: string };
}

/** Declares one call; the function only keeps the schemas' types. */
export function defineContract<In extends z.ZodType, Out extends z.ZodType>(
  contract: CallContract<In, Out>,
): CallContract<In, Out> {
  return contract;
}

/** What a caller sends: the input before the server's defaults and transforms. */
export type CallInput<C extends CallContract> = z.input<C['input']>;
/** What a caller receives in `data` of the envelope. */
export type CallOutput<C extends CallContract> = z.output<C['output']>;

/** The input of a call that takes none (extra fields are ignored). */
export const emptyInputSchema = z.object({}).catchall(z.unknown());
