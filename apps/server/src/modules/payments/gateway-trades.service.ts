/**
 * Payments through the real gateways (docs/payments.md): each QR code or phone link opens a
 * trade at 微信支付 or 支付宝 with its own out_trade_no; what the gateway says about a trade — a
 * notification, or the answer to the reconciliation job's query — is checked against the
 * merchant's own account and the payment (out_trade_no, amount, currency) before the payment is
 * settled the same way as every other; refunds go back to the payer's account.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  GATEWAY_REFUND_STATUS_NAMES,
  type GatewayRefund,
  type RefundToOriginalBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { applyGatewayNotice, type NotifyOutcome } from './apply-notice.ts';
import { findBalance } from './balance-ledger.repository.ts';
import type { PaymentGateways } from './create-gateway.ts';
import {
  GatewayError,
  isJsapiGateway,
  type GatewayRefundResult,
  type GatewayTrade,
  type MobilePayRequest,
  type QrCodeRequest,
  type TradeGateway,
} from './gateways/payment-gateway.ts';
import {
  countTrades,
  finishRefund,
  findRefundByNo,
  findTradeByOutTradeNo,
  insertRefund,
  insertTrade,
  listPaidTrades,
  listRefundsOfPayment,
  listTradesToReconcile,
  markTradeChecked,
  setTradeStatus,
  type RefundRow,
} from './gateway-trades.repository.ts';
import { findPaymentById, type PaymentRow } from './payments.repository.ts';
import { creditFailedGatewayRefund, withdrawForGatewayRefund } from './settlement.ts';

export interface GatewayTradesDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  gateways: PaymentGateways;
  /** BASE_DOMAIN: a merchant's site is <code>.<BASE_DOMAIN> (refund notifications go there by default). */
  baseDomain: string;
}

/** Why a gateway's word about a trade was not taken, or null when it was checked. */
export type TradeCheck = { ok: true } | { ok: false; reason: string };

/** How old an open trade must be before the reconciliation job asks about it (and between asks). */
const RECONCILE_AFTER_MS = 60_000;
/** A trade past its expiry by this much is closed at the gateway when still unpaid. */
const CLOSE_GRACE_MS = 2 * 60_000;

function gatewayFailure(error: unknown): AppError {
  if (error instanceof GatewayError) return new AppError('PaymentGatewayFailed', error.message);
  return new AppError('PaymentGatewayFailed');
}

