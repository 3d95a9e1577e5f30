/**
 * 测试支付 (docs/payments.md, "Test payment"): from the console an administrator opens a 0.01 元
 * QR trade at the merchant's own 微信支付 or 支付宝 account — saved, with all its keys, enabled or
 * not — pays it with a phone, and sees 支付成功 once the gateway's signed notification (or the
 * answer to a query) says so. A test payment belongs to the merchant alone: it is no payment of
 * a customer, pays no order, and never reaches a balance or the ledger. Once paid, its 0.01 元 is
 * refunded to the payer through the gateway's refund API (exactly one refund request per test,
 * however often the notification is repeated); the maintenance job reconciles open test trades
 * whose notification has not arrived and closes expired ones at the gateway, as for customers.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  TEST_PAYMENT_AMOUNT_FEN,
  TEST_PAYMENT_REFUND_STATUS_NAMES,
  TEST_PAYMENT_STATUS_NAMES,
  type GatewayProvider,
  type TestPayment,
  type TestPaymentRefundStatus,
  type TestPaymentStatus,
} from '@inkstone/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GatewayTestPaymentTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { generateTestPaymentNo } from '../orders/index.ts';
import type { NotifyOutcome } from './apply-notice.ts';
import type { PaymentGateways } from './create-gateway.ts';
import {
  GatewayError,
  type GatewayRefundResult,
  type GatewayTrade,
  type TradeGateway,
} from './gateways/payment-gateway.ts';
import type { AdminMerchant } from './payment-admin.ts';
import { renderQrPng } from './qr-image.ts';

type TestRow = Selectable<GatewayTestPaymentTable>;

const PROVIDER_NAMES: Record<GatewayProvider, string> = { wechat: '微信支付', alipay: '支付宝' };

/** How often polling may ask the gateway about one open test payment. */
const QUERY_EVERY_MS = 5_000;
/** How old an open test trade (or an unanswered refund) must be before the job asks about it. */
const RECONCILE_AFTER_MS = 60_000;
/** An unpaid test trade past its expiry by this much is closed at the gateway by the job. */
const CLOSE_GRACE_MS = 2 * 60_000;
/** The refund's reason, shown to the payer by the gateway. */
const REFUND_REASON = '收款测试，自动退款';

/** True for a test payment's out_trade_no (`T` + 22 digits), which no customer payment has. */
export function isTestTradeNo(outTradeNo: string): boolean {
  return /^T\d{22}$/.test(outTradeNo);
}

/** True for a test payment's refund number (`<TestNo>_R<attempt>`). */
export function isTestRefundNo(outRefundNo: string): boolean {
  return /^T\d{22}_R\d{1,3}$/.test(outRefundNo);
}

function refundStatusOf(row: TestRow): TestPaymentRefundStatus {
  const status = row.refund_status;
  return status === 'processing' || status === 'success' || status === 'failed' ? status : 'none';
}

export interface GatewayTestPaymentsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  gateways: PaymentGateways;
  /** PAYMENT_QR_TTL_SECONDS: how long the test code can be paid. */
  qrTtlSeconds: number;
}

