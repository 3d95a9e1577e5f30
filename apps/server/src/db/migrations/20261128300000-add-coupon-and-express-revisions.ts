import type { Kysely } from 'kysely';

/**
 * Revisions of coupons and express companies (docs/console.md, 营销 and 物流): a staff save names
 * the revision it read, and the update is refused when another member saved in between.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('express_companies')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('express_companies').dropColumn('revision').execute();
  await db.schema.alterTable('coupons').dropColumn('revision').execute();
}
