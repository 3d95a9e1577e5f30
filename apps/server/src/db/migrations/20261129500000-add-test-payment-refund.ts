import type { Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

/**
 * A paid 测试支付 is refunded to its payer automatically (docs/payments.md, "Test payment"): its
 * refund's state, number and the gateway's reason when refused are kept with the test payment.
 * `refund_status`: '' (none asked yet), processing, success, failed, or manual (paid before
 * automatic refunds: the merchant refunds it in the gateway's back office).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .alterTable('gateway_test_payments')
    .addColumn('refund_status', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('gateway_test_payments')
    .addColumn('refund_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('gateway_test_payments')
    .addColumn('refund_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gateway_test_payments')
    .addColumn('refund_failure', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('gateway_test_payments').addColumn('refunded_at', big).execute();
  await db.schema
    .alterTable('gateway_test_payments')
    .addColumn('notify_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Tests paid before this were to be refunded in the gateway's back office: never again here.
  await db
    .updateTable('gateway_test_payments')
    .set({ refund_status: 'manual' })
    .where('status', '=', 'paid')
    .execute();
  // The maintenance job looks for open test trades and paid ones whose refund was never asked.
  await db.schema
    .createIndex('gateway_test_payments_status')
    .on('gateway_test_payments')
    .columns(['status', 'refund_status', 'checked_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gateway_test_payments_status').execute();
  for (const column of [
    'notify_url',
    'refunded_at',
    'refund_failure',
    'refund_attempts',
    'refund_no',
    'refund_status',
  ]) {
    await db.schema.alterTable('gateway_test_payments').dropColumn(column).execute();
  }
}
