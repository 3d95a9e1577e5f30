import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StaffAuditLogTable } from '../../db/schema.ts';

/** Queries of the 操作日志. Rows are only ever inserted: there is no update or delete here. */
export type AuditRow = Selectable<StaffAuditLogTable>;

export async function insertAuditRows(db: Db, rows: Insertable<StaffAuditLogTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('staff_audit_log').values(rows).execute();
}

/** Which rows a query shows (one merchant's). */
export interface AuditFilter {
  merchantId: number;
  staffId?: number;
  callName?: string;
  /** Part of the target's label or id (`%` and `_` match themselves). */
  target?: string;
  fromMs?: number;
  toMs?: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('staff_audit_log').where('merchant_id', '=', filter.merchantId);
  if (filter.staffId !== undefined) query = query.where('staff_id', '=', filter.staffId);
  if (filter.callName) query = query.where('call_name', '=', filter.callName);
  if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('created_at', '<', filter.toMs);
  if (filter.target) {
    const pattern = `%${escapeLike(filter.target.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(target_label)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(target_id)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of rows, newest first, and how many match. */
export async function queryAuditRows(
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The calls the merchant's log holds, each with its latest label. */
export async function auditCallNames(db: Db, merchantId: number): Promise<{ call: string; label: string }[]> {
  const rows = await db
    .selectFrom('staff_audit_log')
    .select(['call_name', (eb) => eb.fn.max('action_label').as('label')])
    .where('merchant_id', '=', merchantId)
    .groupBy('call_name')
    .orderBy('call_name')
    .execute();
  return rows.map((row) => ({ call: row.call_name, label: String(row.label ?? '') }));
}
