/**
 * What a paid payment does, in the caller's transaction (docs/payments.md "Settlement"):
 *
 * - from the balance: every order moves 待付款 → 待审稿 and the balance is deducted with a
 *   conditional update, all or nothing — an order that is no longer unpaid or a balance that is
 *   too small throws, and the transaction rolls back with no money moved;
 * - from a gateway (money already received): the payment is written to the ledger, every order
 *   that is still unpaid moves to 待审稿, and the share of any order that is not (cancelled
 *   meanwhile, or paid another way) is credited to the balance — money is never lost;
 * - a recharge credits the balance.
 *
 * Locks are taken in one order everywhere — payment row, orders by id, balance row — so two
 * settlements cannot deadlock. Every ledger line carries a key naming what it records, unique in
 * the database, so nothing is recorded twice.
 */
import { OrderStatus, PaymentPurpose } from '@inkstone/contracts';
import { formatYuan } from '@inkstone/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LedgerEntryTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { TRANSITIONS, transitionOrder, type Actor } from '../orders/index.ts';
import { changeBalance, findBalance, insertLedgerEntry } from './balance-ledger.repository.ts';
import { listPaymentOrders, setPaymentOrderOutcome, type PaymentRow } from './payments.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

const PAYMENT_ACTOR: Actor = { type: 'payment', id: null, name: '支付' };

function ownerOf(payment: PaymentRow): CustomerScope {
  return { merchantId: payment.merchant_id, customerId: payment.customer_id };
}

function joinNos(nos: readonly string[]): string {
  return nos.join(',').slice(0, 1000);
}

type Gateway = { provider: string; tradeNo: string; method: string };

/** An order a payment covers, with its share. */
type PaymentOrderLink = Awaited<ReturnType<typeof listPaymentOrders>>[number];

/** The ledger key of a gateway trade (the money received); its credits back extend it. */
function tradeKeyOf(gateway: Gateway): string {
  return `gw:${gateway.provider}:${gateway.tradeNo}`;
}

/** What a ledger line says beyond its owner, amount, resulting balance and time. */
type LedgerLine = Omit<
  Insertable<LedgerEntryTable>,
  'merchant_id' | 'customer_id' | 'amount_fen' | 'balance_change_fen' | 'balance_after_fen' | 'created_at'
>;

/**
 * Changes the owner's balance by `amountFen` (negative: a deduction) and records it as a ledger
 * line of that amount. A deduction the balance cannot cover throws the error `refused` makes (made
 * only then: an error records its stack when made, which cost every balance payment); a credit
 * cannot fail.
 */
async function moveBalance(
  db: Db,
  owner: CustomerScope,
  amountFen: number,
  now: number,
  line: LedgerLine,
  refused?: () => AppError,
): Promise<{ balance: number; entryId: number }> {
  const balance = await changeBalance(db, owner, amountFen, now);
  if (balance === null) throw refused ? refused() : new Error('a credit cannot fail');
  const entryId = await insertLedgerEntry(db, {
    merchant_id: owner.merchantId,
    customer_id: owner.customerId,
    amount_fen: amountFen,
    balance_change_fen: amountFen,
    balance_after_fen: balance,
    ...line,
    created_at: now,
  });
  return { balance, entryId };
}

/**
 * Records the money a gateway received for the payment as a payment line that leaves the balance
 * as it is (the customer paid from outside it).
 */
async function recordGatewayPayment(
  db: Db,
  payment: PaymentRow,
  gateway: Gateway,
  now: number,
  line: { order_id: number | null; order_nos?: string; remark: string },
): Promise<void> {
  await insertLedgerEntry(db, {
    merchant_id: payment.merchant_id,
    customer_id: payment.customer_id,
    type: 'payment',
    method: gateway.method,
    amount_fen: -payment.amount_fen,
    balance_change_fen: 0,
    balance_after_fen: await findBalance(db, ownerOf(payment)),
    payment_id: payment.id,
    ...line,
    actor_name: '',
    dedupe_key: tradeKeyOf(gateway),
    created_at: now,
  });
}

/**
 * Pays the payment's orders from the balance: all of them and the deduction, or nothing. Returns
 * the balance after it and the payment's orders as they now stand (paid, outcome applied), so the
 * caller answers without reading back what this transaction wrote.
 */
