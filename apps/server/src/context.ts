import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { MerchantResolver } from './modules/merchants/merchant-resolver.ts';
import type { CaptchaProvider } from './modules/captcha/captcha-provider.ts';
import type { SmsProvider } from './modules/sms/sms-provider.ts';

/** Everything a module needs, built once in buildApp and passed explicitly. */
export interface ServerContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  merchants: MerchantResolver;
  captcha: CaptchaProvider;
  sms: SmsProvider;
  /** HMAC key for captcha answers and signed links. */
  signingSecret: string;
}
