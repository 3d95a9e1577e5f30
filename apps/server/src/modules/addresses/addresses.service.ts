/**
 * Delivery-address rules (spec §3, §5; docs/addresses-express-coupons.md): a customer keeps at
 * most MAX_DELIVERY_ADDRESSES, at most one of them default; the first address becomes the
 * default. Every change runs under the customer's lock, so the cap and the single default hold
 * under parallel requests (a partial unique index backs the latter in the database).
 */
import {
  MAX_DELIVERY_ADDRESSES,
  type OrderAddress,
  type AddDeliverGoodsAddressBody,
  type DeliverGoodsAddress,
  type DeliverGoodsAddressPage,
  type QueryDeliverGoodsAddressBody,
  type UpdateDeliverGoodsAddressBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { withLock } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import { addressCodes, toDeliverGoodsAddress } from './addresses.mapper.ts';
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  findAddress,
  findDefaultAddress,
  insertAddress,
  listAddresses,
  updateAddress,
  type DeliveryAddressRow,
} from './addresses.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export type { DeliveryAddressRow } from './addresses.repository.ts';

const lockKey = (owner: CustomerScope) => `address:${owner.merchantId}:${owner.customerId}`;

function addressColumns(
  body: Pick<AddDeliverGoodsAddressBody, 'contacts' | 'phoneNumber' | 'address' | 'region'>,
) {
  const [provinceCode = '', cityCode = '', regionCode = ''] = body.region.codes;
  return {
    contacts: body.contacts,
    phone_number: body.phoneNumber,
    province: body.region.province,
    city: body.region.city,
    region: body.region.region,
    province_code: provinceCode,
    city_code: cityCode,
    region_code: regionCode,
    address: body.address,
  };
}

/**
 * One of the customer's addresses, for checkout and the fee calculation.
 * @throws AppError AddressNotFound when it is not theirs or does not exist.
 */
export async function getDeliveryAddress(
  db: Db,
  owner: CustomerScope,
  id: number,
): Promise<DeliveryAddressRow> {
  const row = await findAddress(db, owner, id);
  if (!row) throw new AppError('AddressNotFound');
  return row;
}

/** The customer's default address, if they have one. */
export async function findDefaultDeliveryAddress(
  db: Db,
  owner: CustomerScope,
): Promise<DeliveryAddressRow | undefined> {
  return findDefaultAddress(db, owner);
}

/** QueryDeliverGoodsAddress: the customer's addresses as a spec §3 pager, default first. */
export async function queryDeliveryAddresses(
  context: ServerContext,
  owner: CustomerScope,
  body: QueryDeliverGoodsAddressBody,
): Promise<DeliverGoodsAddressPage> {
  const pageIndex = Math.max(1, body.pageindex);
  const offset = (pageIndex - 1) * body.limit;
  const [total, fallbackDefault] = await Promise.all([
    countAddresses(context.db, owner),
    findDefaultAddress(context.db, owner),
  ]);
  const rows = offset < total ? await listAddresses(context.db, owner, { offset, limit: body.limit }) : [];
  return {
    List: rows.map(toDeliverGoodsAddress),
    PageIndex: pageIndex,
    Limit: body.limit,
    PageCount: Math.ceil(total / body.limit),
    TotalCount: total,
    Attach: { SumAmount: 0, MaxCount: MAX_DELIVERY_ADDRESSES, DefaultId: fallbackDefault?.id ?? null },
  };
}

/** Every address of the customer (at most MAX_DELIVERY_ADDRESSES), as the list shows them: default first. */
export async function deliveryAddressesOf(db: Db, owner: CustomerScope): Promise<DeliverGoodsAddress[]> {
  const rows = await listAddresses(db, owner, { offset: 0, limit: MAX_DELIVERY_ADDRESSES });
  return rows.map(toDeliverGoodsAddress);
}

