import type { Insertable, Selectable, Transaction } from 'kysely';
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
  return query.execute();
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
    .onConflict((conflict) => conflict.columns(['merchant_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