export class GatewayTestPayments {
  constructor(private readonly deps: GatewayTestPaymentsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Opens a 0.01 元 trade at the merchant's saved account of `provider` and answers its QR code.
   * Refused in Chinese when the account is not saved with all its keys, or the gateway refuses.
   */
  async start(merchant: AdminMerchant, actorName: string, provider: GatewayProvider): Promise<TestPayment> {
    const name = PROVIDER_NAMES[provider];
    const gateway = await this.deps.gateways.tradeGateway(merchant.id, provider, { evenDisabled: true });
    if (!gateway) {
      throw new AppError(
        'PaymentMethodUnavailable',
        this.deps.gateways.accounts.canSave
          ? `请先保存${name}的收款账户（含全部密钥），再测试支付`
          : `服务器未设置支付配置加密密钥（PAYMENT_CONFIG_KEY），不能测试${name}，请联系运维人员`,
      );
    }
    const now = this.deps.clock.now();
    const notifyUrl = this.deps.gateways.notifyUrl(merchant.origin, provider, merchant.code);
    const row = await this.db
      .insertInto('gateway_test_payments')
      .values({
        merchant_id: merchant.id,
        provider,
        out_trade_no: generateTestPaymentNo(now),
        amount_fen: TEST_PAYMENT_AMOUNT_FEN,
        status: 'open',
        created_by: actorName.slice(0, 100),
        expires_at: now + this.deps.qrTtlSeconds * 1000,
        notify_url: notifyUrl.slice(0, 500),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      const { codeUrl } = await gateway.createQrCode({
        paymentNo: row.out_trade_no,
        outTradeNo: row.out_trade_no,
        amountFen: row.amount_fen,
        payType: provider,
        expiresAt: row.expires_at,
        origin: merchant.origin,
        notifyUrl,
        subject: '收款测试（0.01 元）',
      });
      const opened = await this.db
        .updateTable('gateway_test_payments')
        .set({ code_url: codeUrl.slice(0, 1000), updated_at: this.deps.clock.now() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.describe(opened);
    } catch (error) {
      const message = error instanceof GatewayError ? error.message : `${name}没有应答，请稍后再试`;
      await this.db
        .updateTable('gateway_test_payments')
        .set({ status: 'closed', failure: message.slice(0, 300), updated_at: this.deps.clock.now() })
        .where('id', '=', row.id)
        .execute();
      this.deps.log.warn({ provider, merchantId: merchant.id, err: error }, 'gateway refused a test payment');
      throw new AppError('PaymentGatewayFailed', message);
    }
  }

  /**
   * A test payment of the merchant as it stands. While it is open and no notification has come,
   * the gateway is asked (at most every 5 s); past its expiry an unpaid one is closed there.
   */
  async status(merchant: AdminMerchant, testNo: string): Promise<TestPayment> {
    let row = await this.find(merchant.id, testNo);
    const now = this.deps.clock.now();
    if (row.status === 'open' && (row.checked_at === null || row.checked_at <= now - QUERY_EVERY_MS)) {
      await this.db
        .updateTable('gateway_test_payments')
        .set({ checked_at: now })
        .where('id', '=', row.id)
        .execute();
      await this.ask(row, now, 0);
      row = await this.find(merchant.id, testNo);
    }
    return this.describe(row);
  }

  /**
   * Asks the gateway about an open test payment and records what it says; unpaid `graceMs` past
   * its expiry, it is closed there. True when it was settled (paid) by the answer.
   */
  private async ask(row: TestRow, now: number, graceMs: number): Promise<'paid' | 'closed' | null> {
    const gateway = await this.deps.gateways.tradeGateway(row.merchant_id, row.provider, {
      evenDisabled: true,
    });
    if (!gateway) return null;
    try {
      const reported = await gateway.queryTrade(row.out_trade_no);
      if (reported.state === 'paid' || reported.state === 'closed') {
        const outcome = await this.applyTrade(row.merchant_id, gateway, reported);
        return outcome.Duplicate ? null : reported.state;
      }
      if (row.expires_at + graceMs <= now) {
        await gateway.closeTrade(row.out_trade_no);
        return (await this.close(row.id, now)) ? 'closed' : null;
      }
    } catch (error) {
      this.deps.log.warn(
        { provider: row.provider, outTradeNo: row.out_trade_no, err: error },
        'test payment could not be checked at the gateway',
      );
    }
    return null;
  }

  /**
   * The maintenance job's round (the same schedule as customer trades, docs/payments.md): open
   * test trades at least a minute old whose notification has not arrived are asked about, least
   * recently asked first — a paid one is settled and refunded as its notification would be, an
   * unpaid one two minutes past its expiry is closed at the gateway; a paid test whose refund was
   * never asked (the server stopped in between), or whose request went unanswered, is asked again
   * with the same refund number (the gateway refunds it once).
   */
  async reconcile(
    limit = 50,
  ): Promise<{ checked: number; settled: number; closed: number; refunds: number }> {
    const now = this.deps.clock.now();
    const due = now - RECONCILE_AFTER_MS;
    const open = await this.db
      .selectFrom('gateway_test_payments')
      .selectAll()
      .where('status', '=', 'open')
      .where('created_at', '<=', due)
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', due)]))
      .orderBy((eb) => eb.fn.coalesce('checked_at', eb.lit(0)))
      .orderBy('id')
      .limit(limit)
      .execute();
    let settled = 0;
    let closed = 0;
    for (const row of open) {
      await this.markChecked(row.id, now);
      const outcome = await this.ask(row, now, CLOSE_GRACE_MS);
      if (outcome === 'paid') settled += 1;
      if (outcome === 'closed') closed += 1;
    }
    const unrefunded = await this.db
      .selectFrom('gateway_test_payments')
      .selectAll()
      .where('status', '=', 'paid')
      .where((eb) =>
        eb.or([
          eb('refund_status', '=', ''),
          eb.and([
            eb('refund_status', '=', 'processing'),
            eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', due)]),
          ]),
        ]),
      )
      .orderBy((eb) => eb.fn.coalesce('checked_at', eb.lit(0)))
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const row of unrefunded) {
      await this.markChecked(row.id, now);
      if (row.refund_status === '') await this.refund(row.id, '');
      else await this.askRefund(row);
    }
    return { checked: open.length, settled, closed, refunds: unrefunded.length };
  }

  /** 重试退款: a refund the gateway refused is asked again, under a new refund number. */
  async retryRefund(merchant: AdminMerchant, testNo: string): Promise<TestPayment> {
    const row = await this.find(merchant.id, testNo);
    if (row.status !== 'paid' || row.refund_status !== 'failed') {
      throw new AppError(
        'ValidationFailed',
        row.refund_status === 'success'
          ? '这笔测试支付已退款，无需重试'
          : row.refund_status === 'processing'
            ? '这笔测试支付正在退款，请稍后查看结果'
            : '这笔测试支付没有失败的退款，不能重试退款',
      );
    }
    await this.refund(row.id, 'failed');
    return this.describe(await this.find(merchant.id, testNo));
  }

  /**
   * Claims the refund of a paid test payment (its refund state still `from`) and asks the
   * gateway for it. The claim is one conditional update, so of any number of replayed or
   * parallel notifications (or a retry clicked twice) exactly one sends the refund request.
   */
  private async refund(id: number, from: '' | 'failed'): Promise<void> {
    const row = await this.db
      .selectFrom('gateway_test_payments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.status !== 'paid' || row.refund_status !== from || row.notify_url === '') return;
    const now = this.deps.clock.now();
    const attempt = row.refund_attempts + 1;
    const refundNo = `${row.out_trade_no}_R${attempt}`;
    const claimed = await this.db
      .updateTable('gateway_test_payments')
      .set({
        refund_status: 'processing',
        refund_no: refundNo,
        refund_attempts: attempt,
        refund_failure: '',
        checked_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .where('refund_status', '=', from)
      .where('refund_attempts', '=', row.refund_attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    await this.askRefund({
      ...row,
      refund_status: 'processing',
      refund_no: refundNo,
      refund_attempts: attempt,
    });
  }

  /** Sends (or sends again: the same number refunds once) the refund request of a claimed refund. */
  private async askRefund(row: TestRow): Promise<void> {
    const gateway = await this.deps.gateways.tradeGateway(row.merchant_id, row.provider, {
      evenDisabled: true,
    });
    if (!gateway) return;
    try {
      const result = await gateway.refund({
        outTradeNo: row.out_trade_no,
        tradeNo: row.provider_trade_no,
        outRefundNo: row.refund_no,
        refundFen: row.amount_fen,
        totalFen: row.amount_fen,
        reason: REFUND_REASON,
        notifyUrl: row.notify_url,
      });
      if (result.status !== 'processing') await this.finishRefund(row, result.status, '');
    } catch (error) {
      if (error instanceof GatewayError && error.isRefusal) {
        await this.finishRefund(row, 'failed', error.message);
        this.deps.log.warn({ outRefundNo: row.refund_no, code: error.code }, 'gateway refused a test refund');
        return;
      }
      // Unanswered: it stays 退款中 and the job asks again with the same number.
      this.deps.log.warn({ outRefundNo: row.refund_no, err: error }, 'test refund request unanswered');
    }
  }

  /** Ends a test refund in processing (once: a repeated notification changes nothing). */
  private async finishRefund(row: TestRow, status: 'success' | 'failed', reason: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const result = await this.db
      .updateTable('gateway_test_payments')
      .set({
        refund_status: status,
        refund_failure: status === 'failed' ? (reason || '网关未能完成退款').slice(0, 300) : '',
        refunded_at: status === 'success' ? now : null,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('refund_no', '=', row.refund_no)
      .where('refund_status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * A test refund's notification (微信支付 REFUND.*), verified by the caller: of this merchant's
   * account, for the refund asked, 0.01 元; it ends the refund once.
   */
  async applyRefund(
    merchantId: number,
    gateway: TradeGateway,
    reported: GatewayRefundResult & { mchId: string },
  ): Promise<NotifyOutcome> {
    const row = await this.db
      .selectFrom('gateway_test_payments')
      .selectAll()
      .where('refund_no', '=', reported.outRefundNo)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (
      !row ||
      row.provider !== gateway.provider ||
      reported.mchId !== gateway.account.merchantNo ||
      reported.amountFen !== row.amount_fen
    ) {
      this.deps.log.warn(
        { merchantId, outRefundNo: reported.outRefundNo.slice(0, 64) },
        'test refund notification refused',
      );
      throw new AppError('PaymentNotifyInvalid');
    }
    if (reported.status === 'processing') return { Accepted: true, Duplicate: true };
    const changed = await this.finishRefund(
      row,
      reported.status,
      reported.status === 'failed' ? `${PROVIDER_NAMES.wechat}退款未成功（退款异常或已关闭）` : '',
    );
    return { Accepted: true, Duplicate: !changed };
  }

  private async markChecked(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('gateway_test_payments')
      .set({ checked_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * What a gateway says about a test trade (a verified notification or query answer): paid into
   * this merchant's account, 0.01 元 in CNY, or it is refused and nothing changes. A test payment
   * is paid once; a repeated or parallel notification changes nothing.
   */
  async applyTrade(
    merchantId: number,
    gateway: TradeGateway,
    reported: GatewayTrade,
  ): Promise<NotifyOutcome> {
    const row = await this.db
      .selectFrom('gateway_test_payments')
      .selectAll()
      .where('out_trade_no', '=', reported.outTradeNo)
      .executeTakeFirst();
    const refuse = (reason: string): never => {
      this.deps.log.warn(
        { provider: gateway.provider, merchantId, outTradeNo: reported.outTradeNo.slice(0, 64), reason },
        'test payment report refused',
      );
      throw new AppError('PaymentNotifyInvalid');
    };
    if (!row || row.merchant_id !== merchantId || row.provider !== gateway.provider) {
      return refuse('no such test payment of this merchant');
    }
    if (reported.account.appId !== gateway.account.appId) return refuse('another application');
    if (
      (gateway.provider === 'wechat' || reported.account.merchantNo) &&
      gateway.account.merchantNo &&
      reported.account.merchantNo !== gateway.account.merchantNo
    ) {
      return refuse("another merchant's account");
    }
    const now = this.deps.clock.now();
    if (reported.state === 'closed') {
      return { Accepted: true, Duplicate: !(await this.close(row.id, now)) };
    }
    if (reported.state !== 'paid') return { Accepted: true, Duplicate: true };
    if (reported.amountFen !== row.amount_fen) return refuse('amount differs');
    if (reported.currency !== 'CNY') return refuse('currency differs');
    if (!reported.tradeNo) return refuse('no gateway trade number');
    // Money the gateway received is never ignored, even for a test closed here (expired).
    const result = await this.db
      .updateTable('gateway_test_payments')
      .set({
        status: 'paid',
        provider_trade_no: reported.tradeNo.slice(0, 64),
        paid_at: now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '<>', 'paid')
      .executeTakeFirst();
    // Paid now or before: its refund is claimed once, whichever report comes first.
    await this.refund(row.id, '');
    return { Accepted: true, Duplicate: Number(result.numUpdatedRows) !== 1 };
  }

  private async close(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('gateway_test_payments')
      .set({ status: 'closed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async find(merchantId: number, testNo: string): Promise<TestRow> {
    const row = await this.db
      .selectFrom('gateway_test_payments')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('out_trade_no', '=', testNo)
      .executeTakeFirst();
    if (!row) throw new AppError('PaymentNotFound', '测试支付单不存在');
    return row;
  }

  private async describe(row: TestRow): Promise<TestPayment> {
    const status = row.status as TestPaymentStatus;
    const provider = row.provider as GatewayProvider;
    const showCode = status === 'open' && row.code_url !== '';
    return {
      TestNo: row.out_trade_no,
      Provider: provider,
      ProviderName: PROVIDER_NAMES[provider] ?? row.provider,
      AmountFen: row.amount_fen,
      Status: status,
      StatusName: TEST_PAYMENT_STATUS_NAMES[status] ?? '',
      IsPaid: status === 'paid',
      QrCode: showCode ? await renderQrPng(row.code_url) : '',
      CodeUrl: row.code_url,
      GatewayTradeNo: row.provider_trade_no,
      ExpiresAt: new Date(row.expires_at).toISOString(),
      PaidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
      RefundStatus: refundStatusOf(row),
      RefundStatusName: TEST_PAYMENT_REFUND_STATUS_NAMES[refundStatusOf(row)],
      RefundNo: row.refund_no,
      RefundFailure: row.refund_failure,
      RefundedAt: row.refunded_at === null ? null : new Date(row.refunded_at).toISOString(),
      CanRetryRefund: status === 'paid' && row.refund_status === 'failed',
      CreatedBy: row.created_by,
      CreatedAt: new Date(row.created_at).toISOString(),
    };
  }
}
