/**
 * Merchant operations on orders (docs/orders.md): review artwork (approve → 生产中, or reject back
 * to the customer with a reason), mark production started, ship with a tracking number, complete,
 * and cancel — an order already paid is refunded to the customer's balance in the same
 * transaction. Every step is a guarded transition recorded with the staff member's name.
 */
import {
  OrderStatus,
  type AdjustBalanceBody,
  type StaffCancelBody,
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
import { requireTransition } from '../orders/index.ts';
import type { OrdersService, OrderAction, OrderRow } from '../orders/index.ts';
import { adjustBalance, paymentsOfOrder, refundOrderToBalance } from '../payments/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { isMerchantCustomer } from './staff.repository.ts';
import { staffActor, type StaffMember } from './staff.service.ts';

export interface StaffOrdersDeps {
  context: ServerContext;
  orders: OrdersService;
  /** Sends the customer's order notices (已发货) by SMS; none in tests that need no SMS. */
  sms?: SmsSender;
}

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
  ): Promise<StaffOrderDetail> {
    const now = this.deps.context.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, orderId, trx);
      await requireTransition(trx, {
        merchantId: member.merchantId,
        orderId,
        action,
        from: order.status,
        actor: staffActor(member),
        now,
        note,
        set: set(order, now),
      });
    });
    return this.detail(member, orderId);
  }

  /** ApproveArtwork: 待审稿 → 生产中; every line needs at least one file. */
  async approve(member: StaffMember, body: StaffOrderActionBody): Promise<StaffOrderDetail> {
    const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, body.OrderId);
    const bare =
      order.status === OrderStatus.Reviewing ? await this.deps.orders.lineWithoutArtwork(order.id) : null;
    if (bare !== null) throw new AppError('OrderFilesRequired', `「${bare}」还没有印刷文件，不能审稿通过`);
    return this.move(member, body.OrderId, 'approve', body.Note, () => ({
      review_state: 'approved',
      reject_reason: '',
    }));
  }

  /** RejectArtwork: back to the customer with a reason; the order stays 待审稿 until new files. */
  async reject(member: StaffMember, body: StaffRejectBody): Promise<StaffOrderDetail> {
    return this.move(member, body.OrderId, 'reject', body.Reason, () => ({
      review_state: 'rejected',
      reject_reason: body.Reason,
    }));
  }

  /** StartProduction: marks when production began (生产中, once). */
  async startProduction(member: StaffMember, body: StaffOrderActionBody): Promise<StaffOrderDetail> {
    return this.move(member, body.OrderId, 'start_production', body.Note, (_order, now) => ({
      production_started_at: now,
    }));
  }

  /** ShipOrder: 生产中 → 已发货 with the tracking number (and the carrier, by default the order's). */
  async ship(member: StaffMember, body: StaffShipBody): Promise<StaffOrderDetail> {
    const note = [body.ExpressCompanyName, body.TrackingNo, body.Note].filter(Boolean).join(' ');
    const shipped = await this.move(member, body.OrderId, 'ship', note, (order, now) => ({
      tracking_no: body.TrackingNo,
      express_company_name: body.ExpressCompanyName || order.express_company_name,
      shipped_at: now,
    }));
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
      trackingNo: order.TrackingNo,
      wanted: () => wantsNotification(this.deps.context, owner, 'order_shipped', 'sms'),
    });
  }

  /** CompleteOrder: 已发货 → 已完成. */
  async complete(member: StaffMember, body: StaffOrderActionBody): Promise<StaffOrderDetail> {
    return this.move(member, body.OrderId, 'complete', body.Note, (_order, now) => ({ completed_at: now }));
  }

  /**
   * CancelOrder: an unpaid order is cancelled; a paid one (待审稿, 生产中) is cancelled and its total
   * refunded to the customer's balance in the same transaction. The coupon comes back either way.
   */
  async cancel(member: StaffMember, body: StaffCancelBody): Promise<StaffOrderDetail> {
    const now = this.deps.context.clock.now();
    const actor = staffActor(member);
    await this.db.transaction().execute(async (trx) => {
      const order = await this.deps.orders.requireOrder({ merchantId: member.merchantId }, body.OrderId, trx);
      const target = { id: order.id, merchantId: member.merchantId };
      if (order.status === OrderStatus.Unpaid) {
        await this.deps.orders.cancelUnpaid(trx, target, 'merchant_cancel', actor, body.Reason, now);
        return;
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
    });
    return this.detail(member, body.OrderId);
  }

  /** AdjustBalance (财务): a manual credit or deduction, never below zero, in the ledger. */
  async adjustBalance(
    member: StaffMember,
    body: AdjustBalanceBody,
  ): Promise<{ EntryId: number; BalanceFen: number }> {
    if (!(await isMerchantCustomer(this.db, member.merchantId, body.CustomerId))) {
      throw new AppError('AccountNotFound', '客户不存在');
    }
    const now = this.deps.context.clock.now();
    const result = await this.db
      .transaction()
      .execute((trx) =>
        adjustBalance(
          trx,
          { merchantId: member.merchantId, customerId: body.CustomerId },
          body.AmountFen,
          body.Remark,
          staffActor(member),
          now,
        ),
      );
    return { EntryId: result.entryId, BalanceFen: result.balance };
  }
}
