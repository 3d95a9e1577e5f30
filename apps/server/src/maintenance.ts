import type { ServerContext } from './context.ts';
import { deleteExpiredCaptchas } from './modules/captcha/captcha.repository.ts';
import { deleteExpiredAppTokens } from './modules/oauth/tokens.repository.ts';

const EVERY_MS = 10 * 60_000;

/** Deletes expired app tokens and captchas every ten minutes; returns a stop function. */
export function startMaintenance(context: ServerContext): () => void {
  const run = async () => {
    try {
      const now = context.clock.now();
      await deleteExpiredAppTokens(context.db, now);
      await deleteExpiredCaptchas(context.db, now);
    } catch (error) {
      context.log.warn({ err: error }, 'maintenance failed');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
