/**
 * What other modules read of payments: a customer's balance (the bill page) and every payment
 * that included an order (the staff order detail).
 */
import type { StaffOrderDetail } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { findBalance } from './balance-ledger.repository.ts';
import { listPaymentsOfOrder } from './payments.repository.ts';

/** The customer's balance in fen (0 before their first top-up). */
export function balanceOf(db: Db, owner: CustomerScope): Promise<number> {
  return findBalance(db, owner);
}

/** Every payment that included the order, oldest first, with what it did for the order. */
export async function paymentsOfOrder(db: Db, orderId: number): Promise<StaffOrderDetail['Payments']> {
  const payments = await listPaymentsOfOrder(db, orderId);
  return payments.map((payment) => ({
    PaymentNo: payment.payment_no,
    Status: payment.status,
    PayMethod: payment.method,
    AmountFen: payment.amount_fen,
    PaidAt: payment.paid_at === null ? null : new Date(payment.paid_at).toISOString(),
    Outcome: payment.outcome,
  }));
}