export async function settleFromBalance(
  db: Db,
  payment: PaymentRow,
  now: number,
  actor: Actor,
  /** The payment's orders when the caller just wrote them (read otherwise), by order id. */
  known?: PaymentOrderLink[],
): Promise<{ balance: number; links: PaymentOrderLink[] }> {
  const links = known ?? (await listPaymentOrders(db, payment.id));
  for (const link of links) {
    const moved = await transitionOrder(db, {
      merchantId: payment.merchant_id,
      orderId: link.order_id,
      action: 'pay',
      from: OrderStatus.Unpaid,
      actor,
      now,
      note: `余额支付 ${formatYuan(link.amount_fen)}（支付单 ${payment.payment_no}）`,
      set: { payment_id: payment.id, pay_method: 'balance', paid_at: now },
    });
    if (!moved) throw new AppError('OrderNotPayable', `订单 ${link.order_no} 不是待付款状态，无法支付`);
    await setPaymentOrderOutcome(db, payment.id, link.order_id, 'applied');
    link.status = TRANSITIONS.pay.to as number;
    link.outcome = 'applied';
  }
  const { balance } = await moveBalance(
    db,
    ownerOf(payment),
    -payment.amount_fen,
    now,
    {
      type: 'payment',
      method: 'balance',
      payment_id: payment.id,
      order_id: links.length === 1 ? links[0]!.order_id : null,
      order_nos: joinNos(links.map((link) => link.order_no)),
      remark: `订单支付（余额）`,
      actor_name: actor.name,
      dedupe_key: `pay:${payment.id}`,
    },
    () => new AppError('InsufficientBalance'),
  );
  return { balance, links };
}

/**
 * A gateway's money for this payment arrived (see the file comment), step by step: a recharge
 * credits the balance; a payment of orders is recorded as received, then each order is either
 * paid by it or, when it can no longer be, its share is credited to the balance.
 */
export async function settleFromGateway(
  db: Db,
  payment: PaymentRow,
  gateway: Gateway,
  now: number,
): Promise<void> {
  if (payment.purpose === PaymentPurpose.Recharge) {
    await creditRecharge(db, payment, gateway, now);
    return;
  }
  const links = await listPaymentOrders(db, payment.id);
  await recordGatewayPayment(db, payment, gateway, now, {
    order_id: links.length === 1 ? links[0]!.order_id : null,
    order_nos: joinNos(links.map((link) => link.order_no)),
    remark: '订单支付（扫码）',
  });
  for (const link of links) await payOrderOrCreditBack(db, payment, link, gateway, now);
}

/** A recharge paid by a gateway: the balance goes up by its amount, once per gateway trade. */
async function creditRecharge(db: Db, payment: PaymentRow, gateway: Gateway, now: number): Promise<void> {
  await moveBalance(db, ownerOf(payment), payment.amount_fen, now, {
    type: 'recharge',
    method: gateway.method,
    payment_id: payment.id,
    order_id: null,
    remark: '余额充值',
    actor_name: '',
    dedupe_key: tradeKeyOf(gateway),
  });
}

/**
 * One order of a gateway payment: 待付款 → 待审稿 when it is still unpaid; otherwise (cancelled
 * meanwhile, or paid another way) its share goes to the balance. Either way the link says which.
 */
async function payOrderOrCreditBack(
  db: Db,
  payment: PaymentRow,
  link: PaymentOrderLink,
  gateway: Gateway,
  now: number,
): Promise<void> {
  const moved = await transitionOrder(db, {
    merchantId: payment.merchant_id,
    orderId: link.order_id,
    action: 'pay',
    from: OrderStatus.Unpaid,
    actor: PAYMENT_ACTOR,
    now,
    note: `${gateway.method === 'alipay' ? '支付宝' : '微信支付'} ${formatYuan(link.amount_fen)}（支付单 ${payment.payment_no}）`,
    set: { payment_id: payment.id, pay_method: gateway.method, paid_at: now },
  });
  if (moved) {
    await setPaymentOrderOutcome(db, payment.id, link.order_id, 'applied');
    return;
  }
  await creditToBalance(db, payment, {
    amountFen: link.amount_fen,
    orderId: link.order_id,
    orderNo: link.order_no,
    key: `${tradeKeyOf(gateway)}:back:${link.order_id}`,
    remark: `订单 ${link.order_no} 已取消或已支付，扫码付款退回余额`,
    now,
  });
  await setPaymentOrderOutcome(db, payment.id, link.order_id, 'refunded');
}

/**
 * A gateway paid a payment that was already paid another way (e.g. the customer also paid by
 * balance): the money goes to the balance, recorded once per gateway trade.
 */
