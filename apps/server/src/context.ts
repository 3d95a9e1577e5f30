import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { MerchantResolver } from './modules/merchants/merchant-resolver.ts';
import type { CaptchaProvider } from './modules/captcha/captcha-provider.ts';
import type { SmsProvider } from './modules/sms/sms-provider.ts';
import type { TokenVerifier } from './modules/oauth/token-verifier.ts';

/** Everything a module needs, built once in buildApp and passed explicitly. */
export interface ServerContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  merchants: MerchantResolver;
  captcha: CaptchaProvider;
  sms: SmsProvider;
  /** Token look-ups and revocations (cached briefly). */
  tokens: TokenVerifier;
  /** True when info-level lines are written (per-request child loggers are made only then). */
  logsInfo: boolean;
  /** HMAC key for captcha answers and signed links. */
  signingSecret: string;
}
