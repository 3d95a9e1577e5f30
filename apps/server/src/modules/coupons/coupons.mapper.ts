import {
  COUPON_STATE_NAMES,
  CouponState,
  type ReceivableCoupon,
  type ReceivedCoupon,
} from '@inkstone/contracts';
import {
  CouponDiscountType,
  CouponScopeType,
  describeCouponDiscount,
  describeCouponScope,
  describeCouponThreshold,
  formatChinaDateTime,
  type CouponEvaluation,
  type CouponTerms,
} from '@inkstone/domain';
import type { CouponCatalog } from './coupon-catalog.ts';
import { StoredCouponStatus, type CouponRow, type CustomerCouponRow } from './coupons.repository.ts';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Ids of a stored comma-separated list. */
export function parseScopeIds(text: string): number[] {
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

function toDiscountType(value: string): CouponTerms['discountType'] {
  return value === CouponDiscountType.Percent ? CouponDiscountType.Percent : CouponDiscountType.Amount;
}

function toScopeType(value: string): CouponTerms['scopeType'] {
  switch (value) {
    case CouponScopeType.Products:
      return CouponScopeType.Products;
    case CouponScopeType.Categories:
      return CouponScopeType.Categories;
    default:
      return CouponScopeType.All;
  }
}

/** A coupon row as the rules of `@inkstone/domain` read it. */
export function toCouponTerms(coupon: CouponRow, catalog: CouponCatalog): CouponTerms {
  const scopeType = toScopeType(coupon.scope_type);
  const scopeIds = scopeType === CouponScopeType.All ? [] : parseScopeIds(coupon.scope_ids);
  return {
    discountType: toDiscountType(coupon.discount_type),
    amountOffFen: coupon.amount_off_fen,
    payPercent: coupon.pay_percent,
    maxDiscountFen: coupon.max_discount_fen,
    thresholdFen: coupon.threshold_fen,
    scopeType,
    scopeIds,
    scopeLabel: catalog.labelOf(scopeType, scopeIds),
  };
}

/** The validity window a copy received at `receivedAt` gets. */
export function validityOf(coupon: CouponRow, receivedAt: number): { startsAt: number; endsAt: number } {
  if (coupon.valid_days === null) return { startsAt: coupon.valid_starts_at, endsAt: coupon.valid_ends_at };
  return {
    startsAt: receivedAt,
    endsAt: Math.min(receivedAt + coupon.valid_days * DAY_MS, coupon.valid_ends_at),
  };
}

/** State of a customer's coupon at `now`. */
export function stateOf(copy: CustomerCouponRow, now: number): CouponState {
  if (copy.status === StoredCouponStatus.Used) return CouponState.Used;
  return copy.valid_ends_at <= now ? CouponState.Expired : CouponState.Unused;
}

function windowText(startsAt: number, endsAt: number): string {
  return `${formatChinaDateTime(startsAt)} 至 ${formatChinaDateTime(endsAt)}`;
}

function termsFields(
  coupon: CouponRow,
  terms: CouponTerms,
  window: { startsAt: number; endsAt: number },
  validText: string,
  evaluation: CouponEvaluation | { ok: false; reason: string },
) {
  return {
    CouponId: coupon.id,
    Name: coupon.name,
    Description: coupon.description,
    DiscountType: terms.discountType,
    AmountOffFen: terms.discountType === CouponDiscountType.Amount ? terms.amountOffFen : 0,
    PayPercent: terms.discountType === CouponDiscountType.Percent ? terms.payPercent : 100,
    MaxDiscountFen: terms.discountType === CouponDiscountType.Percent ? terms.maxDiscountFen : null,
    ThresholdFen: terms.thresholdFen,
    ScopeType: terms.scopeType,
    ScopeIds: [...terms.scopeIds],
    DiscountText: describeCouponDiscount(terms),
    ThresholdText: describeCouponThreshold(terms),
    ScopeText: describeCouponScope(terms),
    ValidStartTime: iso(window.startsAt),
    ValidEndTime: iso(window.endsAt),
    ValidText: validText,
    IsApplicable: evaluation.ok,
    NotApplicableReason: evaluation.ok ? '' : evaluation.reason,
    DiscountFen: evaluation.ok ? evaluation.discountFen : null,
  };
}

/** A customer's coupon for receive_list and the reply of receive. */
export function toReceivedCoupon(
  copy: CustomerCouponRow,
  coupon: CouponRow,
  terms: CouponTerms,
  state: CouponState,
  evaluation: CouponEvaluation | { ok: false; reason: string },
): ReceivedCoupon {
  const window = { startsAt: copy.valid_starts_at, endsAt: copy.valid_ends_at };
  return {
    Id: copy.id,
    ...termsFields(coupon, terms, window, windowText(window.startsAt, window.endsAt), evaluation),
    State: state,
    StateText: COUPON_STATE_NAMES[state],
    ReceiveTime: iso(copy.received_at),
    UseTime: copy.used_at === null ? null : iso(copy.used_at),
    UsedOrderId: copy.used_order_id,
  };
}

/** A coupon to receive, for wait_receive_list; validity as a copy received `now` would get it. */
export function toReceivableCoupon(
  coupon: CouponRow & { received_count: number },
  terms: CouponTerms,
  now: number,
  evaluation: CouponEvaluation,
): ReceivableCoupon {
  const window = validityOf(coupon, now);
  const validText =
    coupon.valid_days === null
      ? windowText(window.startsAt, window.endsAt)
      : `领取后${coupon.valid_days}天内有效`;
  return {
    Id: coupon.id,
    ...termsFields(coupon, terms, window, validText, evaluation),
    ValidDays: coupon.valid_days,
    ReceiveStartTime: iso(coupon.receive_starts_at),
    ReceiveEndTime: iso(coupon.receive_ends_at),
    TotalStock: coupon.total_stock,
    RemainingStock: coupon.remaining_stock,
    PerCustomerLimit: coupon.per_customer_limit,
    ReceivedCount: coupon.received_count,
  };
}
