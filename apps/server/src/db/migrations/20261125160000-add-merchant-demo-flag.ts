import type { Kysely } from 'kysely';

/**
 * Marks demo merchants (docs/payments.md): only they pay through the embedded payment simulator
 * by default; any other merchant needs PAYMENT_PROVIDER=simulator set by the operator. The two
 * merchants the demo seed made before the flag existed are recognised by their code and name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('merchants')
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [code, name] of [
    ['demo', '墨砚快印'],
    ['maple', '红枫图文'],
  ]) {
    await db
      .updateTable('merchants')
      .set({ is_demo: 1 })
      .where('code', '=', code)
      .where('name', '=', name)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('is_demo').execute();
}
