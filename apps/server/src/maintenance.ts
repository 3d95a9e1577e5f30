import type { ServerContext } from './context.ts';
import { deleteStaleUnknownAccounts } from './db/login-attempts.ts';
import { purgeExpiredCaptchas } from './modules/captcha/index.ts';
import { purgeExpiredAppTokens } from './modules/oauth/index.ts';
import type { Services } from './composition.ts';
import { cancelExpiredUnpaidOrders } from './modules/orders/index.ts';

const EVERY_MS = 10 * 60_000;
/** How long wrong passwords for names that are no account are remembered (locks last less). */
const UNKNOWN_ACCOUNT_MEMORY_MS = 24 * 3_600_000;

/** One round of the order job: unpaid orders past their time cancelled, expired payments closed. */
export async function runOrderMaintenance(
  context: ServerContext,
  services: Pick<Services, 'orders' | 'payments'>,
): Promise<{ cancelled: number; closedPayments: number }> {
  const cancelled = await cancelExpiredUnpaidOrders(services.orders, context.db, context.clock.now());
  const closedPayments = await services.payments.closeExpired();
  return { cancelled, closedPayments };
}

/**
 * Deletes expired app tokens, captchas and stale counters of unknown sign-in names every ten
 * minutes, and runs the order job every ORDER_AUTO_CANCEL_CHECK_SECONDS; returns a stop function.
 */
export function startMaintenance(context: ServerContext, services: Services): () => void {
  const run = async () => {
    try {
      const now = context.clock.now();
      await purgeExpiredAppTokens(context.db, now);
      await deleteStaleUnknownAccounts(context.db, now - UNKNOWN_ACCOUNT_MEMORY_MS);
      await purgeExpiredCaptchas(context.db, now);
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
  // Open 微信支付 / 支付宝 trades whose notification did not arrive are asked about (docs/payments.md).
  const runReconcile = async () => {
    try {
      await services.gatewayTrades.reconcile();
    } catch (error) {
      context.log.warn({ err: error }, 'payment reconciliation failed');
    }
    // The console's 测试支付 on the same schedule: settled, refunded or closed the same way.
    try {
      await services.testPayments.reconcile();
    } catch (error) {
      context.log.warn({ err: error }, 'test payment reconciliation failed');
    }
  };
  const reconcileSeconds = context.config.PAYMENT_RECONCILE_SECONDS;
  const reconcileTimer =
    reconcileSeconds > 0 ? setInterval(() => void runReconcile(), reconcileSeconds * 1000) : null;
  reconcileTimer?.unref();
  return () => {
    clearInterval(timer);
    clearInterval(orderTimer);
    if (reconcileTimer) clearInterval(reconcileTimer);
  };
}
