import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * Every setting of the server, read from the environment once, here and nowhere else.
 * README.md lists them with their defaults; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://… selects PostgreSQL; otherwise the SQLite file DATABASE_FILE is used. */
  DATABASE_URL: z.string().default(''),
  DATABASE_FILE: z.string().default('./data/inkstone.sqlite'),
  /** Sub-domains of BASE_DOMAIN name merchants by company code: demo.example.com → demo. */
  BASE_DOMAIN: z.string().default('localhost'),
  /** Merchant served at localhost, 127.0.0.1 and the bare BASE_DOMAIN. */
  DEFAULT_MERCHANT: z.string().default('demo'),
  /** Seed the two demo merchants into an empty database at start. */
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app; empty disables serving it. */
  WEB_DIST_DIR: z.string().default(''),
  APP_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7200),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  LONG_TERM_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Captcha provider: the built-in slider, or geetest v3. */
  CAPTCHA_PROVIDER: z.enum(['slider', 'geetest']).default('slider'),
  GEETEST_ID: z.string().default(''),
  GEETEST_KEY: z.string().default(''),
  GEETEST_API_URL: z.string().default('https://api.geetest.com'),
  /** SMS provider: the outbox (log + table), or an HTTP gateway. */
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Secret for signing captcha answers; generated per process when empty (single instance only). */
  SIGNING_SECRET: z.string().default(''),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Seconds SIGTERM waits for in-flight requests before closing anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Trust X-Forwarded-For from a reverse proxy. */
  TRUST_PROXY: booleanFromEnv.default(false),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`配置错误 / invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
