import { z } from 'zod';
import { UPLOAD_MAX_CHUNKS_IN_FLIGHT } from '@inkstone/contracts';
import { parseSecretKey } from './lib/secret-box.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A request-rate limit: calls a minute, at least one. */
const perMinute = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Every setting of the server, read from the environment once, here and nowhere else.
 * README.md lists them with their defaults; keep the two in step.
 */
export const configSchema = z.object({
  /** Runtime mode; `production` unless told otherwise. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Address to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Port to listen on; the web app and the API share it. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://… selects PostgreSQL; otherwise the SQLite file DATABASE_FILE is used. */
  DATABASE_URL: z.string().default(''),
  /** SQLite file used when DATABASE_URL is empty. */
  DATABASE_FILE: z.string().default('./data/inkstone.sqlite'),
  /** Sub-domains of BASE_DOMAIN name merchants by company code: demo.example.com → demo. */
  BASE_DOMAIN: z.string().default('localhost'),
  /** Merchant served at localhost, 127.0.0.1 and the bare BASE_DOMAIN. */
  DEFAULT_MERCHANT: z.string().default('demo'),
  /** Seed the two demo merchants into an empty database at start. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** Structured (JSON) log level; every request line carries its request id and merchant. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app; empty means apps/web/dist, 'off' serves the API only. */
  WEB_DIST_DIR: z.string().default(''),
  /** Lifetime of an app token (`authtoken`). */
  APP_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7200),
  /** Lifetime of a customer session token (`accesstoken`) without “remember me”. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  /** Lifetime of the long-term token that “remember me” returns. */
  LONG_TERM_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Captcha provider: the built-in slider, or geetest v3. */
  CAPTCHA_PROVIDER: z.enum(['slider', 'geetest']).default('slider'),
  /** geetest v3 captcha id (CAPTCHA_PROVIDER=geetest). */
  GEETEST_ID: z.string().default(''),
  /** geetest v3 private key (CAPTCHA_PROVIDER=geetest). */
  GEETEST_KEY: z.string().default(''),
  /** geetest API base URL. */
  GEETEST_API_URL: z.string().default('https://api.geetest.com'),
  /**
   * SMS of merchants without a gateway of their own: the outbox (log + table). A merchant's
   * administrator configures Alibaba Cloud or Tencent Cloud SMS in the back office (docs/sms.md).
   */
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  /**
   * Key that encrypts the merchants' SMS secrets at rest (AES-256-GCM): 64 hex digits or base64 of
   * 32 bytes, e.g. `openssl rand -hex 32`. Empty: SMS gateway settings cannot be saved.
   */
  SMS_CONFIG_KEY: z
    .string()
    .default('')
    .refine((value) => value === '' || parseSecretKey(value) !== null, {
      message: '64 hex digits or base64 of 32 bytes (openssl rand -hex 32)',
    }),
  /** Alibaba Cloud SMS API endpoint (another region's, or a test double's). */
  SMS_ALIYUN_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com'),
  /** Tencent Cloud SMS API endpoint; a `*.localhost` host is reached on this machine (test doubles). */
  SMS_TENCENT_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://sms.tencentcloudapi.com'),
  /** How long an SMS gateway may take to answer before the send counts as failed. */
  SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Verification SMS one IP may request per rolling hour, all merchants together. */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Where the request-rate counters of docs/auth.md live: `memory` (this process only),
   * `redis` (REDIS_URL) or `database` (a table of the configured database); with more than one
   * app server use `redis` or `database`, so every server counts the same requests.
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'redis', 'database']).default('memory'),
  /** Redis for RATE_LIMIT_STORE=redis, e.g. redis://127.0.0.1:6379/0. */
  REDIS_URL: z.string().default(''),
  /** Prefix of the rate-limit counters' keys in Redis (several deployments may share one Redis). */
  RATE_LIMIT_KEY_PREFIX: z.string().default('inkstone:rate-limit:'),
  /** App tokens (RequestOauthToken) one IP may request per minute. */
  RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE: perMinute(60),
  /** Captcha calls (GetCaptcha and VerifyCaptcha together) one IP may make per minute. */
  RATE_LIMIT_CAPTCHA_PER_IP_PER_MINUTE: perMinute(30),
  /** Sign-ins (customer RequestAccessToken and staff Login together) one IP may try per minute. */
  RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: perMinute(30),
  /** Sign-ins one account may be tried with per minute, from any IP. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE: perMinute(10),
  /** SendSms calls one IP may make per minute (besides SMS_PER_IP_PER_HOUR). */
  RATE_LIMIT_SMS_PER_IP_PER_MINUTE: perMinute(10),
  /** SendSms calls for one mobile number per minute, from any IP. */
  RATE_LIMIT_SMS_PER_NUMBER_PER_MINUTE: perMinute(3),
  /** CheckCustomerAccount, Register and RetrievePassword calls (together) one IP may make per minute. */
  RATE_LIMIT_REGISTER_PER_IP_PER_MINUTE: perMinute(20),
  /** Register or RetrievePassword calls for one mobile number per minute, from any IP. */
  RATE_LIMIT_REGISTER_PER_NUMBER_PER_MINUTE: perMinute(5),
  /** Recharge calls (Recharge, MobileRecharge, WechatJsapiRecharge) one IP may make per minute. */
  RATE_LIMIT_RECHARGE_PER_IP_PER_MINUTE: perMinute(30),
  /** Recharge calls (Recharge, MobileRecharge, WechatJsapiRecharge) one customer may make per minute. */
  RATE_LIMIT_RECHARGE_PER_CUSTOMER_PER_MINUTE: perMinute(10),
  /** Upload checks (GET /api/common/UploadChunkFile) one IP may make per minute. */
  RATE_LIMIT_UPLOAD_CHECK_PER_IP_PER_MINUTE: perMinute(600),
  /** Upload checks one customer may make per minute. */
  RATE_LIMIT_UPLOAD_CHECK_PER_CUSTOMER_PER_MINUTE: perMinute(300),
  /** Excel exports (post_export_excel) one IP may start per minute. */
  RATE_LIMIT_EXPORT_PER_IP_PER_MINUTE: perMinute(30),
  /** Excel exports one customer may start per minute (each may stream up to a million rows). */
  RATE_LIMIT_EXPORT_PER_CUSTOMER_PER_MINUTE: perMinute(6),
  /**
   * Excel imports, their templates and error reports, and print pages (post_import_excel,
   * post_print_html) one IP may ask for per minute: each reads a workbook or draws many orders.
   */
  RATE_LIMIT_DOCUMENT_PER_IP_PER_MINUTE: perMinute(60),
  /** The same calls one customer may make per minute. */
  RATE_LIMIT_DOCUMENT_PER_CUSTOMER_PER_MINUTE: perMinute(20),
  /** Secret for signing captcha answers; generated per process when empty (single instance only). */
  SIGNING_SECRET: z.string().default(''),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Seconds SIGTERM waits for in-flight requests before closing anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Trust X-Forwarded-For from a reverse proxy. */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Uploads (docs/uploads.md): where files live. `local` keeps them under UPLOAD_DIR. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Directory of uploaded files when STORAGE_DRIVER=local. */
  UPLOAD_DIR: z.string().default('./data/uploads'),
  /** S3-compatible object storage endpoint (AWS S3, Aliyun OSS, MinIO); used when STORAGE_DRIVER=s3. */
  S3_ENDPOINT: z.string().default(''),
  /** S3 region. */
  S3_REGION: z.string().default('us-east-1'),
  /** S3 bucket. */
  S3_BUCKET: z.string().default(''),
  /** S3 access key id. */
  S3_ACCESS_KEY_ID: z.string().default(''),
  /** S3 secret access key. */
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Path-style addressing (endpoint/bucket/key), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Prefix of every object key, e.g. `inkstone/`. */
  S3_PREFIX: z.string().default(''),
  /** Chunks of an upload untouched for this long are deleted. */
  UPLOAD_CHUNK_TTL_HOURS: z.coerce.number().min(0.01).default(24),
  /** How often abandoned chunks are looked for. */
  UPLOAD_CLEANUP_INTERVAL_MINUTES: z.coerce.number().min(0.1).default(10),
  /**
   * Chunk requests of one file the web client may keep in flight at once (1 to UPLOAD_MAX_CHUNKS_IN_FLIGHT, 3), told to it in the
   * upload replies' `ChunksInFlight`; 1 keeps spec §4's one chunk after another. The server accepts
   * chunks in any order either way.
   */
  UPLOAD_CHUNKS_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(UPLOAD_MAX_CHUNKS_IN_FLIGHT)
    .default(UPLOAD_MAX_CHUNKS_IN_FLIGHT),
  /** 秒传 for content the same customer uploaded before (`customer`), or any customer of the merchant. */
  UPLOAD_INSTANT_SCOPE: z.enum(['customer', 'merchant']).default('customer'),
  /** Signed file and thumbnail links stay valid between one and two times this long. */
  FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** PDF thumbnails: the first page is rendered in-process by pdfjs-dist; false turns that off. */
  PDF_THUMBNAIL_PDFJS: booleanFromEnv.default(true),
  /** pdftoppm (Debian poppler-utils), tried when pdfjs does not render a PDF; empty disables it. */
  PDF_THUMBNAIL_COMMAND: z.string().default('pdftoppm'),
  /** PDFs larger than this are not parsed for preflight (the parser holds the whole file). */
  PREFLIGHT_MAX_PDF_MB: z.coerce.number().int().min(1).default(200),
  /** Orders (docs/orders.md): an unpaid order is cancelled automatically this long after checkout. */
  ORDER_UNPAID_CANCEL_MINUTES: z.coerce.number().min(1).default(1440),
  /** How often the maintenance job looks for unpaid orders past their time. */
  ORDER_AUTO_CANCEL_CHECK_SECONDS: z.coerce.number().min(1).default(60),
  /**
   * Payments (docs/payments.md): the gateway of merchants not marked demo that have no 微信支付 /
   * 支付宝 account of their own (a merchant's own account, saved by its administrator, always
   * wins). Empty: none — they are paid by balance only, while demo merchants pay on the embedded
   * simulator (a page of this server, no real money). `simulator`: every merchant pays on it,
   * shown as 模拟支付.
   */
  PAYMENT_PROVIDER: z.enum(['', 'simulator']).default(''),
  /**
   * Key that encrypts each merchant's 微信支付 / 支付宝 keys at rest (AES-256-GCM): 64 hex digits or
   * base64 of 32 random bytes (`openssl rand -hex 32`). Empty: no merchant can save its own
   * gateway account. Keep it secret and keep it: saved keys cannot be read without it.
   */
  PAYMENT_CONFIG_KEY: z
    .string()
    .default('')
    .refine((value) => value === '' || parseSecretKey(value) !== null, {
      message: '64 hex digits or base64 of 32 bytes (openssl rand -hex 32)',
    }),
  /** 微信支付 API v3 base URL (tests point it at a local fake). */
  PAYMENT_WECHAT_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.mch.weixin.qq.com'),
  /**
   * 微信 网页授权 page the payer is sent to inside 微信 for 微信内支付 (JSAPI):
   * `<this>/connect/oauth2/authorize?…#wechat_redirect` (tests point it at a local fake).
   */
  PAYMENT_WECHAT_OAUTH_URL: z.url({ protocol: /^https?$/ }).default('https://open.weixin.qq.com'),
  /**
   * 微信 公众号 API base URL: 网页授权's code is exchanged for the payer's openid at
   * `<this>/sns/oauth2/access_token` (tests point it at a local fake).
   */
  PAYMENT_WECHAT_SNS_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
  /** 支付宝 OpenAPI gateway (the sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  PAYMENT_ALIPAY_GATEWAY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://openapi.alipay.com/gateway.do'),
  /**
   * Public HTTPS origin the gateways send their notifications to, e.g. https://pay.example.com;
   * empty: the address the customer reached the merchant's site on.
   */
  PAYMENT_NOTIFY_BASE_URL: z.string().default(''),
  /**
   * Reconciliation: how often open gateway trades whose notification did not arrive are asked
   * about at the gateway (paid ones are settled, expired ones closed); 0 turns it off.
   */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** A payment QR code expires this long after it was issued (get_qrcode_refresh issues a new one). */
  PAYMENT_QR_TTL_SECONDS: z.coerce.number().int().min(30).default(300),
  /**
   * A recharge not paid within this time is closed. (An order payment lasts as long as its orders
   * can be paid: ORDER_UNPAID_CANCEL_MINUTES after they were placed.)
   */
  PAYMENT_EXPIRE_MINUTES: z.coerce.number().min(1).default(120),
  /** Merchant staff sign-in (POST /api/staff/Login): lifetime of the `stafftoken`. */
  STAFF_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  /**
   * HSTS: when the site is served over TLS (directly or behind a proxy), browsers are told to use
   * HTTPS only for this long; 0 sends no HSTS header (plain HTTP, as in the demo).
   */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0),
  /**
   * Tests and rehearsals only: the server's clock starts at this instant (ISO 8601 with offset,
   * e.g. 2031-12-31T23:59:00+08:00) and runs on in real time; empty is the real time. Refused
   * when NODE_ENV=production.
   */
  CLOCK_START: z
    .string()
    .default('')
    .refine((value) => value === '' || ISO_INSTANT.test(value), {
      message: 'an ISO 8601 instant with its offset, e.g. 2031-12-31T23:59:00+08:00',
    }),
});

export type Config = z.infer<typeof configSchema>;

/**
 * Every request-rate limit raised out of reach: for test servers and benchmarks, which sign in
 * and ask for tokens far more often than a person, from one address.
 */
export function withoutRateLimits(): Partial<Config> {
  return Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((name) => /^RATE_LIMIT_\w+_PER_MINUTE$/.test(name))
      .map((name) => [name, 1_000_000]),
  );
}

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`配置错误 / invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.CLOCK_START && Number.isNaN(Date.parse(config.CLOCK_START))) {
    throw new Error(`配置错误 / invalid configuration:\n  CLOCK_START: not a real date`);
  }
  if (config.RATE_LIMIT_STORE === 'redis' && !config.REDIS_URL) {
    throw new Error('配置错误 / invalid configuration:\n  REDIS_URL: required when RATE_LIMIT_STORE=redis');
  }
  if (config.CLOCK_START && config.NODE_ENV === 'production') {
    throw new Error(
      '配置错误 / invalid configuration:\n  CLOCK_START: only for NODE_ENV=test or development',
    );
  }
  return config;
}
