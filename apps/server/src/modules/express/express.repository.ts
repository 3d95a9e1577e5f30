import type { Insertable, Selectable, Updateable } from 'kysely';
import { selectRowsWhere } from '../../db/row-statements.ts';
import type { Db } from '../../db/database.ts';
import type { ExpressCompanyTable } from '../../db/schema.ts';

/** Every query of the express module; each takes the database or a transaction, scoped by merchant. */
export type ExpressCompanyRow = Selectable<ExpressCompanyTable>;

/** The merchant's active companies in display order. */
export async function listActiveCompanies(db: Db, merchantId: number): Promise<ExpressCompanyRow[]> {
  return db
    .selectFrom('express_companies')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findActiveCompany(
  db: Db,
  merchantId: number,
  id: number,
): Promise<ExpressCompanyRow | undefined> {
  const [company] = await selectRowsWhere(db, 'express_companies', {
    merchant_id: merchantId,
    id,
    is_active: 1,
  });
  return company;
}

/** The merchant's default company if it is active, else its first active one. */
export async function findPreferredCompany(
  db: Db,
  merchantId: number,
): Promise<ExpressCompanyRow | undefined> {
  return db
    .selectFrom('express_companies')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_active', '=', 1)
    .orderBy('is_default', 'desc')
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
}

/** True when the merchant has any express company, active or not. */
export async function hasCompanies(db: Db, merchantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('express_companies')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCompany(db: Db, row: Insertable<ExpressCompanyTable>): Promise<number> {
  const inserted = await db
    .insertInto('express_companies')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// ---- the console's 物流 ----

/** Every company of the merchant, active or not, in display order. */
export async function listMerchantCompanies(db: Db, merchantId: number): Promise<ExpressCompanyRow[]> {
  return db
    .selectFrom('express_companies')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findMerchantCompany(
  db: Db,
  merchantId: number,
  id: number,
): Promise<ExpressCompanyRow | undefined> {
  return db
    .selectFrom('express_companies')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Makes no company of the merchant the default except `keepId`, raising the revision of those that were. */
export async function clearOtherDefaults(
  db: Db,
  merchantId: number,
  keepId: number | null,
  now: number,
): Promise<void> {
  let query = db
    .updateTable('express_companies')
    .set((eb) => ({ is_default: 0, updated_at: now, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('is_default', '=', 1);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  await query.execute();
}

/** Writes a staff edit when the stored revision is still `revision`, raising it. */
export async function updateCompany(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: Updateable<ExpressCompanyTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('express_companies')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
