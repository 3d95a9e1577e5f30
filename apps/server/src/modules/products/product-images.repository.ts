import type { Insertable, Selectable, Transaction } from 'kysely';
import { selectRowsWhere } from '../../db/row-statements.ts';
import type { Db } from '../../db/database.ts';
import type { Database, ProductImageTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export type ProductImageRow = Selectable<ProductImageTable>;

/** The merchant's product pictures: of `productIds`, or all of them when it is omitted. */
export async function findProductImages(
  db: Executor,
  merchantId: number,
  productIds?: readonly number[],
): Promise<ProductImageRow[]> {
  if (productIds?.length === 0) return [];
  let query = db.selectFrom('product_images').selectAll().where('merchant_id', '=', merchantId);
  if (productIds) query = query.where('product_id', 'in', [...productIds]);
  return query.orderBy('product_id').orderBy('position').execute();
}

/** The merchant's main pictures (position 0): of `productIds`, or all of them when omitted. */
export async function findMainProductImages(
  db: Executor,
  merchantId: number,
  productIds?: readonly number[],
): Promise<ProductImageRow[]> {
  return selectRowsWhere(db, 'product_images', {
    merchant_id: merchantId,
    position: 0,
    product_id: productIds,
  });
}

/** The revision of a product's picture list; 0 before its first console save. */
export async function findProductImageRevision(
  db: Executor,
  merchantId: number,
  productId: number,
): Promise<number> {
  const row = await db
    .selectFrom('product_image_sets')
    .select('revision')
    .where('merchant_id', '=', merchantId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

/**
 * Moves a product's picture list from `revision` to the next one, in `trx`: true when it was at
 * `revision` (the row then stays locked until the transaction ends, so a second save from the
 * same reading waits and finds the list moved on).
 */
export async function claimProductImageRevision(
  trx: Transaction<Database>,
  merchantId: number,
  productId: number,
  revision: number,
  now: number,
): Promise<boolean> {
  await trx
    .insertInto('product_image_sets')
    .values({ merchant_id: merchantId, product_id: productId, revision: 0, updated_at: now })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'product_id']).doNothing())
    .execute();
  const result = await trx
    .updateTable('product_image_sets')
    .set((eb) => ({ revision: eb('revision', '+', 1), updated_at: now }))
    .where('merchant_id', '=', merchantId)
    .where('product_id', '=', productId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a product's pictures with `rows` (positions 0, 1, 2 … in their order), in `trx`. */
export async function replaceProductImages(
  trx: Transaction<Database>,
  merchantId: number,
  productId: number,
  rows: readonly Omit<Insertable<ProductImageTable>, 'merchant_id' | 'product_id' | 'position'>[],
): Promise<void> {
  await trx
    .deleteFrom('product_images')
    .where('merchant_id', '=', merchantId)
    .where('product_id', '=', productId)
    .execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('product_images')
    .values(
      rows.map((row, position) => ({ ...row, merchant_id: merchantId, product_id: productId, position })),
    )
    .execute();
}

/** Stores pictures of products that have none yet; a product that has one keeps it. */
export async function insertMissingProductImages(
  db: Executor,
  rows: readonly Insertable<ProductImageTable>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('product_images')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['merchant_id', 'product_id', 'position']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
