import type { ServerContext } from './context.ts';
import { deleteExpiredCaptchas } from './modules/captcha/index.ts';
import { deleteExpiredAppTokens } from './modules/oauth/index.ts';
import type { Services } from './composition.ts';
import { cancelExpiredUnpaidOrders } from './modules/orders/index.ts';

const EVERY_MS = 10 * 60_000;

/**
 * Deletes expired app tokens and captchas every ten minutes, and runs the order job every
 * ORDER_AUTO_CANCEL_CHECK_SECONDS; returns a stop function.
 */
/** One round of the order job: unpaid orders past their time cancelled, expired payments closed. */
export async function runOrderMaintenance(
  context: ServerContext,
  services: Pick<Services, 'orders' | 'payments'>,
): Promise<{ cancelled: number; closedPayments: number }> {
  const cancelled = await cancelExpiredUnpaidOrders(services.orders, context.db, context.clock.now());
  const closedPayments = await services.payments.closeExpired();
  return { cancelled, closedPayments };
}

export function startMaintenance(context: ServerContext, services: Services): () => void {
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
  // Unpaid orders past ORDER_UNPAID_CANCEL_MINUTES are cancelled; expired payments closed.
  const runOrders = async () => {
    try {
      await runOrderMaintenance(context, services);
    } catch (error) {
      context.log.warn({ err: error }, 'order maintenance failed');
    }
  };
  const orderTimer = setInterval(
    () => void runOrders(),
    context.config.ORDER_AUTO_CANCEL_CHECK_SECONDS * 1000,
  );
  orderTimer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(orderTimer);
  };
}
