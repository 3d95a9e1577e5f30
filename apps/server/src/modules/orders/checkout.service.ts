/**
 * Checkout (addorder, PreviewOrder; docs/orders.md): chosen cart lines become one order in 待付款 —
 * or, when some lines carry their own delivery address (a batch import), one order per address,
 * each with its own shipping fee, all placed in the same transaction.
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
  type PlacedOrder,
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
import {
  insertEventRow,
  insertOrder,
  insertOrderFiles,
  updateOrderWhere,
  type OrderEventRow,
  type OrderRow,
} from './orders.repository.ts';
import type { WrittenOrder } from './orders.service.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export interface CheckoutDeps {
  context: ServerContext;
  cart: CartService;
  catalogs: CatalogStore;
  uploads: UploadsModule;
  /** A placed order's reply, made of the rows its transaction wrote (nothing is read back). */
  describeOrder: (written: WrittenOrder) => OrderDetail;
}

/** The lines going to one address: one order. */
interface PricedGroup {
  lines: CheckoutLine[];
  address: OrderAddress;
  /** null for 到店自提 without an address (or a line's address whose book entry is gone). */
  addressId: number | null;
  /** The address is the lines' own, not the one chosen at checkout. */
  isLineAddress: boolean;
  goodsFen: number;
  weightGrams: number;
  expressFen: number;
}

/** Everything checkout computed before writing. */
interface PricedCheckout {
  lines: CheckoutLine[];
  /** One per order: the chosen address's lines first, then each own address in line order. */
  groups: PricedGroup[];
  goodsFen: number;
  weightGrams: number;
  expressFen: number;
  expressId: number;
  expressName: string;
  /** The express company is the merchant's 到店自提. */
  isSelfPickup: boolean;
  coupon: CouponCheckout;
  couponName: string;
  discountFen: number;
}

/** The key under which lines with the same own address go into one order. */
const addressKey = (address: OrderAddress) =>
  JSON.stringify([
    address.Contacts,
    address.PhoneNumber,
    address.Citys,
    address.Province,
    address.City,
    address.Region,
    address.Address,
  ]);

