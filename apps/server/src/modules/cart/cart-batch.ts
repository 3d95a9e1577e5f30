/**
 * Batch ordering's way into the cart (docs/batch-ordering.md): configurations the server has
 * priced, put into the cart inside the caller's transaction, so that they go in together with
 * whatever else the caller records — all of them, or none.
 */
import type { CartLine, OrderAddress } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { pricedColumns, toCartLine } from './cart.mapper.ts';
import { countCartLines, insertLine } from './cart.repository.ts';
import { MAX_CART_LINES } from './cart.service.ts';
import type { PricedLine } from './line-pricing.ts';

/**
 * One priced configuration and the remarks it goes into the cart with; optionally its own
 * delivery address (an address-book entry and its copy) and its own artwork (one of the
 * customer's live files, checked by the caller).
 */
export interface PricedCartItem {
  line: PricedLine;
  remarks: string;
  address?: { id: number; address: OrderAddress } | null;
  artworkFileId?: number | null;
}

/**
 * Inserts every item as a cart line within `trx`, in order; refuses the whole batch when the
 * cart would hold more than MAX_CART_LINES. The lines come back in the wire form with
 * `ProductImage` null and no `ArtworkFiles`: the caller adds them once the transaction has committed.
 */
export async function addPricedCartLines(
  trx: Db,
  owner: CustomerScope,
  items: readonly PricedCartItem[],
  now: number,
): Promise<CartLine[]> {
  const { count } = await countCartLines(trx, owner);
  if (count + items.length > MAX_CART_LINES) {
    throw new AppError(
      'Failed',
      `购物车最多 ${MAX_CART_LINES} 个商品：已有 ${count} 个，本次加入 ${items.length} 个，请先结算或删除部分商品`,
    );
  }
  const lines: CartLine[] = [];
  for (const { line, remarks, address, artworkFileId } of items) {
    const row = await insertLine(trx, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      order_id: null,
      product_id: line.productId,
      price_mode: line.priceMode,
      ...pricedColumns(line),
      remarks,
      source_order_id: null,
      address_id: address?.id ?? null,
      address_json: address ? JSON.stringify(address.address) : null,
      artwork_file_id: artworkFileId ?? null,
      created_at: now,
      updated_at: now,
      removed_at: null,
    });
    lines.push(toCartLine(row, { ok: true, line }, null, null));
  }
  return lines;
}
