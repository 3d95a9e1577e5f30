/**
 * 测试支付 (docs/payments.md, "Test payment"): from the console an administrator opens a 0.01 元
 * QR trade at the merchant's own 微信支付 or 支付宝 account — saved, with all its keys, enabled or
 * not — pays it with a phone, and sees 支付成功 once the gateway's signed notification (or the
 * answer to a query) says so. A test payment belongs to the merchant alone: it is no payment of
 * a customer, pays no order, and never reaches a balance or the ledger. Its money stays in the
 * merchant's account (the merchant may refund it from the gateway's own back office).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  TEST_PAYMENT_AMOUNT_FEN,
  TEST_PAYMENT_STATUS_NAMES,
  type GatewayProvider,
  type TestPayment,
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
import { GatewayError, type GatewayTrade, type TradeGateway } from './gateways/payment-gateway.ts';
import type { AdminMerchant } from './payment-admin.ts';
import { renderQrPng } from './qr-image.ts';

type TestRow = Selectable<GatewayTestPaymentTable>;

const PROVIDER_NAMES: Record<GatewayProvider, string> = { wechat: '微信支付', alipay: '支付宝' };

/** How often polling may ask the gateway about one open test payment. */
const QUERY_EVERY_MS = 5_000;

/** True for a test payment's out_trade_no (`T` + 22 digits), which no customer payment has. */
export function isTestTradeNo(outTradeNo: string): boolean {
  return /^T\d{22}$/.test(outTradeNo);
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
        notifyUrl: this.deps.gateways.notifyUrl(merchant.origin, provider, merchant.code),
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
      await this.ask(row, now);
      row = await this.find(merchant.id, testNo);
    }
    return this.describe(row);
  }

  /** Asks the gateway about an open test payment and records what it says. */
  private async ask(row: TestRow, now: number): Promise<void> {
    const gateway = await this.deps.gateways.tradeGateway(row.merchant_id, row.provider, {
      evenDisabled: true,
    });
    if (!gateway) return;
    try {
      const reported = await gateway.queryTrade(row.out_trade_no);
      if (reported.state === 'paid' || reported.state === 'closed') {
        await this.applyTrade(row.merchant_id, gateway, reported);
        return;
      }
      if (row.expires_at <= now) {
        await gateway.closeTrade(row.out_trade_no);
        await this.close(row.id, now);
      }
    } catch (error) {
      this.deps.log.warn(
        { provider: row.provider, outTradeNo: row.out_trade_no, err: error },
        'test payment could not be checked at the gateway',
      );
    }
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
      CreatedBy: row.created_by,
      CreatedAt: new Date(row.created_at).toISOString(),
    };
  }
}
