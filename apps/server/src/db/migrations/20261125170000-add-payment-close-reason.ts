import type { Kysely } from 'kysely';

/**
 * Why a payment was closed (docs/payments.md "Deadlines and closed payments"): expired, declined
 * at the gateway, or its orders cancelled — so the pay page can say which. Payments closed before
 * the reason was kept have it empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('close_reason', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('close_reason').execute();
}
