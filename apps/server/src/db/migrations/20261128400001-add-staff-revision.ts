import type { Kysely } from 'kysely';

/**
 * A revision of each staff account (docs/console.md, 员工): SaveStaff brings back the revision it
 * read, and a save over another administrator's change in between is refused (EditConflict).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('revision').execute();
}