export class GatewayTradesService {
  constructor(private readonly deps: GatewayTradesDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Opens a trade for the payment at the gateway: recorded first (so its notification finds it),
   * then asked for its QR code, phone link or (JSAPI, inside 微信, for the payer's `openid`)
   * prepay_id. A refusal is the gateway's message; nothing paid.
   */
  async open(
    gateway: TradeGateway,
    payment: PaymentRow,
    channel: 'qr' | 'mobile' | 'jsapi',
    request: Omit<QrCodeRequest, 'outTradeNo' | 'notifyUrl'> &
      Partial<Pick<MobilePayRequest, 'returnUrl' | 'clientIp'>> & { openid?: string },
    merchantCode: string,
  ): Promise<string> {
    const now = this.deps.clock.now();
    let trade;
    for (let attempt = 0; ; attempt += 1) {
      const outTradeNo = `${payment.payment_no}_${(await countTrades(this.db, payment.id)) + 1}`;
      try {
        trade = await insertTrade(this.db, {
          merchant_id: payment.merchant_id,
          payment_id: payment.id,
          provider: gateway.provider,
          channel,
          out_trade_no: outTradeNo,
          amount_fen: payment.amount_fen,
          status: 'open',
          expires_at: request.expiresAt,
          created_at: now,
          updated_at: now,
        });
        break;
      } catch (error) {
        // Two codes asked for at once took the same number: take the next.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
    const full: MobilePayRequest = {
      returnUrl: '',
      clientIp: '',
      ...request,
      outTradeNo: trade.out_trade_no,
      notifyUrl: this.deps.gateways.notifyUrl(request.origin, gateway.provider, merchantCode),
    };
    try {
      if (channel === 'jsapi') {
        if (!isJsapiGateway(gateway) || !request.openid) {
          throw new GatewayError('NO_JSAPI', '该支付方式不支持微信内支付', true);
        }
        return (await gateway.createJsapiPay({ ...full, openid: request.openid })).prepayId;
      }
      if (channel === 'mobile') return (await gateway.createMobilePay(full)).payUrl;
      return (await gateway.createQrCode(full)).codeUrl;
    } catch (error) {
      await setTradeStatus(this.db, trade.id, 'open', 'closed', this.deps.clock.now());
      this.deps.log.warn(
        { provider: gateway.provider, outTradeNo: trade.out_trade_no, err: error },
        'gateway refused to open a trade',
      );
      throw gatewayFailure(error);
    }
  }

  /**
   * What a gateway says about a trade (a verified notification or query answer), checked and
   * applied: paid money settles its payment; a closed trade is recorded closed. A trade that is
   * not this merchant's, paid into another account, or with another amount or currency is refused.
   */
  async applyTrade(
    merchantId: number,
    gateway: TradeGateway,
    reported: GatewayTrade,
  ): Promise<NotifyOutcome> {
    const now = this.deps.clock.now();
    const trade = reported.outTradeNo ? await findTradeByOutTradeNo(this.db, reported.outTradeNo) : undefined;
    const refuse = (reason: string): never => {
      this.deps.log.warn(
        { provider: gateway.provider, merchantId, outTradeNo: reported.outTradeNo.slice(0, 64), reason },
        'gateway trade report refused',
      );
      throw new AppError('PaymentNotifyInvalid');
    };
    if (!trade || trade.merchant_id !== merchantId || trade.provider !== gateway.provider) {
      return refuse('no such trade of this merchant');
    }
    if (reported.account.appId !== gateway.account.appId) return refuse('another application');
    if (
      gateway.account.merchantNo &&
      reported.account.merchantNo &&
      reported.account.merchantNo !== gateway.account.merchantNo
    ) {
      return refuse("another merchant's account");
    }
    if (gateway.provider === 'wechat' && reported.account.merchantNo !== gateway.account.merchantNo) {
      return refuse("another merchant's account");
    }
    if (reported.state === 'closed') {
      const closed = await setTradeStatus(this.db, trade.id, 'open', 'closed', now);
      return { Accepted: true, Duplicate: !closed };
    }
    if (reported.state !== 'paid') return { Accepted: true, Duplicate: true };
    if (reported.amountFen !== trade.amount_fen) return refuse('amount differs');
    if (reported.currency !== 'CNY') return refuse('currency differs');
    if (!reported.tradeNo) return refuse('no gateway trade number');
    const payment = await findPaymentById(this.db, trade.payment_id);
    if (!payment || payment.merchant_id !== merchantId || payment.amount_fen !== reported.amountFen) {
      return refuse('payment differs');
    }
    return applyGatewayNotice(
      this.db,
      payment,
      gateway.provider,
      {
        paymentNo: payment.payment_no,
        tradeNo: reported.tradeNo,
        amountFen: reported.amountFen,
        status: 'paid',
        payType: gateway.payType,
      },
      now,
      async (trx) => {
        // A trade closed here (expired) that the payer paid all the same is paid.
        if (!(await setTradeStatus(trx, trade.id, 'open', 'paid', now, reported.tradeNo))) {
          await setTradeStatus(trx, trade.id, 'closed', 'paid', now, reported.tradeNo);
        }
      },
    );
  }

  /**
   * The reconciliation job (docs/payments.md): open trades whose notification has not arrived
   * are asked about at their gateway — paid ones are settled as a notification would; unpaid
   * ones past their expiry, or of a payment already paid or closed, are closed at the gateway.
   */
  async reconcile(limit = 50): Promise<{ checked: number; settled: number; closed: number }> {
    const now = this.deps.clock.now();
    const trades = await listTradesToReconcile(this.db, now, RECONCILE_AFTER_MS, limit);
    let settled = 0;
    let closed = 0;
    for (const trade of trades) {
      await markTradeChecked(this.db, trade.id, now);
      const gateway = await this.deps.gateways.tradeGateway(trade.merchant_id, trade.provider);
      if (!gateway) continue;
      try {
        const reported = await gateway.queryTrade(trade.out_trade_no);
        if (reported.state === 'paid') {
          const outcome = await this.applyTrade(trade.merchant_id, gateway, reported);
          if (!outcome.Duplicate) settled += 1;
          continue;
        }
        if (reported.state === 'closed') {
          if (await setTradeStatus(this.db, trade.id, 'open', 'closed', now)) closed += 1;
          continue;
        }
        const isOver = trade.expires_at + CLOSE_GRACE_MS <= now || trade.payment_status !== 'pending';
        if (isOver) {
          await gateway.closeTrade(trade.out_trade_no);
          if (await setTradeStatus(this.db, trade.id, 'open', 'closed', now)) closed += 1;
        }
      } catch (error) {
        this.deps.log.warn(
          { provider: trade.provider, outTradeNo: trade.out_trade_no, err: error },
          'payment reconciliation could not check a trade',
        );
      }
    }
    return { checked: trades.length, settled, closed };
  }

  /**
   * RefundToOriginal: money of a paid gateway trade of the payment back to the payer's account.
   * It leaves the balance first (the money of a cancelled order or a double payment was credited
   * there), in one transaction with the refund's record; then the gateway is asked. A refusal
   * puts it back into the balance; an unanswered request stays 处理中 until the gateway's refund
   * notification says how it ended.
   */
  async refundToOriginal(
    merchantId: number,
    actorName: string,
    input: RefundToOriginalBody,
  ): Promise<GatewayRefund> {
    const now = this.deps.clock.now();
    const payment = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('payment_no', '=', input.PaymentNo)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (!payment) throw new AppError('PaymentNotFound');
    const paidTrades = await listPaidTrades(this.db, payment.id);
    if (paidTrades.length === 0) {
      throw new AppError('PaymentMethodUnavailable', '这笔支付没有经微信支付或支付宝付款，不能原路退款');
    }
    const gateways = new Map<string, TradeGateway | null>();
    for (const trade of paidTrades) {
      if (!gateways.has(trade.provider)) {
        gateways.set(trade.provider, await this.deps.gateways.tradeGateway(merchantId, trade.provider));
      }
    }
    const refund = await this.db.transaction().execute(async (trx) => {
      // The payment row first (the lock order), so two refunds of it are counted one after the other.
      await trx.updateTable('payments').set({ updated_at: now }).where('id', '=', payment.id).execute();
      const refunds = await listRefundsOfPayment(trx, payment.id);
      const refundedOf = (tradeId: number) =>
        refunds
          .filter((row) => row.trade_id === tradeId && row.status !== 'failed')
          .reduce((sum, row) => sum + row.amount_fen, 0);
      const trade = paidTrades
        .filter((row) => gateways.get(row.provider))
        .map((row) => ({ row, left: row.amount_fen - refundedOf(row.id) }))
        .sort((a, b) => b.left - a.left)[0];
      if (!trade) throw new AppError('PaymentGatewayFailed', '商户的收款账户未启用，不能原路退款');
      if (input.AmountFen > trade.left) {
        throw new AppError(
          'ValidationFailed',
          `退款金额超过可原路退回的金额（最多 ${(trade.left / 100).toFixed(2)} 元）`,
        );
      }
      const outRefundNo = `${payment.payment_no}_R${refunds.length + 1}`;
      await withdrawForGatewayRefund(
        trx,
        payment,
        {
          amountFen: input.AmountFen,
          outRefundNo,
          provider: trade.row.provider,
          reason: input.Reason,
          actorName,
        },
        now,
      );
      const row = await insertRefund(trx, {
        merchant_id: merchantId,
        customer_id: payment.customer_id,
        payment_id: payment.id,
        trade_id: trade.row.id,
        provider: trade.row.provider,
        out_refund_no: outRefundNo,
        amount_fen: input.AmountFen,
        status: 'processing',
        reason: input.Reason,
        actor_name: actorName.slice(0, 100),
        created_at: now,
        updated_at: now,
      });
      return { row, trade: trade.row };
    });
    const gateway = gateways.get(refund.trade.provider)!;
    try {
      const result = await gateway.refund({
        outTradeNo: refund.trade.out_trade_no,
        tradeNo: refund.trade.provider_trade_no,
        outRefundNo: refund.row.out_refund_no,
        refundFen: input.AmountFen,
        totalFen: refund.trade.amount_fen,
        reason: input.Reason,
        notifyUrl: this.deps.gateways.notifyUrl(
          await this.notifyOrigin(merchantId),
          gateway.provider,
          await this.merchantCode(merchantId),
        ),
      });
      if (result.status !== 'processing') await this.finish(refund.row, result);
      else if (result.refundNo) {
        await this.db
          .updateTable('payment_refunds')
          .set({ provider_refund_no: result.refundNo, updated_at: now })
          .where('id', '=', refund.row.id)
          .execute();
      }
    } catch (error) {
      if (error instanceof GatewayError && error.isRefusal) {
        await this.finish(refund.row, {
          outRefundNo: refund.row.out_refund_no,
          refundNo: '',
          status: 'failed',
          amountFen: refund.row.amount_fen,
        });
        const row = (await findRefundByNo(this.db, refund.row.out_refund_no)) ?? refund.row;
        this.deps.log.warn({ outRefundNo: row.out_refund_no, code: error.code }, 'gateway refused a refund');
        throw new AppError('PaymentGatewayFailed', `${error.message}；退款金额已退回客户余额`);
      }
      this.deps.log.warn({ outRefundNo: refund.row.out_refund_no, err: error }, 'refund request unanswered');
    }
    return this.describeRefund(
      payment,
      (await findRefundByNo(this.db, refund.row.out_refund_no)) ?? refund.row,
    );
  }

  /** A refund notification (微信支付 REFUND.*), verified by the caller: ends the refund once. */
  async applyRefund(
    merchantId: number,
    gateway: TradeGateway,
    reported: GatewayRefundResult & { mchId: string },
  ): Promise<NotifyOutcome> {
    const row = await findRefundByNo(this.db, reported.outRefundNo);
    if (!row || row.merchant_id !== merchantId || row.provider !== gateway.provider) {
      this.deps.log.warn(
        { merchantId, outRefundNo: reported.outRefundNo.slice(0, 64) },
        'refund notification refused',
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    if (reported.mchId !== gateway.account.merchantNo || reported.amountFen !== row.amount_fen) {
      this.deps.log.warn(
        { merchantId, outRefundNo: row.out_refund_no },
        'refund notification does not match',
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    if (reported.status === 'processing') return { Accepted: true, Duplicate: true };
    const changed = await this.finish(row, reported);
    return { Accepted: true, Duplicate: !changed };
  }

  /** Ends a processing refund: success, or failed with its amount back in the balance. */
  private async finish(row: RefundRow, result: GatewayRefundResult): Promise<boolean> {
    const now = this.deps.clock.now();
    const status = result.status === 'success' ? 'success' : 'failed';
    return this.db.transaction().execute(async (trx) => {
      const payment = await findPaymentById(trx, row.payment_id);
      if (!payment) return false;
      // The payment row first (the lock order), then the refund.
      await trx.updateTable('payments').set({ updated_at: now }).where('id', '=', payment.id).execute();
      const moved = await finishRefund(trx, row.id, status, result.refundNo, now);
      if (moved && status === 'failed') {
        await creditFailedGatewayRefund(
          trx,
          payment,
          { amountFen: row.amount_fen, outRefundNo: row.out_refund_no },
          now,
        );
      }
      return moved;
    });
  }

  private async describeRefund(payment: PaymentRow, row: RefundRow): Promise<GatewayRefund> {
    const status = row.status as GatewayRefund['Status'];
    return {
      RefundNo: row.out_refund_no,
      PaymentNo: payment.payment_no,
      PayMethod: row.provider === 'alipay' ? 'alipay' : 'wechat',
      AmountFen: row.amount_fen,
      Status: status,
      StatusName: GATEWAY_REFUND_STATUS_NAMES[status] ?? '',
      BalanceFen: await findBalance(this.db, {
        merchantId: payment.merchant_id,
        customerId: payment.customer_id,
      }),
      CreatedAt: new Date(row.created_at).toISOString(),
    };
  }

  private async merchantCode(merchantId: number): Promise<string> {
    const row = await this.db
      .selectFrom('merchants')
      .select('code')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return row?.code ?? '';
  }

  /** The origin refund notifications go to without PAYMENT_NOTIFY_BASE_URL: the merchant's site. */
  private async notifyOrigin(merchantId: number): Promise<string> {
    return `https://${await this.merchantCode(merchantId)}.${this.deps.baseDomain}`;
  }
}
