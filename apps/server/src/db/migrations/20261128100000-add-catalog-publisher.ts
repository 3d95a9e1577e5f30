import type { Kysely } from 'kysely';

/**
 * Who published each catalogue version from the console (docs/catalog.md, "Publishing from the
 * console"): the staff member's name, or '' for a version imported from the command line or the
 * demo seed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('catalogs')
    .addColumn('published_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogs').dropColumn('published_by').execute();
}
