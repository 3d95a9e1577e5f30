/**
 * Receiving coupons and the two coupon lists (spec §7 Coupons; docs/addresses-express-coupons.md).
 * Receiving holds the lock of (coupon, customer) — the per-customer limit is a count-then-insert —
 * and takes stock with a conditional update, so the stock never falls below zero and no customer
 * gets more than the limit, however many requests arrive at once. Checkout's use of a coupon is in
 * coupons.checkout.ts.
 */
import {
  CouponState,
  type ReceivableCouponPage,
  type ReceiveListBody,
  type ReceivedCoupon,
  type ReceivedCouponPage,
  type WaitReceiveListBody,
} from '@inkstone/contracts';
import { evaluateCoupon, formatChinaDateTime, type CouponLine } from '@inkstone/domain';
import type { ServerContext } from '../../context.ts';
import { withLock } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CouponCatalog, CouponCatalogSource } from './coupon-catalog.ts';
import {
  stateOf,
  toCouponTerms,
  toReceivableCoupon,
  toReceivedCoupon,
  validityOf,
} from './coupons.mapper.ts';
import {
  countCustomerCoupons,
  countCustomerCouponsByState,
  countCustomerCopies,
  countReceivableCoupons,
  findCouponsByIds,
  findReceivableCoupon,
  insertCustomerCoupon,
  listCustomerCoupons,
  listReceivableCoupons,
  takeCouponStock,
  type CouponRow,
  type CustomerCouponRow,
  type ReceivedFilter,
} from './coupons.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/** What a list call judges each coupon against. */
interface ListContext {
  lines: CouponLine[];
  paymentAmountFen: number | null;
}

function listContextOf(
  catalog: CouponCatalog,
  body: { productId?: number | null; paymentAmount?: number | null },
): ListContext {
  const productId = body.productId && body.productId > 0 ? body.productId : null;
  return {
    lines:
      productId === null
        ? []
        : [{ productId, categoryIds: catalog.categoryIdsOf(productId), amountFen: null }],
    paymentAmountFen: body.paymentAmount && body.paymentAmount > 0 ? body.paymentAmount : null,
  };
}

function pageOf(pageindex: number, limit: number) {
  const pageIndex = Math.max(1, pageindex);
  return { pageIndex, offset: (pageIndex - 1) * limit, limit };
}

/** A customer's coupon with its terms, judged against a list's product and payment at `now`. */
function describeReceived(
  copy: CustomerCouponRow,
  coupon: CouponRow,
  catalog: CouponCatalog,
  list: ListContext,
  now: number,
): ReceivedCoupon {
  const terms = toCouponTerms(coupon, catalog);
  const state = stateOf(copy, now);
  const evaluation =
    state === CouponState.Used
      ? { ok: false as const, reason: '优惠券已使用' }
      : evaluateCoupon(terms, {
          now,
          validStartsAt: copy.valid_starts_at,
          validEndsAt: copy.valid_ends_at,
          paymentAmountFen: list.paymentAmountFen,
          lines: list.lines,
        });
  return toReceivedCoupon(copy, coupon, terms, state, evaluation);
}

/**
 * receive: gives the customer one copy of a coupon.
 * @throws AppError CouponNotFound, CouponNotReceivable (outside the receiving window),
 *   CouponLimitReached, CouponSoldOut.
 */
