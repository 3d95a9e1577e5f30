/**
 * Merchant operations on orders (docs/orders.md): review artwork (approve → 生产中, or reject back
 * to the customer with a reason), mark production started, ship with a tracking number, complete,
 * and cancel — an order already paid is refunded to the customer's balance in the same
 * transaction, and one paid through 微信支付 or 支付宝 is then sent back there. Every step is a
 * guarded transition recorded with the staff member's name.
 */
import {
  ApiCode,
  DASHBOARD_MONEY_ROLES,
  ORDER_STATUS_NAMES,
  OrderStatus,
  REVIEW_STATE_NAMES,
  type BatchOrderActionResult,
  type BatchShipForm,
  type BatchShipOrdersBody,
  type OrderStatus as OrderStatusValue,
  type ReviewState,
  type Dashboard,
  type AdjustBalanceBody,
  type GatewayRefund,
  type RefundToOriginalBody,
  type StaffCancelBody,
  type StaffCancelReply,
  type StaffOrderActionBody,
  type StaffOrderDetail,
  type StaffOrderPage,
  type StaffQueryOrdersBody,
  type StaffRejectBody,
  type StaffShipBody,
} from '@inkstone/contracts';
import type { Updateable } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseCouponUse } from '../coupons/index.ts';
import { chinaDayRange } from '@inkstone/domain';
import { customerCards, wantsNotification } from '../customers/index.ts';
import { dashboardOf, isSelfPickupOrder, requireTransition } from '../orders/index.ts';
import type { OrdersService, OrderAction, OrderRow } from '../orders/index.ts';
import { adjustBalance, paymentsOfOrder, refundOrderToBalance } from '../payments/index.ts';
import type { SmsSender } from '../sms/index.ts';
import type { AuditSink } from '../audit/index.ts';
import { merchantCustomerLabel } from './staff.repository.ts';
import { batchShipForm } from './staff-shipping.ts';
import { hasRole, staffActor, type StaffMember } from './staff.service.ts';

/** Sends money of a payment back to the 微信支付 / 支付宝 account it came from (RefundToOriginal). */
export interface OriginalRefunds {
  refundToOriginal(
    merchantId: number,
    actorName: string,
    input: RefundToOriginalBody,
  ): Promise<GatewayRefund>;
}

export interface StaffOrdersDeps {
  context: ServerContext;
  orders: OrdersService;
  /** Sends the customer's order notices (已发货) by SMS; none in tests that need no SMS. */
  sms?: SmsSender;
  /** Refunds a cancelled order paid through a gateway back there; without it, to the balance only. */
  refunds?: OriginalRefunds;
}

type CancelRefund = StaffCancelReply['Refund'];

/** Takes nothing down: a call made without an audit log (tests, workflows). */
const NO_AUDIT: AuditSink = async () => undefined;

/** What the log keeps of an order's state before and after a step. */
function orderState(row: {
  status: number;
  review_state: string;
  production_started_at: number | null;
  tracking_no: string;
}): Record<string, unknown> {
  return {
    Status: ORDER_STATUS_NAMES[row.status as OrderStatusValue] ?? String(row.status),
    ...(row.status === OrderStatus.Reviewing
      ? { ReviewState: REVIEW_STATE_NAMES[row.review_state as ReviewState] ?? row.review_state }
      : {}),
    ...(row.status === OrderStatus.Producing
      ? { ProductionStarted: row.production_started_at !== null }
      : {}),
    ...(row.tracking_no ? { TrackingNo: row.tracking_no } : {}),
  };
}

/** The step a batch call makes on each order. */
export type BatchOrderStep = 'approve' | 'start_production' | 'complete';

const NO_REFUND: CancelRefund = {
  To: 'none',
  AmountFen: 0,
  RefundNo: '',
  StatusName: '无需退款',
  Note: '未付款的订单，无需退款',
};

export class StaffOrdersService {
  constructor(private readonly deps: StaffOrdersDeps) {}

  private get db(): Db {
    return this.deps.context.db;
  }

