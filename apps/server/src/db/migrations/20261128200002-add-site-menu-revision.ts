import type { Kysely } from 'kysely';

/**
 * Editing menus from the console (docs/website.md, "Editing from the console"): a revision on each
 * ad, raised by every save, so two staff members editing the same menu entry never silently
 * overwrite each other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('site_menus')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_menus').dropColumn('revision').execute();
}
