import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { MerchantDirectory } from './lib/merchant.ts';
import type { CaptchaProvider, SmsProvider } from './lib/providers.ts';
import type { TokenStore } from './lib/tokens.ts';

/** Everything a module needs, built once in buildApp and passed explicitly. */
export interface ServerContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  merchants: MerchantDirectory;
  captcha: CaptchaProvider;
  sms: SmsProvider;
  /** Token look-ups and revocations (cached briefly). */
  tokens: TokenStore;
  /** True when info-level lines are written (per-request child loggers are made only then). */
  logsInfo: boolean;
  /** HMAC key for captcha answers and signed links. */
  signingSecret: string;
}
