/**
 * Checkout (addorder, PreviewOrder; docs/orders.md): chosen cart lines become one order in 待付款.
 * Every line is re-priced with today's catalogue; the shipping fee comes from the express module,
 * the discount from the coupon module, the address from the address module — all on the server.
 * The order, its lines, files, coupon use and first event are written in one transaction: a line
 * already checked out by a parallel request, or a coupon used meanwhile, rolls all of it back.
 */
import { formatYuan } from '@inkstone/domain';
import {
  ApiCode,
  OrderStatus,
  type AddOrderBody,
  type OrderAddress,
  type OrderDetail,
  type OrderPreview,
  type PreviewOrderBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { shippingAddress } from '../addresses/index.ts';
import type { CartService, CheckoutLine } from '../cart/index.ts';
import {
  findApplicableCoupons,
  loadCouponCatalog,
  reserveCouponUse,
  type CouponCheckout,
} from '../coupons/index.ts';
import { calculateExpressFee } from '../express/index.ts';
import type { CatalogStore } from '../products/index.ts';
import type { UploadsModule } from '../uploads/index.ts';
import { generateOrderNo } from './business-numbers.ts';
import type { Actor } from './order-lifecycle.ts';
import { prepareOrderFiles, type LineArtwork } from './order-files.ts';
import { insertEvent, insertOrder, insertOrderFiles, updateOrderWhere } from './orders.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export interface CheckoutDeps {
  context: ServerContext;
  cart: CartService;
  catalogs: CatalogStore;
  uploads: UploadsModule;
  /** Reads a placed order back for the reply. */
  readOrder: (owner: CustomerScope, orderId: number) => Promise<OrderDetail>;
}

/** Everything checkout computed before writing. */
interface PricedCheckout {
  lines: CheckoutLine[];
  address: OrderAddress;
  /** null for 到店自提 without an address. */
  addressId: number | null;
  goodsFen: number;
  weightGrams: number;
  expressFen: number;
  expressId: number;
  expressName: string;
  coupon: CouponCheckout;
  couponName: string;
  discountFen: number;
}

/** Who collects an order picked up at the shop, and where: written on the order instead of an address. */
export interface PickupContact {
  contacts: string;
  phoneNumber: string;
  /** The shop's address. */
  address: string;
}

function pickupShipping(pickup: PickupContact): { id: null; codes: string[]; address: OrderAddress } {
  return {
    id: null,
    codes: [],
    address: {
      Contacts: pickup.contacts,
      PhoneNumber: pickup.phoneNumber,
      Province: '',
      City: '',
      Region: '',
      Address: pickup.address ? `到店自提：${pickup.address}` : '到店自提',
      Citys: [],
      ProvinceCode: '',
    },
  };
}

