/**
 * Payments (docs/payments.md): one payment for the total of one or several unpaid orders, paid
 * from the balance (one transaction) or by QR code through the gateway, whose notification is
 * verified and applied once; recharges by QR code; the status the pay page polls.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ONLINE_PAYMENT_UNAVAILABLE_MESSAGE,
  OrderStatus,
  PAY_METHOD_NAMES,
  PaymentPurpose,
  type BalancePayBody,
  type MobilePay,
  type MobilePayBody,
  type MobileRechargeBody,
  type PayStatus,
  type Payment,
  type QrCode,
  type RechargeBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { generatePaymentNo, ordersOfCustomer } from '../orders/index.ts';
import type { Actor } from '../orders/index.ts';
import { applyGatewayNotice, type NotifyOutcome } from './apply-notice.ts';
import { findBalance } from './balance-ledger.repository.ts';
import type { GatewayMerchant, MerchantGateways, PaymentGateways } from './create-gateway.ts';
import type { GatewayTradesService } from './gateway-trades.service.ts';
import {
  isTradeGateway,
  type PaymentGateway,
  type QrPayType,
  type TradeGateway,
} from './gateways/payment-gateway.ts';
import { toPayStatus, toPayment, toQrCode } from './payments.mapper.ts';
import {
  closeExpiredPayments,
  closePendingPaymentsOfOrders,
  findOwnedPayment,
  findPaymentById,
  findGatewayMerchant,
  findPaymentByNo,
  insertPayment,
  insertPaymentOrders,
  listPaymentOrders,
  updatePaymentIf,
  type PaymentRow,
} from './payments.repository.ts';
import { renderQrPng } from './qr-image.ts';
import { settleFromBalance } from './settlement.ts';
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
  /** Trades at the real gateways (微信支付, 支付宝). */
  trades: GatewayTradesService;
  settings: PaymentSettings;
}

export type { NotifyOutcome };

/** Where the customer is: the origin of the site, and (for 微信 H5 支付) their IP. */
export interface PayerContext {
  origin: string;
  clientIp: string;
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

  /**
   * A payment of the customer's unpaid orders, pending — or, with `paid`, already paid (a balance
   * payment made in the same transaction: no one else can have seen it pending). Returns the
   * payment and its orders as read.
   */
  private async insertOrderPayment(
    db: Db,
    owner: CustomerScope,
    orderIds: readonly number[],
    paid?: { method: string; now: number },
  ): Promise<PaymentRow> {
    return (await this.insertOrderPaymentWithOrders(db, owner, orderIds, paid)).payment;
  }

  private async insertOrderPaymentWithOrders(
    db: Db,
    owner: CustomerScope,
    orderIds: readonly number[],
    paid?: { method: string; now: number },
  ): Promise<{ payment: PaymentRow; orders: Awaited<ReturnType<typeof ordersOfCustomer>> }> {
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
      status: paid ? 'paid' : 'pending',
      ...(paid ? { method: paid.method, paid_at: paid.now } : {}),
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
    return { payment, orders };
  }

