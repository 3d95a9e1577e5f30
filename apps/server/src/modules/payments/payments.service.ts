/**
 * Payments (docs/payments.md): one payment for the total of one or several unpaid orders, paid
 * from the balance (one transaction) or by QR code through the gateway, whose notification is
 * verified and applied once; recharges by QR code; the status the pay page polls.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ONLINE_PAYMENT_UNAVAILABLE_MESSAGE,
  OrderStatus,
  PaymentPurpose,
  type BalancePayBody,
  type PayStatus,
  type Payment,
  type QrCode,
  type RechargeBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { generatePaymentNo, ordersOfCustomer } from '../orders/index.ts';
import type { Actor } from '../orders/index.ts';
import { findBalance } from './balance-ledger.repository.ts';
import type { PaymentGateways } from './create-gateway.ts';
import type { PaymentGateway, QrPayType } from './gateways/payment-gateway.ts';
import { toPayStatus, toPayment, toQrCode } from './payments.mapper.ts';
import {
  closeExpiredPayments,
  closePendingPaymentsOfOrders,
  findOwnedPayment,
  findPaymentById,
  findPaymentByNo,
  insertNotification,
  insertPayment,
  insertPaymentOrders,
  isDemoMerchant,
  listPaymentOrders,
  markPaidUnlessPaid,
  updatePaymentIf,
  type PaymentRow,
} from './payments.repository.ts';
import { renderQrPng } from './qr-image.ts';
import { settleDuplicateGatewayPayment, settleFromBalance, settleFromGateway } from './settlement.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export interface PaymentSettings {
  qrTtlSeconds: number;
  expireMinutes: number;
}

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  gateways: PaymentGateways;
  settings: PaymentSettings;
}

export interface NotifyOutcome {
  Accepted: boolean;
  Duplicate: boolean;
}

export class PaymentsService {
  constructor(private readonly deps: PaymentDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** post_service_order_pay: a pending payment for the total of the customer's unpaid orders. */
  async createOrderPayment(owner: CustomerScope, orderIds: readonly number[]): Promise<Payment> {
    const payment = await this.db
      .transaction()
      .execute((trx) => this.insertOrderPayment(trx, owner, orderIds));
    return this.describe(owner, payment);
  }

  private async insertOrderPayment(
    db: Db,
    owner: CustomerScope,
    orderIds: readonly number[],
  ): Promise<PaymentRow> {
    const ids = [...new Set(orderIds)];
    const orders = await ordersOfCustomer(db, owner, ids);
    if (orders.length !== ids.length) throw new AppError('OrderNotFound');
    const notPayable = orders.find((order) => order.status !== OrderStatus.Unpaid);
    if (notPayable)
      throw new AppError('OrderNotPayable', `订单 ${notPayable.order_no} 不是待付款状态，无法支付`);
    const now = this.deps.clock.now();
    const payment = await insertPayment(db, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      payment_no: generatePaymentNo(now),
      purpose: PaymentPurpose.Orders,
      amount_fen: orders.reduce((sum, order) => sum + order.total_fen, 0),
      status: 'pending',
      // One deadline everywhere: an order payment lasts exactly as long as its orders can be paid
      // (the earliest of their unpaid deadlines), which the order pages show too.
      expires_at: Math.min(...orders.map((order) => Number(order.unpaid_expires_at))),
      created_at: now,
      updated_at: now,
    });
    await insertPaymentOrders(
      db,
      orders.map((order) => ({ payment_id: payment.id, order_id: order.id, amount_fen: order.total_fen })),
    );
    return payment;
  }

  /**
   * BalancePaymannet: in ONE transaction, the payment is marked paid, every order moves to 待审稿
   * and the balance is deducted by a conditional update; any refusal rolls all of it back.
   */
  async payWithBalance(owner: CustomerScope, actor: Actor, body: BalancePayBody): Promise<Payment> {
    const paid = await this.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      const payment = body.PaymentNo
        ? await this.requirePayable(trx, owner, body.PaymentNo, now)
        : await this.insertOrderPayment(trx, owner, body.OrderIds ?? []);
      if (payment.purpose !== PaymentPurpose.Orders) {
        throw new AppError('PaymentMethodUnavailable', '充值不能使用余额支付');
      }
      const marked = await updatePaymentIf(trx, payment.id, 'pending', {
        status: 'paid',
        method: 'balance',
        paid_at: now,
        updated_at: now,
      });
      if (!marked) await this.throwNotPayable(trx, payment.id);
      await settleFromBalance(trx, payment, now, actor);
      return payment;
    });
    const row = await findPaymentById(this.db, paid.id);
    return this.describe(owner, row ?? paid);
  }

  /** getqrcode: a QR code for the payment by 微信支付 or 支付宝, valid PAYMENT_QR_TTL_SECONDS. */
  async issueQrCode(
    owner: CustomerScope,
    paymentNo: string,
    payType: QrPayType,
    origin: string,
  ): Promise<QrCode> {
    const gateway = await this.requireGateway(owner.merchantId);
    const now = this.deps.clock.now();
    const payment = await this.requirePayable(this.db, owner, paymentNo, now);
    return this.issueFor(gateway, payment, payType, origin, now);
  }

  /** get_qrcode_refresh: a fresh code (same payment, new expiry); by default the same method. */
  async refreshQrCode(
    owner: CustomerScope,
    paymentNo: string,
    payType: QrPayType | undefined,
    origin: string,
  ): Promise<QrCode> {
    const gateway = await this.requireGateway(owner.merchantId);
    const now = this.deps.clock.now();
    const payment = await this.requirePayable(this.db, owner, paymentNo, now);
    const method = payType ?? (payment.qr_method === 'alipay' ? 'alipay' : 'wechat');
    return this.issueFor(gateway, payment, method, origin, now);
  }

  private async issueFor(
    gateway: PaymentGateway,
    payment: PaymentRow,
    payType: QrPayType,
    origin: string,
    now: number,
  ): Promise<QrCode> {
    const expiresAt = Math.min(now + this.deps.settings.qrTtlSeconds * 1000, payment.expires_at);
    const { codeUrl } = await gateway.createQrCode({
      paymentNo: payment.payment_no,
      amountFen: payment.amount_fen,
      payType,
      expiresAt,
      origin,
      subject: payment.purpose === PaymentPurpose.Recharge ? '余额充值' : '订单支付',
    });
    const updated = await updatePaymentIf(this.db, payment.id, 'pending', {
      qr_method: payType,
      qr_expires_at: expiresAt,
      provider: gateway.provider,
      updated_at: now,
    });
    if (!updated) await this.throwNotPayable(this.db, payment.id);
    return toQrCode(payment, payType, gateway, codeUrl, await renderQrPng(codeUrl), expiresAt, now);
  }

  /** Recharge: a pending recharge payment and its QR code (none is made without a gateway). */
  async recharge(owner: CustomerScope, body: RechargeBody, origin: string): Promise<QrCode> {
    const gateway = await this.requireGateway(owner.merchantId);
    const now = this.deps.clock.now();
    const payment = await insertPayment(this.db, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      payment_no: generatePaymentNo(now),
      purpose: PaymentPurpose.Recharge,
      amount_fen: body.AmountFen,
      status: 'pending',
      expires_at: now + this.deps.settings.expireMinutes * 60_000,
      created_at: now,
      updated_at: now,
    });
    return this.issueFor(gateway, payment, body.PayType, origin, now);
  }

  /** QueryPayStatus: what the pay page polls; a pending payment past its expiry is closed first. */
  async queryStatus(owner: CustomerScope, paymentNo: string): Promise<PayStatus> {
    const now = this.deps.clock.now();
    let payment = await findOwnedPayment(this.db, owner, paymentNo);
    if (!payment) throw new AppError('PaymentNotFound');
    if (payment.status === 'pending' && payment.expires_at <= now) {
      await updatePaymentIf(this.db, payment.id, 'pending', {
        status: 'closed',
        close_reason: 'expired',
        closed_at: now,
        updated_at: now,
      });
      payment = (await findPaymentById(this.db, payment.id)) ?? payment;
    }
    const links = await listPaymentOrders(this.db, payment.id);
    return toPayStatus(
      payment,
      links.map((link) => link.order_id),
      await findBalance(this.db, owner),
      await this.gatewayOf(owner.merchantId),
      now,
    );
  }

  /** The payment as the pay page shows it. */
  async describe(owner: CustomerScope, payment: PaymentRow): Promise<Payment> {
    const links = await listPaymentOrders(this.db, payment.id);
    return toPayment(
      payment,
      links,
      await findBalance(this.db, owner),
      await this.gatewayOf(owner.merchantId),
    );
  }

  /** The merchant's QR-code gateway, or null when it has none (balance only). */
  private async gatewayOf(merchantId: number): Promise<PaymentGateway | null> {
    return this.deps.gateways.forMerchant({ isDemo: await isDemoMerchant(this.db, merchantId) });
  }

  /** The merchant's gateway; without one a QR payment is refused before anything is stored. */
  private async requireGateway(merchantId: number): Promise<PaymentGateway> {
    const gateway = await this.gatewayOf(merchantId);
    if (!gateway) throw new AppError('PaymentMethodUnavailable', ONLINE_PAYMENT_UNAVAILABLE_MESSAGE);
    return gateway;
  }

  /**
   * POST /api/payment/notify/:provider. A forged, malformed or mismatching notification is refused
   * and changes nothing. A repeated one is acknowledged and changes nothing. Otherwise the payment
   * is marked paid (or closed) and settled in one transaction.
   */
  async handleNotification(provider: string, body: unknown): Promise<NotifyOutcome> {
    const gateway = this.deps.gateways.byProvider(provider);
    const now = this.deps.clock.now();
    const verified = gateway?.verifyNotification(body, now);
    if (!gateway || !verified?.ok) {
      this.deps.log.warn(
        { provider, reason: verified && !verified.ok ? verified.reason : 'unknown provider' },
        'payment notification refused',
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    const notice = verified.notice;
    const payment = await findPaymentByNo(this.db, notice.paymentNo);
    if (!payment || payment.amount_fen !== notice.amountFen) {
      this.deps.log.warn(
        { provider, paymentNo: notice.paymentNo },
        'payment notification names no such payment or amount',
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    // A gateway pays only the merchants it serves: the simulator never pays a real merchant's order.
    if ((await this.gatewayOf(payment.merchant_id))?.provider !== gateway.provider) {
      this.deps.log.warn(
        { provider, paymentNo: notice.paymentNo },
        "payment notification from a gateway that is not the merchant's",
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    const apply = () =>
      this.db.transaction().execute(async (trx): Promise<NotifyOutcome> => {
        if (notice.status === 'closed') {
          const closed = await updatePaymentIf(trx, payment.id, 'pending', {
            status: 'closed',
            close_reason: 'declined',
            closed_at: now,
            updated_at: now,
          });
          return { Accepted: true, Duplicate: !closed };
        }
        const gatewayInfo = { provider: gateway.provider, tradeNo: notice.tradeNo, method: notice.payType };
        const marked = await markPaidUnlessPaid(trx, payment.id, {
          method: notice.payType,
          provider: gateway.provider,
          provider_trade_no: notice.tradeNo,
          paid_at: now,
          updated_at: now,
        });
        if (marked) {
          await settleFromGateway(trx, payment, gatewayInfo, now);
        } else {
          const current = await findPaymentById(trx, payment.id);
          if (current?.provider === gateway.provider && current.provider_trade_no === notice.tradeNo) {
            return { Accepted: true, Duplicate: true };
          }
          await settleDuplicateGatewayPayment(trx, payment, gatewayInfo, now);
        }
        await insertNotification(trx, {
          provider: gateway.provider,
          payment_no: payment.payment_no,
          trade_no: notice.tradeNo,
          outcome: marked ? 'applied' : 'overpaid',
          detail: `${notice.payType} ${notice.amountFen}`,
          created_at: now,
        });
        return { Accepted: true, Duplicate: false };
      });
    try {
      return await apply();
    } catch (error) {
      // The same trade recorded by a parallel delivery of this notification: it is a repeat.
      if (isUniqueViolation(error)) return { Accepted: true, Duplicate: true };
      throw error;
    }
  }

  /** Closes the pending payments of these orders in the caller's transaction (order cancel). */
  closePendingOfOrders(db: Db, orderIds: readonly number[], now: number): Promise<unknown> {
    return closePendingPaymentsOfOrders(db, orderIds, now);
  }

  /** Closes pending payments past their expiry (maintenance). */
  async closeExpired(): Promise<number> {
    return closeExpiredPayments(this.db, this.deps.clock.now());
  }

  /** The customer's payment if it can still be paid; otherwise the reason it cannot. */
  private async requirePayable(
    db: Db,
    owner: CustomerScope,
    paymentNo: string,
    now: number,
  ): Promise<PaymentRow> {
    const payment = await findOwnedPayment(db, owner, paymentNo);
    if (!payment) throw new AppError('PaymentNotFound');
    if (payment.status === 'paid') throw new AppError('PaymentAlreadyPaid');
    if (payment.status !== 'pending' || payment.expires_at <= now) throw new AppError('PaymentClosed');
    return payment;
  }

  private async throwNotPayable(db: Db, paymentId: number): Promise<never> {
    const current = await findPaymentById(db, paymentId);
    throw new AppError(current?.status === 'paid' ? 'PaymentAlreadyPaid' : 'PaymentClosed');
  }
}
