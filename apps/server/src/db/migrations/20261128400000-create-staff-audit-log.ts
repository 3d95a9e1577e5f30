import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * The console's 操作日志 (docs/console.md): one row for every change a staff member made and every
 * staff sign-in, written by the staff call plumbing (modules/audit). Append-only: the database
 * itself refuses to change or delete a row (triggers below), so not even a bug or a console of
 * the database's own rewrites history without dropping the triggers first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('staff_audit_log'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    // No foreign key: a row names the member as they were, and a failed sign-in may name no one.
    .addColumn('staff_id', 'integer')
    .addColumn('staff_account', 'varchar(64)', (c) => c.notNull())
    .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('call_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('action_label', 'varchar(100)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('staff_audit_log_merchant')
    .on('staff_audit_log')
    .columns(['merchant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('staff_audit_log_member')
    .on('staff_audit_log')
    .columns(['merchant_id', 'staff_id', 'id'])
    .execute();
  await db.schema
    .createIndex('staff_audit_log_call')
    .on('staff_audit_log')
    .columns(['merchant_id', 'call_name', 'id'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function staff_audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'staff_audit_log is append-only: % refused', tg_op;
      end
      $$`.execute(db);
    await sql`
      create trigger staff_audit_log_no_update_or_delete before update or delete on staff_audit_log
      for each row execute function staff_audit_log_refuse_change()`.execute(db);
    await sql`
      create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
      for each statement execute function staff_audit_log_refuse_change()`.execute(db);
  } else {
    await sql`
      create trigger staff_audit_log_no_update before update on staff_audit_log
      begin select raise(abort, 'staff_audit_log is append-only: UPDATE refused'); end`.execute(db);
    await sql`
      create trigger staff_audit_log_no_delete before delete on staff_audit_log
      begin select raise(abort, 'staff_audit_log is append-only: DELETE refused'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_audit_log').execute();
  if (isPostgres(db)) await sql`drop function staff_audit_log_refuse_change()`.execute(db);
}
