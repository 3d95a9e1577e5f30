import type { Kysely } from 'kysely';

/**
 * A revision number on each merchant's site settings (docs/site-settings.md): a save names the
 * revision it was edited from and is refused when another save came first, so two staff editing
 * at once never silently overwrite each other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('merchants')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('revision').execute();
}
