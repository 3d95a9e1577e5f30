import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { CallRateLimit, RateLimitGroup } from '@inkstone/contracts';
import type { Config } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { createCounterStore, type CounterStore } from './rate-limit-stores.ts';

type LimitSetting = Extract<keyof Config, `RATE_LIMIT_${string}_PER_MINUTE`>;

/** Each group's settings: calls a minute per client IP, and per account where a call names one. */
const LIMITS: Record<RateLimitGroup, { perIp: LimitSetting; perAccount?: LimitSetting }> = {
  appToken: { perIp: 'RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE' },
  captcha: { perIp: 'RATE_LIMIT_CAPTCHA_PER_IP_PER_MINUTE' },
  login: {
    perIp: 'RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE',
    perAccount: 'RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE',
  },
  sms: { perIp: 'RATE_LIMIT_SMS_PER_IP_PER_MINUTE', perAccount: 'RATE_LIMIT_SMS_PER_NUMBER_PER_MINUTE' },
  register: {
    perIp: 'RATE_LIMIT_REGISTER_PER_IP_PER_MINUTE',
    perAccount: 'RATE_LIMIT_REGISTER_PER_NUMBER_PER_MINUTE',
  },
  recharge: {
    perIp: 'RATE_LIMIT_RECHARGE_PER_IP_PER_MINUTE',
    perAccount: 'RATE_LIMIT_RECHARGE_PER_CUSTOMER_PER_MINUTE',
  },
  uploadCheck: {
    perIp: 'RATE_LIMIT_UPLOAD_CHECK_PER_IP_PER_MINUTE',
    perAccount: 'RATE_LIMIT_UPLOAD_CHECK_PER_CUSTOMER_PER_MINUTE',
  },
  export: {
    perIp: 'RATE_LIMIT_EXPORT_PER_IP_PER_MINUTE',
    perAccount: 'RATE_LIMIT_EXPORT_PER_CUSTOMER_PER_MINUTE',
  },
  document: {
    perIp: 'RATE_LIMIT_DOCUMENT_PER_IP_PER_MINUTE',
    perAccount: 'RATE_LIMIT_DOCUMENT_PER_CUSTOMER_PER_MINUTE',
  },
};

const WINDOW_MS = 60_000;
const STORE_WARNING_EVERY_MS = 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Counts the request on one limiter; over the limit, refuses it with -1429 and Retry-After, the
 * seconds left of the window (at most a minute).
 */
async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, scope: string) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  request.log.info({ rateLimit: scope }, 'rate limit exceeded');
  throw new AppError('RateLimited', `请求过于频繁，请${seconds}秒后再试`);
}

/**
 * The account a call names, as its counter's key: the signed-in customer, or an input field
 * within the request's merchant (and the call, so a staff member and a customer of the same
 * name are counted apart); null when the request names none.
 */
function accountKeyOf(
  group: RateLimitGroup,
  perAccount: NonNullable<CallRateLimit['perAccount']>,
  path: string,
): (request: FastifyRequest) => string | null {
  if (perAccount === 'customer') {
    return (request) => (request.customer ? `${group}:customer:${request.customer.id}` : null);
  }
  const call = path.toLowerCase();
  return (request) => {
    const value = inputOf(request)?.[perAccount];
    if (typeof value !== 'string' || value === '') return null;
    return `${group}:${call}:${request.merchant?.id ?? 0}:${value.toLowerCase()}`;
  };
}

/** A call's validated input: the query of a GET, the bizcontent of a POST. */
function inputOf(request: FastifyRequest): Record<string, unknown> | undefined {
  if (request.method === 'GET') return request.query as Record<string, unknown>;
  return (request.body as { bizcontent?: Record<string, unknown> } | undefined)?.bizcontent;
}

/** Logs a failing counter store at most once a minute: an outage would otherwise log every call. */
function storeWarning(context: ServerContext): (error: unknown) => void {
  let lastWarningAt = -Infinity;
  return (error) => {
    const now = context.clock.now();
    if (now - lastWarningAt < STORE_WARNING_EVERY_MS) return;
    lastWarningAt = now;
    context.log.warn({ err: error }, 'rate-limit store failed; requests are let through unlimited');
  };
}

/** @fastify/rate-limit's store interface over one of our counter stores (every route shares it). */
class CounterStoreAdapter implements FastifyRateLimitStore {
  constructor(
    private readonly counters: CounterStore,
    private readonly warn: (error: unknown) => void,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.counters.increment(key, timeWindow).then(
      (state) => callback(null, state),
      (error: unknown) => {
        // The request is let through (skipOnError): an unreachable store must not stop sign-ins.
        this.warn(error);
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/**
 * Request-rate limits (docs/auth.md), from @fastify/rate-limit on the counter store that
 * RATE_LIMIT_STORE names. A call whose registry entry has `rateLimit` (defineCall puts it in the
 * route's config as `callRateLimit`) is counted per client IP for its group when the request
 * arrives, and per account once its input is validated and its caller authenticated. Each
 * counter allows its configured number of calls a minute; beyond that the call is refused with
 * -1429, HTTP 429 and Retry-After. Register before the calls.
 */
export async function registerRateLimits(app: FastifyInstance, context: ServerContext): Promise<void> {
  const { config } = context;
  const warn = storeWarning(context);
  const counters = await createCounterStore(config, context.db, context.clock, warn);
  app.addHook('onClose', async () => counters.close());
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    store: class extends CounterStoreAdapter {
      constructor() {
        super(counters, warn);
      }
    },
  });

  const perIpLimiters = new Map<RateLimitGroup, Limiter>();
  const perIpLimiter = (group: RateLimitGroup): Limiter => {
    let limiter = perIpLimiters.get(group);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: config[LIMITS[group].perIp],
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `${group}:ip:${normalizeIP(request.ip)}`,
      });
      perIpLimiters.set(group, limiter);
    }
    return limiter;
  };

  app.addHook('onRoute', (route) => {
    const limit = route.config?.callRateLimit;
    if (!limit) return;
    const ipLimiter = perIpLimiter(limit.group);
    const countIp: onRequestHookHandler = async (request, reply) =>
      enforce(ipLimiter, request, reply, `${limit.group}:ip`);
    route.onRequest = [...[route.onRequest ?? []].flat(), countIp];

    const accountSetting = LIMITS[limit.group].perAccount;
    if (!limit.perAccount) return;
    if (!accountSetting) {
      throw new Error(`${route.url}: rate-limit group ${limit.group} has no per-account limit`);
    }
    const accountKey = accountKeyOf(limit.group, limit.perAccount, route.url);
    const accountLimiter = app.createRateLimit({
      max: config[accountSetting],
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => accountKey(request)!,
    });
    const countAccount: preHandlerHookHandler = async (request, reply) => {
      if (accountKey(request) === null) return;
      await enforce(accountLimiter, request, reply, `${limit.group}:account`);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), countAccount];
  });
}