export async function settleDuplicateGatewayPayment(
  db: Db,
  payment: PaymentRow,
  gateway: Gateway,
  now: number,
): Promise<void> {
  await recordGatewayPayment(db, payment, gateway, now, {
    order_id: null,
    remark: `重复付款（支付单 ${payment.payment_no} 已支付）`,
  });
  await creditToBalance(db, payment, {
    amountFen: payment.amount_fen,
    orderId: null,
    orderNo: '',
    key: `${tradeKeyOf(gateway)}:back`,
    remark: `支付单 ${payment.payment_no} 重复付款，退回余额`,
    now,
  });
}

async function creditToBalance(
  db: Db,
  payment: PaymentRow,
  credit: {
    amountFen: number;
    orderId: number | null;
    orderNo: string;
    key: string;
    remark: string;
    now: number;
  },
): Promise<void> {
  await moveBalance(db, ownerOf(payment), credit.amountFen, credit.now, {
    type: 'refund',
    method: 'balance',
    payment_id: payment.id,
    order_id: credit.orderId,
    order_nos: credit.orderNo,
    remark: credit.remark,
    actor_name: '系统',
    dedupe_key: credit.key,
  });
}

/**
 * A merchant refund of a cancelled paid order to the balance (once per order), in the caller's
 * transaction; returns the new balance.
 */
export async function refundOrderToBalance(
  db: Db,
  order: {
    id: number;
    orderNo: string;
    merchantId: number;
    customerId: number;
    paymentId: number | null;
    amountFen: number;
  },
  reason: string,
  actor: Actor,
  now: number,
): Promise<number> {
  const owner = { merchantId: order.merchantId, customerId: order.customerId };
  const { balance } = await moveBalance(db, owner, order.amountFen, now, {
    type: 'refund',
    method: 'balance',
    payment_id: order.paymentId,
    order_id: order.id,
    order_nos: order.orderNo,
    remark: `订单取消退款：${reason}`.slice(0, 500),
    actor_name: actor.name,
    dedupe_key: `refund:${order.id}`,
  });
  return balance;
}

/** A manual adjustment by finance staff (a deduction cannot take the balance below zero). */
export async function adjustBalance(
  db: Db,
  owner: CustomerScope,
  amountFen: number,
  remark: string,
  actor: Actor,
  now: number,
): Promise<{ entryId: number; balance: number }> {
  return moveBalance(
    db,
    owner,
    amountFen,
    now,
    {
      type: 'adjustment',
      method: 'manual',
      payment_id: null,
      order_id: null,
      remark,
      actor_name: actor.name,
      dedupe_key: null,
    },
    () => new AppError('InsufficientBalance', '余额不足，不能扣减到负数'),
  );
}

const GATEWAY_NAMES: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

/**
 * A refund to the payer's 微信 / 支付宝 account takes its amount out of the balance first (the
 * money of a cancelled order or a double payment was credited there), once per refund number;
 * a balance that cannot cover it throws and nothing moves.
 */
export async function withdrawForGatewayRefund(
  db: Db,
  payment: PaymentRow,
  refund: { amountFen: number; outRefundNo: string; provider: string; reason: string; actorName: string },
  now: number,
): Promise<number> {
  const { balance } = await moveBalance(
    db,
    ownerOf(payment),
    -refund.amountFen,
    now,
    {
      type: 'refund',
      method: refund.provider,
      payment_id: payment.id,
      order_id: null,
      remark:
        `原路退回${GATEWAY_NAMES[refund.provider] ?? ''}（退款单 ${refund.outRefundNo}）：${refund.reason}`.slice(
          0,
          500,
        ),
      actor_name: refund.actorName,
      dedupe_key: `gwrefund:${refund.outRefundNo}`,
    },
    () => new AppError('InsufficientBalance', '客户余额不足：原路退款的金额从客户余额中扣出'),
  );
  return balance;
}

/** A refund the gateway refused or gave up: its amount goes back to the balance, once. */
export async function creditFailedGatewayRefund(
  db: Db,
  payment: PaymentRow,
  refund: { amountFen: number; outRefundNo: string },
  now: number,
): Promise<void> {
  await moveBalance(db, ownerOf(payment), refund.amountFen, now, {
    type: 'refund',
    method: 'balance',
    payment_id: payment.id,
    order_id: null,
    remark: `原路退款未成功，退回余额（退款单 ${refund.outRefundNo}）`,
    actor_name: '系统',
    dedupe_key: `gwrefund:${refund.outRefundNo}:back`,
  });
}