  /** QueryOrders: every order of the merchant, with who ordered. */
  async query(member: StaffMember, body: StaffQueryOrdersBody): Promise<StaffOrderPage> {
    const { page, rows } = await this.deps.orders.listWithRows(
      {
        merchantId: member.merchantId,
        customerId: body.CustomerId ?? undefined,
        status: body.Status,
        keyword: body.Keyword,
        reviewState: body.ReviewState ?? undefined,
        ...(body.Production ? { productionStarted: body.Production === 'started' } : {}),
        customerKeyword: body.Customer,
        ...chinaDayRange(body.StartDate, body.EndDate),
      },
      body,
    );
    const customers = await customerCards(
      this.deps.context,
      member.merchantId,
      rows.map((row) => row.customer_id),
    );
    return {
      ...page,
      List: page.List.map((order, index) => ({
        ...order,
        Customer: customers.get(rows[index]!.customer_id)!,
      })),
    };
  }

  /** Dashboard (工作台): the merchant's figures now; money only for 财务 and 管理员. */
  async dashboard(member: StaffMember): Promise<Dashboard> {
    return dashboardOf(
      this.db,
      member.merchantId,
      this.deps.context.clock.now(),
      hasRole(member, DASHBOARD_MONEY_ROLES),
    );
  }

  /** OrderDetail for staff: history, customer, and every payment that included the order. */
  async detail(member: StaffMember, orderId: number): Promise<StaffOrderDetail> {
    const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, orderId);
    const detail = await this.deps.orders.detailOf(order);
    const customers = await customerCards(this.deps.context, member.merchantId, [order.customer_id]);
    return {
      ...detail,
      Customer: customers.get(order.customer_id)!,
      Payments: await paymentsOfOrder(this.db, order.id),
    };
  }

  /** One guarded transition by a staff member, then the order as it is now. */
  private async move(
    member: StaffMember,
    orderId: number,
    action: Exclude<OrderAction, 'place'>,
    note: string,
    set: (order: OrderRow, now: number) => Updateable<OrderTable>,
    audit: AuditSink,
  ): Promise<StaffOrderDetail> {
    const now = this.deps.context.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const scope = { merchantId: member.merchantId };
      const before = await this.deps.orders.requireOrder(scope, orderId, trx);
      await requireTransition(trx, {
        merchantId: member.merchantId,
        orderId,
        action,
        from: before.status,
        actor: staffActor(member),
        now,
        note,
        set: set(before, now),
      });
      const after = await this.deps.orders.requireOrder(scope, orderId, trx);
      await audit(
        {
          target: { type: 'order', id: orderId, label: before.order_no },
          before: orderState(before),
          after: orderState(after),
        },
        trx,
      );
    });
    return this.detail(member, orderId);
  }

  /** ApproveArtwork: 待审稿 → 生产中; every line needs at least one file. */
  async approve(
    member: StaffMember,
    body: StaffOrderActionBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<StaffOrderDetail> {
    const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, body.OrderId);
    const bare =
      order.status === OrderStatus.Reviewing ? await this.deps.orders.lineWithoutArtwork(order.id) : null;
    if (bare !== null) throw new AppError('OrderFilesRequired', `「${bare}」还没有印刷文件，不能审稿通过`);
    return this.move(
      member,
      body.OrderId,
      'approve',
      body.Note,
      () => ({ review_state: 'approved', reject_reason: '' }),
      audit,
    );
  }

  /** RejectArtwork: back to the customer with a reason; the order stays 待审稿 until new files. */
  async reject(
    member: StaffMember,
    body: StaffRejectBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<StaffOrderDetail> {
    return this.move(
      member,
      body.OrderId,
      'reject',
      body.Reason,
      () => ({ review_state: 'rejected', reject_reason: body.Reason }),
      audit,
    );
  }

  /** StartProduction: marks when production began (生产中, once). */
  async startProduction(
    member: StaffMember,
    body: StaffOrderActionBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<StaffOrderDetail> {
    return this.move(
      member,
      body.OrderId,
      'start_production',
      body.Note,
      (_order, now) => ({ production_started_at: now }),
      audit,
    );
  }

  /**
   * ShipOrder: 生产中 → 已发货 with the tracking number (and the carrier, by default the order's).
   * An order the customer collects at the shop (到店自提) ships without a number.
   */
  async ship(
    member: StaffMember,
    body: StaffShipBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<StaffOrderDetail> {
    await this.requireTrackingNo(member, body.OrderId, body.TrackingNo, () => '请填写快递单号');
    return this.shipOrder(member, body, audit);
  }

  /**
   * The one rule for whether 发货 needs a tracking number: an order in 生产中 does unless its
   * carrier is 到店自提. An order no longer in 生产中 is left to 发货 itself, which refuses it with
   * what it is now.
   */
  private async requireTrackingNo(
    member: StaffMember,
    orderId: number,
    trackingNo: string,
    missing: (order: OrderRow) => string,
  ): Promise<void> {
    if (trackingNo !== '') return;
    const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, orderId);
    if (order.status === OrderStatus.Producing && !(await isSelfPickupOrder(this.db, order))) {
      throw new AppError('ValidationFailed', missing(order));
    }
  }

  private async shipOrder(
    member: StaffMember,
    body: StaffShipBody,
    audit: AuditSink,
  ): Promise<StaffOrderDetail> {
    const note = [body.ExpressCompanyName, body.TrackingNo, body.Note].filter(Boolean).join(' ');
    const shipped = await this.move(
      member,
      body.OrderId,
      'ship',
      note,
      (order, now) => ({
        tracking_no: body.TrackingNo,
        express_company_name: body.ExpressCompanyName || order.express_company_name,
        shipped_at: now,
      }),
      audit,
    );
    this.notifyShipped(member.merchantId, shipped);
    return shipped;
  }

  /**
   * 已发货 by SMS (docs/sms.md), when the customer wants it (个人设置, docs/settings.md): sent in
   * the background after the shipment is stored, so a slow or failing gateway never holds up or
   * undoes the shipment.
   */
  private notifyShipped(merchantId: number, order: StaffOrderDetail): void {
    const owner = { merchantId, customerId: order.Customer.Id };
    this.deps.sms?.notifyOrderShipped({
      merchantId,
      mobileNo: order.Customer.MobileNo,
      orderNo: order.OrderNo,
      expressCompany: order.ExpressCompanyName,
      // 到店自提 ships without a number.
      trackingNo: order.TrackingNo || '无',
      wanted: () => wantsNotification(this.deps.context, owner, 'order_shipped', 'sms'),
    });
  }

  /** CompleteOrder: 已发货 → 已完成. */
  async complete(
    member: StaffMember,
    body: StaffOrderActionBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<StaffOrderDetail> {
    return this.move(
      member,
      body.OrderId,
      'complete',
      body.Note,
      (_order, now) => ({ completed_at: now }),
      audit,
    );
  }

  /**
   * A batch step (BatchApproveArtwork, BatchStartProduction, BatchCompleteOrders): each order in
   * its own transaction through the single step, so an order refused (moved by someone else, in
   * another status, another merchant's, without files) changes nothing and the others go on. Each
   * order answers done, or refused with the single step's own message; an order listed twice is
   * stepped once.
   */
  async batch(
    member: StaffMember,
    step: BatchOrderStep,
    orderIds: readonly number[],
    audit: AuditSink = NO_AUDIT,
  ): Promise<BatchOrderActionResult> {
    return this.eachOrder(member, orderIds, (orderId) => {
      const body = { OrderId: orderId, Note: '' };
      return step === 'approve'
        ? this.approve(member, body, audit)
        : step === 'start_production'
          ? this.startProduction(member, body, audit)
          : this.complete(member, body, audit);
    });
  }

  /** BatchShipForm: the ticked orders as the 批量发货 dialog lists them, and the couriers to pick. */
  async batchShipForm(member: StaffMember, orderIds: readonly number[]): Promise<BatchShipForm> {
    return batchShipForm(this.deps.context, member.merchantId, orderIds);
  }

  /**
   * BatchShipOrders: each order shipped through the single 发货 with its own tracking number, in
   * its own transaction, like the other batch steps (an order shipped or cancelled meanwhile is
   * refused with 发货's own message, never shipped twice; the 已发货 SMS goes once per order
   * shipped). An order the customer collects at the shop (到店自提) may go without a number.
   */
  async batchShip(
    member: StaffMember,
    body: BatchShipOrdersBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<BatchOrderActionResult> {
    const items = new Map(body.Items.map((item) => [item.OrderId, item]));
    return this.eachOrder(member, [...items.keys()], async (orderId) => {
      const item = items.get(orderId)!;
      await this.requireTrackingNo(
        member,
        orderId,
        item.TrackingNo,
        (order) => `请填写快递单号（「${order.express_company_name || '快递'}」不是到店自提）`,
      );
      return this.shipOrder(
        member,
        {
          OrderId: orderId,
          TrackingNo: item.TrackingNo,
          ExpressCompanyName: item.ExpressCompanyName,
          Note: '',
        },
        audit,
      );
    });
  }

  /** Runs one order's step per order, each on its own; a refusal is that order's answer. */
  private async eachOrder(
    member: StaffMember,
    orderIds: readonly number[],
    step: (orderId: number) => Promise<StaffOrderDetail>,
  ): Promise<BatchOrderActionResult> {
    const results: BatchOrderActionResult['Results'] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        const detail = await step(orderId);
        results.push({ OrderId: orderId, OrderNo: detail.OrderNo, Done: true, Message: '' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const order = await this.db
          .selectFrom('orders')
          .select('order_no')
          .where('id', '=', orderId)
          .where('merchant_id', '=', member.merchantId)
          .executeTakeFirst();
        results.push({
          OrderId: orderId,
          OrderNo: order?.order_no ?? '',
          Done: false,
          Message: error.message,
        });
      }
    }
    const done = results.filter((result) => result.Done).length;
    return { Results: results, DoneCount: done, RefusedCount: results.length - done };
  }

  /**
   * CancelOrder: an unpaid order is cancelled; a paid one (待审稿, 生产中) is cancelled and its total
   * refunded to the customer's balance in the same transaction. The coupon comes back either way.
   * Money paid through 微信支付 or 支付宝 then goes back to that account (balance → balance,
   * 微信 → 微信, spec issue on real money): a refund the gateway refuses or cannot take stays in
   * the balance, and the reply says so.
   */
  async cancel(
    member: StaffMember,
    body: StaffCancelBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<StaffCancelReply> {
    const now = this.deps.context.clock.now();
    const actor = staffActor(member);
    // The cancellation's row is written in its transaction, with the order as it is after it.
    const noteCancel = async (trx: Db, order: OrderRow, refund: string) => {
      const after = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, order.id, trx);
      await audit(
        {
          target: { type: 'order', id: order.id, label: order.order_no },
          before: orderState(order),
          after: { ...orderState(after), Refund: refund },
        },
        trx,
      );
    };
    const refunded = await this.db.transaction().execute(async (trx) => {
      const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, body.OrderId, trx);
      const target = { id: order.id, merchantId: member.merchantId };
      if (order.status === OrderStatus.Unpaid) {
        await this.deps.orders.cancelUnpaid(trx, target, 'merchant_cancel', actor, body.Reason, now);
        await noteCancel(trx, order, '未付款，无需退款');
        return null;
      }
      await requireTransition(trx, {
        merchantId: member.merchantId,
        orderId: order.id,
        action: 'merchant_cancel',
        from: order.status,
        actor,
        now,
        note: `${body.Reason}；退款 ${(order.total_fen / 100).toFixed(2)} 元至余额`,
        set: { cancelled_at: now, cancel_reason: body.Reason, refund_fen: order.total_fen },
      });
      await releaseCouponUse(trx, { merchantId: member.merchantId, orderId: order.id });
      if (order.total_fen > 0) {
        await refundOrderToBalance(
          trx,
          {
            id: order.id,
            orderNo: order.order_no,
            merchantId: member.merchantId,
            customerId: order.customer_id,
            paymentId: order.payment_id,
            amountFen: order.total_fen,
          },
          body.Reason,
          actor,
          now,
        );
      }
      await noteCancel(trx, order, `已退回余额 ${(order.total_fen / 100).toFixed(2)} 元`);
      return { paymentId: order.payment_id, amountFen: order.total_fen, orderNo: order.order_no };
    });
    const refund = refunded
      ? await this.refundToOriginal(member, refunded.paymentId, refunded.amountFen, body.Reason)
      : NO_REFUND;
    if (refunded && refund.To !== 'balance') {
      // The gateway took the money back from the balance to the customer's account: its own row.
      await audit({
        target: { type: 'order', id: body.OrderId, label: refunded.orderNo },
        after: {
          Refund: `${refund.StatusName} ${(refund.AmountFen / 100).toFixed(2)} 元`,
          RefundNo: refund.RefundNo,
        },
      });
    }
    const detail = await this.detail(member, body.OrderId);
    return { ...detail, Refund: refund };
  }

  /** The money of a cancelled order, back to the gateway account it was paid from when it was. */
  private async refundToOriginal(
    member: StaffMember,
    paymentId: number | null,
    amountFen: number,
    reason: string,
  ): Promise<CancelRefund> {
    const toBalance = (note: string): CancelRefund => ({
      To: 'balance',
      AmountFen: amountFen,
      RefundNo: '',
      StatusName: '已退回余额',
      Note: note,
    });
    if (amountFen <= 0) return { ...NO_REFUND, Note: '订单金额为 0，无需退款' };
    const payment =
      paymentId === null || !this.deps.refunds
        ? undefined
        : await this.db
            .selectFrom('payments')
            .select('payment_no')
            .where('id', '=', paymentId)
            .where('merchant_id', '=', member.merchantId)
            .executeTakeFirst();
    if (!payment || !this.deps.refunds) return toBalance('款项已退回客户余额');
    try {
      const refund = await this.deps.refunds.refundToOriginal(member.merchantId, member.name, {
        PaymentNo: payment.payment_no,
        AmountFen: amountFen,
        Reason: `订单取消：${reason}`.slice(0, 80),
      });
      if (refund.Status === 'failed') {
        return { ...toBalance('原路退款被支付平台拒绝，款项留在客户余额'), RefundNo: refund.RefundNo };
      }
      return {
        To: refund.PayMethod,
        AmountFen: refund.AmountFen,
        RefundNo: refund.RefundNo,
        StatusName: refund.StatusName,
        Note:
          refund.Status === 'processing'
            ? '已向支付平台申请原路退款，结果以支付平台通知为准'
            : '已原路退回客户的付款账户',
      };
    } catch (error) {
      // Paid from the balance: the balance is the original method, and it is already there.
      if (error instanceof AppError && error.apiCode === ApiCode.PaymentMethodUnavailable) {
        return toBalance('余额支付的订单，款项已退回客户余额');
      }
      this.deps.context.log.warn(
        { err: error, paymentId, merchantId: member.merchantId },
        'refund to the original method failed; the money stays in the balance',
      );
      const why = error instanceof AppError ? error.message : '支付平台暂时无法处理';
      return toBalance(`原路退款未成功（${why}），款项留在客户余额，可稍后在支付记录中原路退款`);
    }
  }

  /** AdjustBalance (财务): a manual credit or deduction, never below zero, in the ledger. */
  async adjustBalance(
    member: StaffMember,
    body: AdjustBalanceBody,
    audit: AuditSink = NO_AUDIT,
  ): Promise<{ EntryId: number; BalanceFen: number }> {
    const customerLabel = await merchantCustomerLabel(this.db, member.merchantId, body.CustomerId);
    if (customerLabel === null) throw new AppError('AccountNotFound', '客户不存在');
    const now = this.deps.context.clock.now();
    const result = await this.db.transaction().execute(async (trx) => {
      const adjusted = await adjustBalance(
        trx,
        { merchantId: member.merchantId, customerId: body.CustomerId },
        body.AmountFen,
        body.Remark,
        staffActor(member),
        now,
      );
      await audit(
        {
          target: { type: 'customer', id: body.CustomerId, label: customerLabel },
          before: { BalanceFen: adjusted.balance - body.AmountFen },
          after: { BalanceFen: adjusted.balance, EntryId: adjusted.entryId },
        },
        trx,
      );
      return adjusted;
    });
    return { EntryId: result.entryId, BalanceFen: result.balance };
  }
}
