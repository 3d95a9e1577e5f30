/**
 * The console's 营销 section (docs/addresses-express-coupons.md#coupons-in-the-console): the
 * merchant's coupons with what became of them, and creating, editing, stopping and starting them.
 * A save names the revision it read (EditConflict otherwise). Once a customer holds a copy, the
 * fields that decide its value (COUPON_FIXED_FIELDS) are fixed and 有效期结束 may only move later —
 * held copies then move with it. Nothing is cached: the customer calls read the rows, so every
 * change counts at once.
 */
import { randomBytes } from 'node:crypto';
import {
  COUPON_FIXED_FIELDS,
  COUPON_STATUS_NAMES,
  CouponStatus,
  type SaveCouponBody,
  type SetCouponActiveBody,
  type StaffCoupon,
  type StaffCouponList,
} from '@inkstone/contracts';
import {
  CouponScopeType,
  describeCouponDiscount,
  describeCouponScope,
  describeCouponThreshold,
  formatChinaDateTime,
} from '@inkstone/domain';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CouponCatalog, CouponCatalogSource } from './coupon-catalog.ts';
import {
  couponUsage,
  extendHeldCopies,
  findMerchantCoupon,
  listMerchantCoupons,
  updateCouponActive,
  updateCouponTerms,
  type CouponUsage,
} from './coupons.admin-repository.ts';
import { parseScopeIds, toCouponTerms } from './coupons.mapper.ts';
import { insertCoupon, type CouponRow } from './coupons.repository.ts';

/** What the staff routes call for 营销. */
export interface CouponAdmin {
  list(merchantId: number): Promise<StaffCouponList>;
  save(merchantId: number, input: SaveCouponBody): Promise<StaffCoupon>;
  setActive(merchantId: number, input: SetCouponActiveBody): Promise<StaffCoupon>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const NO_USAGE: CouponUsage = { received: 0, used: 0, discountedFen: 0 };

function statusOf(row: CouponRow, now: number): CouponStatus {
  if (row.is_active !== 1) return CouponStatus.Stopped;
  if (now >= row.receive_ends_at || now >= row.valid_ends_at) return CouponStatus.Ended;
  if (now < row.receive_starts_at) return CouponStatus.NotStarted;
  if (row.remaining_stock <= 0) return CouponStatus.SoldOut;
  return CouponStatus.Active;
}

function toStaffCoupon(row: CouponRow, usage: CouponUsage, catalog: CouponCatalog, now: number): StaffCoupon {
  const terms = toCouponTerms(row, catalog);
  const status = statusOf(row, now);
  const isPercent = terms.discountType === 'percent';
  return {
    Id: row.id,
    Code: row.code,
    Name: row.name,
    Description: row.description,
    DiscountType: terms.discountType,
    AmountOffFen: isPercent ? 0 : terms.amountOffFen,
    PayPercent: isPercent ? terms.payPercent : 100,
    MaxDiscountFen: isPercent ? terms.maxDiscountFen : null,
    ThresholdFen: terms.thresholdFen,
    ScopeType: terms.scopeType,
    ScopeIds: [...terms.scopeIds],
    DiscountText: describeCouponDiscount(terms),
    ThresholdText: describeCouponThreshold(terms),
    ScopeText: describeCouponScope(terms),
    ReceiveStartTime: iso(row.receive_starts_at),
    ReceiveEndTime: iso(row.receive_ends_at),
    ValidStartTime: iso(row.valid_starts_at),
    ValidEndTime: iso(row.valid_ends_at),
    ValidDays: row.valid_days,
    PerCustomerLimit: row.per_customer_limit,
    TotalStock: row.total_stock,
    RemainingStock: row.remaining_stock,
    SortOrder: row.sort_order,
    IsActive: row.is_active === 1,
    Status: status,
    StatusText: COUPON_STATUS_NAMES[status],
    ReceivedCount: usage.received,
    UsedCount: usage.used,
    DiscountedFen: usage.discountedFen,
    Revision: row.revision,
    CreateTime: iso(row.created_at),
    UpdateTime: iso(row.updated_at),
  };
}

/** The stored columns of a saved body (the terms a percent or amount coupon does not use are zeroed). */
function columnsOf(input: SaveCouponBody) {
  const isPercent = input.DiscountType === 'percent';
  const scoped = input.ScopeType !== CouponScopeType.All;
  return {
    name: input.Name,
    description: input.Description,
    discount_type: input.DiscountType,
    amount_off_fen: isPercent ? 0 : input.AmountOffFen,
    pay_percent: isPercent ? input.PayPercent : 100,
    max_discount_fen: isPercent ? (input.MaxDiscountFen ?? null) : null,
    threshold_fen: input.ThresholdFen,
    scope_type: input.ScopeType,
    scope_ids: scoped ? input.ScopeIds.join(',') : '',
    receive_starts_at: input.ReceiveStartTime,
    receive_ends_at: input.ReceiveEndTime,
    valid_starts_at: input.ValidStartTime,
    valid_ends_at: input.ValidEndTime,
    valid_days: input.ValidDays ?? null,
    per_customer_limit: input.PerCustomerLimit,
    sort_order: input.SortOrder,
  };
}
type CouponColumns = ReturnType<typeof columnsOf>;

/** The value-deciding fields whose stored value `next` changes, by their Chinese names. */
function changedFixedFields(row: CouponRow, next: CouponColumns): string[] {
  const names: string[] = [];
  const differs: Record<keyof typeof COUPON_FIXED_FIELDS, boolean> = {
    DiscountType: row.discount_type !== next.discount_type,
    AmountOffFen: row.amount_off_fen !== next.amount_off_fen,
    PayPercent: row.pay_percent !== next.pay_percent,
    MaxDiscountFen: row.max_discount_fen !== next.max_discount_fen,
    ThresholdFen: row.threshold_fen !== next.threshold_fen,
    ScopeType: row.scope_type !== next.scope_type,
    ScopeIds: parseScopeIds(row.scope_ids).join(',') !== next.scope_ids,
    ValidStartTime: row.valid_starts_at !== next.valid_starts_at,
    ValidDays: row.valid_days !== next.valid_days,
  };
  for (const [field, changed] of Object.entries(differs)) {
    if (changed) names.push(COUPON_FIXED_FIELDS[field as keyof typeof COUPON_FIXED_FIELDS]);
  }
  return names;
}

/** Refuses scope ids the merchant's catalogue does not have, naming them. */
function checkScope(input: SaveCouponBody, catalog: CouponCatalog): void {
  if (input.ScopeType === CouponScopeType.All) return;
  const options = catalog.scopeOptions();
  const known = new Set(
    input.ScopeType === CouponScopeType.Products
      ? options.products.map((product) => product.id)
      : options.categories.map((category) => category.id),
  );
  const unknown = input.ScopeIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const what = input.ScopeType === CouponScopeType.Products ? '商品' : '分类';
    throw new AppError(
      'ValidationFailed',
      `适用${what}中有商品目录里没有的${what}：编号 ${unknown.slice(0, 5).join('、')}`,
    );
  }
}