/** AddDeliverGoodsAddress: stores a checked address; the customer's first becomes the default. */
export async function addDeliveryAddress(
  context: ServerContext,
  owner: CustomerScope,
  body: AddDeliverGoodsAddressBody,
): Promise<DeliveryAddressRow> {
  return withLock(context.db, lockKey(owner), async (trx) => {
    const count = await countAddresses(trx, owner);
    if (count >= MAX_DELIVERY_ADDRESSES) throw new AppError('AddressLimitReached');
    const isDefault = body.IsDefault || count === 0;
    const now = context.clock.now();
    if (isDefault) await clearDefault(trx, owner, null);
    const id = await insertAddress(trx, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      ...addressColumns(body),
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    return getDeliveryAddress(trx, owner, id);
  });
}

/**
 * Stores several checked addresses at once (an Excel import): all of them, or none when they would
 * take the customer past MAX_DELIVERY_ADDRESSES. The one marked default (at most one) becomes the
 * default; otherwise a customer without addresses gets the first as default. Returns the new ids,
 * in the given order.
 */
export async function addDeliveryAddresses(
  context: ServerContext,
  owner: CustomerScope,
  bodies: readonly AddDeliverGoodsAddressBody[],
): Promise<number[]> {
  return withLock(context.db, lockKey(owner), async (trx) => {
    const count = await countAddresses(trx, owner);
    if (count + bodies.length > MAX_DELIVERY_ADDRESSES) {
      throw new AppError(
        'AddressLimitReached',
        `最多保存 ${MAX_DELIVERY_ADDRESSES} 个收货地址：已有 ${count} 个，本次导入 ${bodies.length} 个，请先删除部分地址或减少导入的行`,
      );
    }
    const marked = bodies.findIndex((body) => body.IsDefault);
    const defaultAt = marked >= 0 ? marked : count === 0 ? 0 : -1;
    if (defaultAt >= 0) await clearDefault(trx, owner, null);
    const now = context.clock.now();
    const ids: number[] = [];
    for (const [index, body] of bodies.entries()) {
      ids.push(
        await insertAddress(trx, {
          merchant_id: owner.merchantId,
          customer_id: owner.customerId,
          ...addressColumns(body),
          is_default: index === defaultAt ? 1 : 0,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    return ids;
  });
}

/** What became of one address given to {@link matchOrAddDeliveryAddresses}. */
export interface MatchedAddress {
  /** The address-book entry it is. */
  id: number;
  /** `matched`: an entry the book already had (or an earlier one of the same batch); `added`: new. */
  status: 'matched' | 'added';
  /** The copy a cart line or an order keeps. */
  address: OrderAddress;
}

/** Two addresses are the same delivery when these agree (blanks and letter case aside). */
function sameDeliveryKey(fields: {
  contacts: string;
  phone: string;
  codes: readonly string[];
  region: string;
  address: string;
}): string {
  const squeeze = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  return JSON.stringify([
    squeeze(fields.contacts),
    squeeze(fields.phone),
    fields.codes.join('/'),
    squeeze(fields.region),
    squeeze(fields.address),
  ]);
}

const rowKey = (row: DeliveryAddressRow) =>
  sameDeliveryKey({
    contacts: row.contacts,
    phone: row.phone_number,
    codes: addressCodes(row),
    region: `${row.province}${row.city}${row.region}`,
    address: row.address,
  });

const bodyKey = (body: AddDeliverGoodsAddressBody) =>
  sameDeliveryKey({
    contacts: body.contacts,
    phone: body.phoneNumber,
    codes: body.region.codes.filter((code) => code !== ''),
    region: `${body.region.province}${body.region.city}${body.region.region}`,
    address: body.address,
  });

/** A stored address as an order (or a cart line) keeps it. */
function orderAddressOf(row: DeliveryAddressRow): OrderAddress {
  const codes = addressCodes(row);
  return {
    Contacts: row.contacts,
    PhoneNumber: row.phone_number,
    Province: row.province,
    City: row.city,
    Region: row.region,
    Address: row.address,
    Citys: codes,
    ProvinceCode: row.province_code,
  };
}

/**
 * Finds each address in the customer's address book — the same receiver, phone, region and street
 * (blanks and case aside) — or adds it, then runs `within` in the same transaction under the
 * customer's address lock, so that what the caller stores with the addresses (a batch import's
 * cart lines) is stored with them or not at all, and parallel batches never add one address twice.
 * New entries never change the default, except that a customer without addresses gets the first.
 * @throws AppError AddressLimitReached when the new ones would pass MAX_DELIVERY_ADDRESSES.
 */
export async function matchOrAddDeliveryAddresses<T>(
  context: ServerContext,
  owner: CustomerScope,
  bodies: readonly AddDeliverGoodsAddressBody[],
  within: (trx: Db, matched: MatchedAddress[]) => Promise<T>,
): Promise<T> {
  return withLock(context.db, lockKey(owner), async (trx) => {
    const rows = await listAddresses(trx, owner, { offset: 0, limit: MAX_DELIVERY_ADDRESSES });
    const known = new Map(rows.map((row) => [rowKey(row), row]));
    const fresh = new Map<string, AddDeliverGoodsAddressBody>();
    for (const body of bodies) {
      const key = bodyKey(body);
      if (!known.has(key) && !fresh.has(key)) fresh.set(key, body);
    }
    if (rows.length + fresh.size > MAX_DELIVERY_ADDRESSES) {
      throw new AppError(
        'AddressLimitReached',
        `最多保存 ${MAX_DELIVERY_ADDRESSES} 个收货地址：已有 ${rows.length} 个，本次要新增 ${fresh.size} 个，请先删除部分地址或减少不同的收货地址`,
      );
    }
    const now = context.clock.now();
    const added = new Set<string>();
    for (const [key, body] of fresh) {
      const isDefault = rows.length === 0 && added.size === 0;
      const id = await insertAddress(trx, {
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        ...addressColumns(body),
        is_default: isDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      known.set(key, await getDeliveryAddress(trx, owner, id));
      added.add(key);
    }
    const reported = new Set<string>();
    const matched = bodies.map((body): MatchedAddress => {
      const key = bodyKey(body);
      const row = known.get(key)!;
      const isNew = added.has(key) && !reported.has(key);
      reported.add(key);
      return { id: row.id, status: isNew ? 'added' : 'matched', address: orderAddressOf(row) };
    });
    return within(trx, matched);
  });
}

/**
 * UpdateDeliverGoodsAddress: replaces every field of one of the customer's addresses.
 * IsDefault true makes it the default, false clears it, null keeps it as it was.
 */
export async function updateDeliveryAddress(
  context: ServerContext,
  owner: CustomerScope,
  body: UpdateDeliverGoodsAddressBody,
): Promise<DeliveryAddressRow> {
  return withLock(context.db, lockKey(owner), async (trx) => {
    const current = await getDeliveryAddress(trx, owner, body.Id);
    const isDefault = body.IsDefault ?? current.is_default === 1;
    if (isDefault) await clearDefault(trx, owner, body.Id);
    await updateAddress(trx, owner, body.Id, {
      ...addressColumns(body),
      is_default: isDefault ? 1 : 0,
      updated_at: context.clock.now(),
    });
    return getDeliveryAddress(trx, owner, body.Id);
  });
}

/** SetDefaultDeliverGoodsAddress: makes one address the default and clears the others. */
export async function setDefaultDeliveryAddress(
  context: ServerContext,
  owner: CustomerScope,
  id: number,
): Promise<DeliveryAddressRow> {
  return withLock(context.db, lockKey(owner), async (trx) => {
    await getDeliveryAddress(trx, owner, id);
    await clearDefault(trx, owner, id);
    await updateAddress(trx, owner, id, { is_default: 1 });
    return getDeliveryAddress(trx, owner, id);
  });
}

/**
 * DeleteDeliverGoodsAddress: removes one of the customer's addresses. Orders keep their own copy
 * of the address, so nothing else changes; deleting the default leaves the customer without one.
 */
export async function deleteDeliveryAddress(
  context: ServerContext,
  owner: CustomerScope,
  id: number,
): Promise<{ Id: number; DefaultId: number | null }> {
  return withLock(context.db, lockKey(owner), async (trx) => {
    if ((await deleteAddress(trx, owner, id)) === 0) throw new AppError('AddressNotFound');
    const remainingDefault = await findDefaultAddress(trx, owner);
    return { Id: id, DefaultId: remainingDefault?.id ?? null };
  });
}

/** An address as an order keeps it: copied at checkout, unaffected by later edits. */
export interface ShippingAddress {
  id: number;
  /** The snapshot stored with the order. */
  address: OrderAddress;
  /** Division codes, province first: what shipping fees are looked up by. */
  codes: string[];
}

/**
 * One of the customer's addresses, for shipping: the order's snapshot and the division codes.
 * @throws AppError AddressNotFound when it is not theirs or does not exist.
 */
export async function shippingAddress(db: Db, owner: CustomerScope, id: number): Promise<ShippingAddress> {
  const row = await getDeliveryAddress(db, owner, id);
  return { id: row.id, codes: addressCodes(row), address: orderAddressOf(row) };
}