/** How often a clashing random order number is drawn again. */
const ORDER_NO_ATTEMPTS = 3;

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** PreviewOrder: what addorder would charge now; nothing is stored. */
  async preview(owner: CustomerScope, body: PreviewOrderBody, pickup: PickupContact): Promise<OrderPreview> {
    const priced = await this.price(owner, body, pickup);
    return {
      Lines: priced.lines.map((line) => line.view),
      GoodsFen: priced.goodsFen,
      ExpressFen: priced.expressFen,
      DiscountFen: priced.discountFen,
      TotalFen: totalOf(priced),
      WeightGrams: priced.weightGrams,
      CouponName: priced.couponName,
    };
  }

  /** addorder: the chosen cart lines become one order in 待付款. */
  /**
   * addorder, step by step: re-price the lines and check the total the customer saw; check and
   * copy the artwork; then in one transaction insert the order, move the cart lines onto it,
   * reserve the coupon, attach the files and record the event. A clash of order numbers retries.
   */
  async place(
    owner: CustomerScope,
    actor: Actor,
    body: AddOrderBody,
    pickup: PickupContact,
  ): Promise<OrderDetail> {
    const priced = await this.price(owner, body, pickup);
    const expected = body.ExpectedTotalFen ?? null;
    requireExpectedTotal(expected, totalOf(priced));
    const now = this.deps.context.clock.now();
    const files = await prepareOrderFiles(this.deps.uploads, owner, artworkOf(priced, body), now);

    for (let attempt = 1; ; attempt++) {
      try {
        const orderId = await this.deps.context.db.transaction().execute(async (trx) => {
          const orderId = await this.insertUnpaidOrder(trx, owner, priced, body.Remarks, now);
          await this.deps.cart.moveOntoOrder(trx, owner, priced.lines, orderId, now);
          if (body.CouponId !== null && body.CouponId !== undefined) {
            await applyCoupon(trx, owner, priced, { customerCouponId: body.CouponId, orderId, expected });
          }
          await insertOrderFiles(
            trx,
            files.map((file) => ({ ...file, order_id: orderId })),
          );
          await recordPlacement(trx, owner, actor, orderId, body.Remarks, now);
          return orderId;
        });
        return this.deps.readOrder(owner, orderId);
      } catch (error) {
        if (attempt < ORDER_NO_ATTEMPTS && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** The order row, unpaid, with the re-priced amounts and the address and express chosen. */
  private insertUnpaidOrder(
    trx: Db,
    owner: CustomerScope,
    priced: PricedCheckout,
    remarks: string,
    now: number,
  ): Promise<number> {
    return insertOrder(trx, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      order_no: generateOrderNo(now),
      status: OrderStatus.Unpaid,
      review_state: 'pending',
      goods_fen: priced.goodsFen,
      express_fen: priced.expressFen,
      discount_fen: 0,
      total_fen: priced.goodsFen + priced.expressFen,
      weight_grams: priced.weightGrams,
      coupon_id: null,
      address_id: priced.addressId,
      address_json: JSON.stringify(priced.address),
      express_company_id: priced.expressId,
      express_company_name: priced.expressName,
      remarks,
      payment_id: null,
      unpaid_expires_at: now + this.deps.context.config.ORDER_UNPAID_CANCEL_MINUTES * 60_000,
      paid_at: null,
      production_started_at: null,
      shipped_at: null,
      completed_at: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    });
  }

  /** Re-prices the chosen lines and works out shipping and discount, reading only. */
  private async price(
    owner: CustomerScope,
    body: PreviewOrderBody,
    pickup: PickupContact,
  ): Promise<PricedCheckout> {
    const { context } = this.deps;
    const lines = await this.deps.cart.priceForCheckout(owner, body.CartIds);
    const goodsFen = lines.reduce((sum, line) => sum + line.priced.amountFen, 0);
    const weightGrams = lines.reduce((sum, line) => sum + line.priced.weightGrams, 0);

    const shipping =
      body.AddressId === null || body.AddressId === undefined
        ? pickupShipping(pickup)
        : await shippingAddress(context.db, owner, body.AddressId);
    const fee = await calculateExpressFee(context, owner.merchantId, {
      companyId: body.ExpressCompanyId,
      weightGrams,
      citys: shipping.codes,
      orderAmountFen: goodsFen,
    }).catch((error: unknown) => {
      // Only 到店自提 goes without an address: say so rather than ask for a region.
      if (shipping.id === null && error instanceof AppError && error.apiCode === ApiCode.ValidationFailed) {
        throw new AppError('ValidationFailed', '请选择收货地址（到店自提可不选地址）');
      }
      throw error;
    });

    const now = context.clock.now();
    const coupon: CouponCheckout = {
      merchantId: owner.merchantId,
      customerId: owner.customerId,
      lines: lines.map(({ priced }) => ({ productId: priced.productId, amountFen: priced.amountFen })),
      goodsAmountFen: goodsFen,
      now,
      catalog: await loadCouponCatalog(this.deps.catalogs, owner.merchantId),
    };
    let discountFen = 0;
    let couponName = '';
    if (body.CouponId !== null && body.CouponId !== undefined) {
      const options = await findApplicableCoupons(context.db, coupon);
      const option = options.find((candidate) => candidate.customerCouponId === body.CouponId);
      if (!option) throw new AppError('CouponUnavailable', '优惠券不存在、已使用或已过期');
      if (!option.isApplicable) throw new AppError('CouponNotApplicable', option.reason);
      discountFen = Math.min(option.discountFen, goodsFen);
      couponName = option.name;
    }
    return {
      lines,
      address: shipping.address,
      addressId: shipping.id,
      goodsFen,
      weightGrams,
      expressFen: fee.FeeFen,
      expressId: fee.ExpressId,
      expressName: fee.ExpressName,
      coupon,
      couponName,
      discountFen,
    };
  }
}

function totalOf(priced: PricedCheckout): number {
  return priced.goodsFen + priced.expressFen - priced.discountFen;
}

/** The total changed since the customer saw it: they confirm the new one first. */
function requireExpectedTotal(expected: number | null, totalFen: number): void {
  if (expected !== null && expected !== totalFen) {
    throw new AppError('PriceChanged', `应付金额已变化，当前为 ${formatYuan(totalFen)}，请确认后重新提交`);
  }
}

/** The artwork of each line, with the line's finished size for preflight. */
function artworkOf(priced: PricedCheckout, body: AddOrderBody): LineArtwork[] {
  const lineByCartId = new Map(priced.lines.map((line) => [line.id, line.priced]));
  return body.Files.map((entry) => {
    const line = lineByCartId.get(entry.CartId);
    if (!line) throw new AppError('ValidationFailed', '印刷文件对应的商品不在本次结算中');
    return { lineId: entry.CartId, fileIds: entry.FileIds, finishedSize: line.finishedSize };
  });
}

/** Reserves the coupon for the order and takes its discount off the goods (never below 0). */
async function applyCoupon(
  trx: Db,
  owner: CustomerScope,
  priced: PricedCheckout,
  choice: { customerCouponId: number; orderId: number; expected: number | null },
): Promise<void> {
  const use = await reserveCouponUse(trx, {
    ...priced.coupon,
    customerCouponId: choice.customerCouponId,
    orderId: choice.orderId,
  });
  const discountFen = Math.min(use.discountFen, priced.goodsFen);
  const totalFen = priced.goodsFen + priced.expressFen - discountFen;
  requireExpectedTotal(choice.expected, totalFen);
  await updateOrderWhere(
    trx,
    { merchantId: owner.merchantId, orderId: choice.orderId, status: OrderStatus.Unpaid },
    {
      coupon_id: use.customerCouponId,
      coupon_name: use.name,
      discount_fen: discountFen,
      total_fen: totalFen,
    },
  );
}

/** The order's first event: placed by the customer, cart → unpaid. */
async function recordPlacement(
  trx: Db,
  owner: CustomerScope,
  actor: Actor,
  orderId: number,
  remarks: string,
  now: number,
): Promise<void> {
  await insertEvent(trx, {
    merchant_id: owner.merchantId,
    order_id: orderId,
    action: 'place',
    from_status: OrderStatus.Cart,
    to_status: OrderStatus.Unpaid,
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name,
    note: remarks,
    created_at: now,
  });
}
