import type { Kysely } from 'kysely';

/**
 * A cart line's own delivery address and artwork (docs/excel.md "Batch orders"): a batch-order
 * import gives each row its address (a copy, and the address-book entry it was matched to or
 * added as) and the customer's upload its 文件名 names. Checkout sends lines with their own
 * address to it, one order per address, and attaches the line's file as its artwork.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('address_id', 'integer').execute();
  await db.schema.alterTable('order_lines').addColumn('address_json', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('artwork_file_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('artwork_file_id').execute();
  await db.schema.alterTable('order_lines').dropColumn('address_json').execute();
  await db.schema.alterTable('order_lines').dropColumn('address_id').execute();
}
