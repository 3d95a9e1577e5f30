import type { Kysely } from 'kysely';

/**
 * A customer's orders and ledger lines in id order (docs/excel.md): an export walks them newest
 * first in keyset pages (`… AND id < ? ORDER BY id DESC LIMIT n`), and the order list's 全部 tab
 * reads its first page the same way. Without these, each page sorted every row of the customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_customer_id')
    .on('orders')
    .columns(['merchant_id', 'customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_customer_id')
    .on('ledger_entries')
    .columns(['merchant_id', 'customer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_customer_id').execute();
  await db.schema.dropIndex('orders_customer_id').execute();
}