/** The chosen cart lines split by where they go: the checkout's address (key null), or their own. */
function splitByAddress(lines: readonly CheckoutLine[]) {
  const groups = new Map<string | null, CheckoutLine[]>();
  for (const line of lines) {
    const key = line.ownAddress ? addressKey(line.ownAddress.address) : null;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const chosen = groups.get(null);
  groups.delete(null);
  return { chosen: chosen ?? [], own: [...groups.values()] };
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
      Orders: priced.groups.map((group) => {
        const discountFen = priced.groups.length === 1 ? priced.discountFen : 0;
        return {
          Address: group.address,
          AddressId: group.addressId,
          IsLineAddress: group.isLineAddress,
          CartIds: group.lines.map((line) => line.id),
          GoodsFen: group.goodsFen,
          ExpressFen: group.expressFen,
          DiscountFen: discountFen,
          TotalFen: group.goodsFen + group.expressFen - discountFen,
          WeightGrams: group.weightGrams,
        };
      }),
    };
  }

  /**
   * addorder, step by step: re-price the lines and check the total the customer saw; check and
   * copy the artwork (the lines' own files unless the body names theirs); then in one transaction
   * insert each order (one per address), move its cart lines onto it, reserve the coupon, attach
   * the files and record the event. A clash of order numbers retries.
   */
  async place(
    owner: CustomerScope,
    actor: Actor,
    body: AddOrderBody,
    pickup: PickupContact,
  ): Promise<PlacedOrder> {
    const priced = await this.price(owner, body, pickup);
    const expected = body.ExpectedTotalFen ?? null;
    requireExpectedTotal(expected, totalOf(priced));
    const now = this.deps.context.clock.now();
    const files = await prepareOrderFiles(this.deps.uploads, owner, artworkOf(priced, body), now);
    const images = new Map(priced.lines.map((line) => [line.priced.productId, line.image]));

    for (let attempt = 1; ; attempt++) {
      try {
        const written = await this.deps.context.db.transaction().execute(async (trx) => {
          const orders: WrittenOrder[] = [];
          for (const group of priced.groups) {
            let order = await this.insertUnpaidOrder(trx, owner, priced, group, body.Remarks, now);
            const lines = await this.deps.cart.moveOntoOrder(trx, owner, group.lines, order.id, now);
            if (body.CouponId !== null && body.CouponId !== undefined) {
              const set = await applyCoupon(trx, owner, priced, {
                customerCouponId: body.CouponId,
                orderId: order.id,
                expected,
              });
              order = { ...order, ...set };
            }
            const lineIds = new Set(group.lines.map((line) => line.id));
            const orderFiles = await insertOrderFiles(
              trx,
              files
                .filter((file) => lineIds.has(file.line_id))
                .map((file) => ({ ...file, order_id: order.id })),
            );
            const event = await recordPlacement(trx, owner, actor, order.id, body.Remarks, now);
            orders.push({
              order,
              lines: [...lines].sort((a, b) => a.id - b.id),
              files: [...orderFiles].sort((a, b) => a.id - b.id),
              events: [event],
              isSelfPickup: priced.isSelfPickup,
              imageOf: (productId) => images.get(productId) ?? null,
            });
          }
          return orders;
        });
        // The reply is made of what the transaction wrote, not read back (docs/performance.md).
        const first = this.deps.describeOrder(written[0]!);
        return { ...first, OrderIds: written.map((entry) => entry.order.id) };
      } catch (error) {
        if (attempt < ORDER_NO_ATTEMPTS && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** The order row of one address, unpaid, with the re-priced amounts and the express chosen. */
  private insertUnpaidOrder(
    trx: Db,
    owner: CustomerScope,
    priced: PricedCheckout,
    group: PricedGroup,
    remarks: string,
    now: number,
  ): Promise<OrderRow> {
    return insertOrder(trx, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      order_no: generateOrderNo(now),
      status: OrderStatus.Unpaid,
      review_state: 'pending',
      goods_fen: group.goodsFen,
      express_fen: group.expressFen,
      discount_fen: 0,
      total_fen: group.goodsFen + group.expressFen,
      weight_grams: group.weightGrams,
      coupon_id: null,
      address_id: group.addressId,
      address_json: JSON.stringify(group.address),
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
    const goodsFen = sumOf(lines, (line) => line.priced.amountFen);
    const weightGrams = sumOf(lines, (line) => line.priced.weightGrams);
    const split = splitByAddress(lines);
    const groups: PricedGroup[] = [];
    let express = { id: body.ExpressCompanyId, name: '', isSelfPickup: false };
    const feeFor = (group: CheckoutLine[], codes: string[]) =>
      calculateExpressFee(context, owner.merchantId, {
        companyId: body.ExpressCompanyId,
        weightGrams: sumOf(group, (line) => line.priced.weightGrams),
        citys: codes,
        orderAmountFen: sumOf(group, (line) => line.priced.amountFen),
      });

    if (split.chosen.length > 0) {
      const shipping =
        body.AddressId === null || body.AddressId === undefined
          ? pickupShipping(pickup)
          : await shippingAddress(context.db, owner, body.AddressId);
      const fee = await feeFor(split.chosen, shipping.codes).catch((error: unknown) => {
        // Only 到店自提 goes without an address: say so rather than ask for a region.
        if (shipping.id === null && error instanceof AppError && error.apiCode === ApiCode.ValidationFailed) {
          throw new AppError('ValidationFailed', '请选择收货地址（到店自提可不选地址）');
        }
        throw error;
      });
      express = { id: fee.ExpressId, name: fee.ExpressName, isSelfPickup: fee.IsSelfPickup };
      groups.push(groupOf(split.chosen, shipping.address, shipping.id, false, fee.FeeFen));
    }
    for (const own of split.own) {
      const { id, address } = own[0]!.ownAddress!;
      const fee = await feeFor(own, address.Citys);
      if (fee.IsSelfPickup) {
        const count = split.own.reduce((sum, group) => sum + group.length, 0);
        throw new AppError(
          'ValidationFailed',
          `「${fee.ExpressName}」不送货，而本次结算有 ${count} 个商品带有自己的收货地址，请选择快递公司，或把这些商品分开结算`,
        );
      }
      express = { id: fee.ExpressId, name: fee.ExpressName, isSelfPickup: fee.IsSelfPickup };
      groups.push(groupOf(own, address, id, true, fee.FeeFen));
    }
    if (groups.length > 1 && body.CouponId !== null && body.CouponId !== undefined) {
      throw new AppError(
        'CouponNotApplicable',
        `本次结算按收货地址分成 ${groups.length} 个订单，一张优惠券只能用于一个订单：请不使用优惠券，或把要用券的商品单独结算`,
      );
    }

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
      groups,
      goodsFen,
      weightGrams,
      expressFen: sumOf(groups, (group) => group.expressFen),
      expressId: express.id,
      expressName: express.name,
      isSelfPickup: express.isSelfPickup,
      coupon,
      couponName,
      discountFen,
    };
  }
}

const sumOf = <T>(items: readonly T[], of: (item: T) => number) =>
  items.reduce((sum, item) => sum + of(item), 0);

function groupOf(
  lines: CheckoutLine[],
  address: OrderAddress,
  addressId: number | null,
  isLineAddress: boolean,
  expressFen: number,
): PricedGroup {
  return {
    lines,
    address,
    addressId,
    isLineAddress,
    goodsFen: sumOf(lines, (line) => line.priced.amountFen),
    weightGrams: sumOf(lines, (line) => line.priced.weightGrams),
    expressFen,
  };
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

/**
 * The artwork of each line, with the line's finished size for preflight: the files the body names
 * for it, else the line's own file (batch ordering, Excel import). A line named with no files
 * gets none.
 */
function artworkOf(priced: PricedCheckout, body: AddOrderBody): LineArtwork[] {
  const lineByCartId = new Map(priced.lines.map((line) => [line.id, line.priced]));
  const named = body.Files.map((entry) => {
    const line = lineByCartId.get(entry.CartId);
    if (!line) throw new AppError('ValidationFailed', '印刷文件对应的商品不在本次结算中');
    return { lineId: entry.CartId, fileIds: entry.FileIds, finishedSize: line.finishedSize };
  });
  const namedIds = new Set(named.map((entry) => entry.lineId));
  const own = priced.lines
    .filter((line) => line.artworkFileIds.length > 0 && !namedIds.has(line.id))
    .map((line) => ({
      lineId: line.id,
      fileIds: line.artworkFileIds,
      finishedSize: line.priced.finishedSize,
    }));
  return [...named, ...own];
}

/**
 * Reserves the coupon for the order and takes its discount off the goods (never below 0);
 * returns the order's columns it changed.
 */
async function applyCoupon(
  trx: Db,
  owner: CustomerScope,
  priced: PricedCheckout,
  choice: { customerCouponId: number; orderId: number; expected: number | null },
): Promise<Pick<OrderRow, 'coupon_id' | 'coupon_name' | 'discount_fen' | 'total_fen'>> {
  const use = await reserveCouponUse(trx, {
    ...priced.coupon,
    customerCouponId: choice.customerCouponId,
    orderId: choice.orderId,
  });
  const discountFen = Math.min(use.discountFen, priced.goodsFen);
  const totalFen = priced.goodsFen + priced.expressFen - discountFen;
  requireExpectedTotal(choice.expected, totalFen);
  const set = {
    coupon_id: use.customerCouponId,
    coupon_name: use.name,
    discount_fen: discountFen,
    total_fen: totalFen,
  };
  await updateOrderWhere(
    trx,
    { merchantId: owner.merchantId, orderId: choice.orderId, status: OrderStatus.Unpaid },
    set,
  );
  return set;
}

/** The order's first event: placed by the customer, cart → unpaid. */
function recordPlacement(
  trx: Db,
  owner: CustomerScope,
  actor: Actor,
  orderId: number,
  remarks: string,
  now: number,
): Promise<OrderEventRow> {
  return insertEventRow(trx, {
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