function frozenMessage(issued: number, fields: readonly string[]): string {
  return (
    `已有客户领取了${issued}张该优惠券，不能再修改${fields.join('、')}：已领取的券按领取时的规则使用。` +
    '可以修改名称、说明、领取时间、发放总量、每人限领和排序，或延后有效期结束时间；要换规则请停用此券后新建'
  );
}

async function describe(
  db: Db,
  catalogs: CouponCatalogSource,
  merchantId: number,
  id: number,
  now: number,
): Promise<StaffCoupon> {
  const row = await findMerchantCoupon(db, merchantId, id);
  if (!row) throw new AppError('CouponNotFound');
  const usage = (await couponUsage(db, merchantId, [id])).get(id) ?? NO_USAGE;
  return toStaffCoupon(row, usage, await catalogs(merchantId), now);
}

/** The 营销 calls over the database, the clock and the merchant's catalogue. */
export function createCouponAdmin(
  context: Pick<ServerContext, 'db' | 'clock'>,
  catalogs: CouponCatalogSource,
): CouponAdmin {
  const { db, clock } = context;

  async function create(merchantId: number, input: SaveCouponBody): Promise<StaffCoupon> {
    const now = clock.now();
    if (input.ReceiveEndTime <= now) {
      throw new AppError(
        'ValidationFailed',
        `领取结束时间（${formatChinaDateTime(input.ReceiveEndTime)}）已过，请选择将来的时间`,
      );
    }
    const id = await insertCoupon(db, {
      ...columnsOf(input),
      merchant_id: merchantId,
      code: `C${now.toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`,
      total_stock: input.TotalStock,
      remaining_stock: input.TotalStock,
      is_public: 1,
      is_active: 1,
      created_at: now,
      updated_at: now,
    });
    return describe(db, catalogs, merchantId, id, now);
  }

  async function edit(
    merchantId: number,
    id: number,
    revision: number,
    input: SaveCouponBody,
    catalog: CouponCatalog,
  ): Promise<StaffCoupon> {
    const now = clock.now();
    const next = columnsOf(input);
    await db.transaction().execute(async (trx) => {
      const row = await findMerchantCoupon(trx, merchantId, id);
      if (!row) throw new AppError('CouponNotFound');
      if (row.revision !== revision) throw new AppError('EditConflict');
      if (row.scope_type !== next.scope_type || parseScopeIds(row.scope_ids).join(',') !== next.scope_ids) {
        checkScope(input, catalog);
      }
      const issued = row.total_stock - row.remaining_stock;
      const fixed = changedFixedFields(row, next);
      if (issued > 0) {
        if (fixed.length > 0) throw new AppError('ValidationFailed', frozenMessage(issued, fixed));
        if (next.valid_ends_at < row.valid_ends_at) {
          throw new AppError(
            'ValidationFailed',
            `已有客户领取了${issued}张该优惠券，有效期结束时间只能延后，不能提前（现为 ${formatChinaDateTime(row.valid_ends_at)}）`,
          );
        }
      }
      if (input.TotalStock < issued) {
        throw new AppError('ValidationFailed', `已有客户领取了${issued}张，发放总量不能少于${issued}张`);
      }
      const saved = await updateCouponTerms(
        trx,
        merchantId,
        id,
        revision,
        { ...next, updated_at: now },
        input.TotalStock,
        fixed.length > 0 || next.valid_ends_at < row.valid_ends_at,
      );
      if (!saved) {
        // Between the read and the write: another member saved (the revision moved), or a
        // customer received a copy of a coupon whose value this save changes.
        const fresh = await findMerchantCoupon(trx, merchantId, id);
        if (!fresh || fresh.revision !== revision) throw new AppError('EditConflict');
        const nowIssued = fresh.total_stock - fresh.remaining_stock;
        if (input.TotalStock < nowIssued) {
          throw new AppError(
            'ValidationFailed',
            `已有客户领取了${nowIssued}张，发放总量不能少于${nowIssued}张`,
          );
        }
        throw new AppError(
          'ValidationFailed',
          frozenMessage(nowIssued, fixed.length > 0 ? fixed : ['有效期结束时间']),
        );
      }
      if (issued > 0 && next.valid_ends_at > row.valid_ends_at) {
        await extendHeldCopies(trx, id, row.valid_ends_at, next.valid_ends_at, row.valid_days);
      }
    });
    return describe(db, catalogs, merchantId, id, now);
  }

  return {
    async list(merchantId) {
      const now = clock.now();
      const [rows, usage, catalog] = await Promise.all([
        listMerchantCoupons(db, merchantId),
        couponUsage(db, merchantId),
        catalogs(merchantId),
      ]);
      const options = catalog.scopeOptions();
      return {
        List: rows.map((row) => toStaffCoupon(row, usage.get(row.id) ?? NO_USAGE, catalog, now)),
        ScopeOptions: {
          Products: options.products.map((product) => ({
            Id: product.id,
            Title: product.title,
            CategoryId: product.categoryId,
          })),
          Categories: options.categories.map((category) => ({
            Id: category.id,
            Title: category.title,
            ParentId: category.parentId,
          })),
        },
      };
    },

    async save(merchantId, input) {
      const catalog = await catalogs(merchantId);
      if (input.Id === null || input.Id === undefined) {
        checkScope(input, catalog);
        return create(merchantId, input);
      }
      return edit(merchantId, input.Id, input.Revision!, input, catalog);
    },

    async setActive(merchantId, input) {
      const now = clock.now();
      const saved = await updateCouponActive(db, merchantId, input.Id, input.Revision, input.IsActive, now);
      if (!saved) {
        const row = await findMerchantCoupon(db, merchantId, input.Id);
        throw new AppError(row ? 'EditConflict' : 'CouponNotFound');
      }
      return describe(db, catalogs, merchantId, input.Id, now);
    },
  };
}