  /**
   * BalancePaymannet: in ONE transaction, the payment is marked paid, every order moves to 待审稿
   * and the balance is deducted by a conditional update; any refusal rolls all of it back.
   */
  async payWithBalance(
    owner: CustomerScope,
    actor: Actor,
    body: BalancePayBody,
    merchant?: GatewayMerchant,
  ): Promise<Payment> {
    const paid = await this.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      if (!body.PaymentNo) {
        // A new payment of the orders, inserted paid: its orders as just read are its links.
        const fresh = await this.insertOrderPaymentWithOrders(trx, owner, body.OrderIds ?? [], {
          method: 'balance',
          now,
        });
        const links = fresh.orders.map((order) => ({
          order_id: order.id,
          amount_fen: order.total_fen,
          outcome: '',
          order_no: order.order_no,
          status: order.status,
          total_fen: order.total_fen,
        }));
        return { row: fresh.payment, ...(await settleFromBalance(trx, fresh.payment, now, actor, links)) };
      }
      const payment = await this.requirePayable(trx, owner, body.PaymentNo, now);
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
      const settled = await settleFromBalance(trx, payment, now, actor);
      const row: PaymentRow = {
        ...payment,
        status: 'paid',
        method: 'balance',
        paid_at: now,
        updated_at: now,
      };
      return { row, ...settled };
    });
    // The reply is made of what the transaction wrote, not read back (docs/performance.md).
    const choice = merchant
      ? await this.deps.gateways.forMerchant(merchant)
      : await this.choiceOf(owner.merchantId);
    return toPayment(paid.row, paid.links, paid.balance, choice);
  }

  /** getqrcode: a QR code for the payment by 微信支付 or 支付宝, valid PAYMENT_QR_TTL_SECONDS. */
  async issueQrCode(
    owner: CustomerScope,
    paymentNo: string,
    payType: QrPayType,
    origin: string,
  ): Promise<QrCode> {
    const { merchant, gateway } = await this.requireGateway(owner.merchantId, payType);
    const now = this.deps.clock.now();
    const payment = await this.requirePayable(this.db, owner, paymentNo, now);
    return this.issueFor(merchant, gateway, payment, payType, origin, now);
  }

  /** get_qrcode_refresh: a fresh code (same payment, new expiry); by default the same method. */
  async refreshQrCode(
    owner: CustomerScope,
    paymentNo: string,
    payType: QrPayType | undefined,
    origin: string,
  ): Promise<QrCode> {
    const now = this.deps.clock.now();
    const payment = await this.requirePayable(this.db, owner, paymentNo, now);
    const method = payType ?? (payment.qr_method === 'alipay' ? 'alipay' : 'wechat');
    const { merchant, gateway } = await this.requireGateway(owner.merchantId, method);
    return this.issueFor(merchant, gateway, payment, method, origin, now);
  }

  /** What a gateway is asked for: the payment's number, amount, subject and deadline. */
  private tradeRequest(payment: PaymentRow, payType: QrPayType, origin: string, expiresAt: number) {
    return {
      paymentNo: payment.payment_no,
      amountFen: payment.amount_fen,
      payType,
      expiresAt,
      origin,
      subject: payment.purpose === PaymentPurpose.Recharge ? '余额充值' : '订单支付',
    };
  }

  private async issueFor(
    merchant: GatewayMerchant,
    gateway: PaymentGateway,
    payment: PaymentRow,
    payType: QrPayType,
    origin: string,
    now: number,
  ): Promise<QrCode> {
    const expiresAt = Math.min(now + this.deps.settings.qrTtlSeconds * 1000, payment.expires_at);
    const request = this.tradeRequest(payment, payType, origin, expiresAt);
    const codeUrl = isTradeGateway(gateway)
      ? await this.deps.trades.open(gateway, payment, 'qr', request, merchant.code)
      : (
          await gateway.createQrCode({
            ...request,
            outTradeNo: payment.payment_no,
            notifyUrl: this.deps.gateways.notifyUrl(origin, gateway.provider, merchant.code),
          })
        ).codeUrl;
    const updated = await updatePaymentIf(this.db, payment.id, 'pending', {
      qr_method: payType,
      qr_expires_at: expiresAt,
      provider: gateway.provider,
      updated_at: now,
    });
    if (!updated) await this.throwNotPayable(this.db, payment.id);
    return toQrCode(payment, payType, gateway, codeUrl, await renderQrPng(codeUrl), expiresAt, now);
  }

  /**
   * GetMobilePayUrl: paying on a phone — a 微信 H5 支付 or 支付宝手机网站支付 link (the simulator's
   * page for simulated merchants) that returns the payer to `ReturnPath` on this site.
   */
  async mobilePay(owner: CustomerScope, body: MobilePayBody, payer: PayerContext): Promise<MobilePay> {
    const { merchant, gateway } = await this.requireGateway(owner.merchantId, body.PayType);
    const now = this.deps.clock.now();
    const payment = await this.requirePayable(this.db, owner, body.PaymentNo, now);
    const returnUrl = `${payer.origin}${body.ReturnPath}`;
    return this.openMobileFor(merchant, gateway, payment, body.PayType, payer, returnUrl, now);
  }

  /**
   * MobileRecharge: a recharge on a phone — a new pending recharge payment and its phone link; the
   * payer comes back to `ReturnPath` with `no=<PaymentNo>`, where the page follows the payment.
   */
  async mobileRecharge(
    owner: CustomerScope,
    body: MobileRechargeBody,
    payer: PayerContext,
  ): Promise<MobilePay> {
    const { merchant, gateway } = await this.requireGateway(owner.merchantId, body.PayType);
    const now = this.deps.clock.now();
    const payment = await this.insertRecharge(owner, body.AmountFen, now);
    const back = new URL(body.ReturnPath, payer.origin);
    back.searchParams.set('no', payment.payment_no);
    const returnUrl = `${payer.origin}${back.pathname}${back.search}`;
    return this.openMobileFor(merchant, gateway, payment, body.PayType, payer, returnUrl, now);
  }

  private async openMobileFor(
    merchant: GatewayMerchant,
    gateway: PaymentGateway,
    payment: PaymentRow,
    payType: QrPayType,
    payer: PayerContext,
    returnUrl: string,
    now: number,
  ): Promise<MobilePay> {
    const expiresAt = Math.min(now + this.deps.settings.qrTtlSeconds * 1000, payment.expires_at);
    const request = {
      ...this.tradeRequest(payment, payType, payer.origin, expiresAt),
      returnUrl,
      clientIp: payer.clientIp,
    };
    const payUrl = isTradeGateway(gateway)
      ? await this.deps.trades.open(gateway, payment, 'mobile', request, merchant.code)
      : (
          await gateway.createMobilePay({
            ...request,
            outTradeNo: payment.payment_no,
            notifyUrl: this.deps.gateways.notifyUrl(payer.origin, gateway.provider, merchant.code),
          })
        ).payUrl;
    const updated = await updatePaymentIf(this.db, payment.id, 'pending', {
      qr_method: payType,
      qr_expires_at: expiresAt,
      provider: gateway.provider,
      updated_at: now,
    });
    if (!updated) await this.throwNotPayable(this.db, payment.id);
    return {
      PaymentNo: payment.payment_no,
      PayType: payType,
      PayTypeName: PAY_METHOD_NAMES[payType] ?? '',
      AmountFen: payment.amount_fen,
      PayUrl: payUrl,
      ExpiresAt: new Date(expiresAt).toISOString(),
      IsSimulated: gateway.isSimulated,
    };
  }

  /**
   * The customer's payment, still payable, and the merchant's gateway of this method — refused
   * exactly as a QR code or phone link would be (微信内支付 starts here).
   */
  async payableAtGateway(
    owner: CustomerScope,
    paymentNo: string,
    payType: QrPayType,
  ): Promise<{ merchant: GatewayMerchant; gateway: PaymentGateway; payment: PaymentRow }> {
    const { merchant, gateway } = await this.requireGateway(owner.merchantId, payType);
    const payment = await this.requirePayable(this.db, owner, paymentNo, this.deps.clock.now());
    return { merchant, gateway, payment };
  }

  /** The merchant's gateway of this method, refused as a QR code would be (微信内充值 starts here). */
  gatewayOf(
    owner: CustomerScope,
    payType: QrPayType,
  ): Promise<{ merchant: GatewayMerchant; gateway: PaymentGateway }> {
    return this.requireGateway(owner.merchantId, payType);
  }

  /** A new pending recharge payment of the customer (微信内充值 then pays it by JSAPI). */
  createRecharge(owner: CustomerScope, amountFen: number): Promise<PaymentRow> {
    return this.insertRecharge(owner, amountFen, this.deps.clock.now());
  }

  /**
   * 微信内支付 (JSAPI): a trade for the payer's openid through the same bookkeeping as a QR code or
   * phone link (its own out_trade_no, expiry, reconciliation, notification); answers its prepay_id.
   */
  async openJsapiTrade(
    merchant: GatewayMerchant,
    gateway: TradeGateway,
    payment: PaymentRow,
    origin: string,
    openid: string,
  ): Promise<{ prepayId: string; expiresAt: number }> {
    const now = this.deps.clock.now();
    const expiresAt = Math.min(now + this.deps.settings.qrTtlSeconds * 1000, payment.expires_at);
    const request = { ...this.tradeRequest(payment, 'wechat', origin, expiresAt), openid };
    const prepayId = await this.deps.trades.open(gateway, payment, 'jsapi', request, merchant.code);
    const updated = await updatePaymentIf(this.db, payment.id, 'pending', {
      qr_method: 'wechat',
      qr_expires_at: expiresAt,
      provider: gateway.provider,
      updated_at: now,
    });
    if (!updated) await this.throwNotPayable(this.db, payment.id);
    return { prepayId, expiresAt };
  }

  /** Recharge: a pending recharge payment and its QR code (none is made without a gateway). */
  async recharge(owner: CustomerScope, body: RechargeBody, origin: string): Promise<QrCode> {
    const { merchant, gateway } = await this.requireGateway(owner.merchantId, body.PayType);
    const now = this.deps.clock.now();
    const payment = await this.insertRecharge(owner, body.AmountFen, now);
    return this.issueFor(merchant, gateway, payment, body.PayType, origin, now);
  }

  /** A new pending recharge payment of the customer, lasting PAYMENT_EXPIRE_MINUTES. */
  private insertRecharge(owner: CustomerScope, amountFen: number, now: number): Promise<PaymentRow> {
    return insertPayment(this.db, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      payment_no: generatePaymentNo(now),
      purpose: PaymentPurpose.Recharge,
      amount_fen: amountFen,
      status: 'pending',
      expires_at: now + this.deps.settings.expireMinutes * 60_000,
      created_at: now,
      updated_at: now,
    });
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
      await this.choiceOf(owner.merchantId),
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
      await this.choiceOf(owner.merchantId),
    );
  }

  /** How the merchant's customers can pay online (none: balance only). */
  private async choiceOf(merchantId: number): Promise<MerchantGateways> {
    return this.deps.gateways.forMerchant(await this.merchantOf(merchantId));
  }

  private async merchantOf(merchantId: number): Promise<GatewayMerchant> {
    return (await findGatewayMerchant(this.db, merchantId)) ?? { id: merchantId, code: '', isDemo: false };
  }

  /**
   * The merchant's gateway of this method; without one a QR or phone payment is refused before
   * anything is stored.
   */
  private async requireGateway(
    merchantId: number,
    payType: QrPayType,
  ): Promise<{ merchant: GatewayMerchant; gateway: PaymentGateway }> {
    const merchant = await this.merchantOf(merchantId);
    const choice = await this.deps.gateways.forMerchant(merchant);
    if (choice.methods.length === 0) {
      throw new AppError('PaymentMethodUnavailable', ONLINE_PAYMENT_UNAVAILABLE_MESSAGE);
    }
    if (!choice.methods.includes(payType)) {
      throw new AppError(
        'PaymentMethodUnavailable',
        `本站暂未开通${PAY_METHOD_NAMES[payType] ?? ''}，请选择其他支付方式`,
      );
    }
    const gateway = await choice.gatewayFor(payType);
    if (!gateway) {
      throw new AppError('PaymentGatewayFailed', '商户的收款设置暂时无法使用，请选择其他支付方式或联系商家');
    }
    return { merchant, gateway };
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
    // The simulator pays only the merchants it serves: never a real merchant's order.
    if (!(await this.choiceOf(payment.merchant_id)).isSimulated) {
      this.deps.log.warn(
        { provider, paymentNo: notice.paymentNo },
        "payment notification from a gateway that is not the merchant's",
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    return applyGatewayNotice(this.db, payment, gateway.provider, notice, now);
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