export async function receiveCoupon(
  context: Pick<ServerContext, 'db' | 'clock'>,
  catalogs: CouponCatalogSource,
  owner: CustomerScope,
  couponId: number,
): Promise<ReceivedCoupon> {
  const { copy, coupon } = await withLock(
    context.db,
    `coupon:${couponId}:customer:${owner.customerId}`,
    async (trx) => {
      const found = await findReceivableCoupon(trx, owner.merchantId, couponId);
      if (!found) throw new AppError('CouponNotFound');
      const now = context.clock.now();
      if (now < found.receive_starts_at) {
        throw new AppError(
          'CouponNotReceivable',
          `优惠券尚未开始领取，${formatChinaDateTime(found.receive_starts_at)} 开始`,
        );
      }
      if (now >= found.receive_ends_at || now >= found.valid_ends_at) {
        throw new AppError('CouponNotReceivable', '优惠券领取已结束');
      }
      const held = await countCustomerCopies(trx, found.id, owner.customerId);
      if (held >= found.per_customer_limit) {
        throw new AppError(
          'CouponLimitReached',
          found.per_customer_limit === 1
            ? '您已领取过该优惠券'
            : `该优惠券每人限领${found.per_customer_limit}张，您已领满`,
        );
      }
      if (!(await takeCouponStock(trx, found.id, now))) throw new AppError('CouponSoldOut');
      const window = validityOf(found, now);
      const row = {
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        coupon_id: found.id,
        status: 0,
        valid_starts_at: window.startsAt,
        valid_ends_at: window.endsAt,
        received_at: now,
        used_at: null,
        used_order_id: null,
        discount_fen: 0,
      };
      const id = await insertCustomerCoupon(trx, row);
      return { coupon: found, copy: { id, ...row } satisfies CustomerCouponRow };
    },
  );
  const catalog = await catalogs(owner.merchantId);
  return describeReceived(copy, coupon, catalog, { lines: [], paymentAmountFen: null }, context.clock.now());
}

/** receive_list: the customer's coupons as a spec §3 pager, with the counts of each state. */
export async function listReceivedCoupons(
  context: Pick<ServerContext, 'db' | 'clock'>,
  catalogs: CouponCatalogSource,
  owner: CustomerScope,
  body: ReceiveListBody,
): Promise<ReceivedCouponPage> {
  const now = context.clock.now();
  const filter: ReceivedFilter = {
    ...(body.isUse === null || body.isUse === undefined ? {} : { isUsed: body.isUse }),
    ...(body.isExpire === null || body.isExpire === undefined ? {} : { isExpired: body.isExpire }),
  };
  const page = pageOf(body.pageindex, body.limit);
  const [total, counts, catalog] = await Promise.all([
    countCustomerCoupons(context.db, owner, filter, now),
    countCustomerCouponsByState(context.db, owner, now),
    catalogs(owner.merchantId),
  ]);
  const copies = page.offset < total ? await listCustomerCoupons(context.db, owner, filter, now, page) : [];
  const coupons = new Map(
    (
      await findCouponsByIds(
        context.db,
        owner.merchantId,
        copies.map((copy) => copy.coupon_id),
      )
    ).map((coupon) => [coupon.id, coupon]),
  );
  const list = listContextOf(catalog, body);
  return {
    List: copies.map((copy) => describeReceived(copy, coupons.get(copy.coupon_id)!, catalog, list, now)),
    PageIndex: page.pageIndex,
    Limit: page.limit,
    PageCount: Math.ceil(total / page.limit),
    TotalCount: total,
    Attach: {
      SumAmount: 0,
      UnusedCount: counts.unused,
      UsedCount: counts.used,
      ExpiredCount: counts.expired,
    },
  };
}

/** wait_receive_list: the merchant's coupons this customer can receive now, as a spec §3 pager. */
export async function listReceivableCouponsFor(
  context: Pick<ServerContext, 'db' | 'clock'>,
  catalogs: CouponCatalogSource,
  owner: CustomerScope,
  body: WaitReceiveListBody,
): Promise<ReceivableCouponPage> {
  const now = context.clock.now();
  const page = pageOf(body.pageindex, body.limit);
  const [total, catalog] = await Promise.all([
    countReceivableCoupons(context.db, owner, now),
    catalogs(owner.merchantId),
  ]);
  const rows = page.offset < total ? await listReceivableCoupons(context.db, owner, now, page) : [];
  const list = listContextOf(catalog, body);
  return {
    List: rows.map((coupon) => {
      const terms = toCouponTerms(coupon, catalog);
      const window = validityOf(coupon, now);
      const evaluation = evaluateCoupon(terms, {
        now,
        validStartsAt: window.startsAt,
        validEndsAt: window.endsAt,
        paymentAmountFen: list.paymentAmountFen,
        lines: list.lines,
      });
      return toReceivableCoupon(coupon, terms, now, evaluation);
    }),
    PageIndex: page.pageIndex,
    Limit: page.limit,
    PageCount: Math.ceil(total / page.limit),
    TotalCount: total,
    Attach: { SumAmount: 0 },
  };
}
