/**
 * What the merchant's back office does with payments beyond orders (docs/payments.md): read and
 * save its own 微信支付 / 支付宝 accounts (keys never returned), try them with a 0.01 元 测试支付,
 * and refund gateway money to the payer's account. The staff module registers the calls and
 * checks the roles.
 */
import type {
  GatewayProvider,
  GatewayRefund,
  PaymentGatewaySettings,
  RefundToOriginalBody,
  SavePaymentGatewaySettingsBody,
  TestPayment,
} from '@inkstone/contracts';
import type { PaymentGateways } from './create-gateway.ts';
import type { GatewayTestPayments } from './gateway-test-payments.ts';
import type { GatewayTradesService } from './gateway-trades.service.ts';

/** A merchant as the back office names it: id, company code, and the address staff use. */
export interface AdminMerchant {
  id: number;
  code: string;
  /** Scheme and host of the request (notify addresses default to it). */
  origin: string;
}

export interface PaymentAdmin {
  settings(merchant: AdminMerchant): Promise<PaymentGatewaySettings>;
  save(
    merchant: AdminMerchant,
    actorName: string,
    input: SavePaymentGatewaySettingsBody,
  ): Promise<PaymentGatewaySettings>;
  refundToOriginal(
    merchant: AdminMerchant,
    actorName: string,
    input: RefundToOriginalBody,
  ): Promise<GatewayRefund>;
  /** 测试支付: a 0.01 元 QR trade at the merchant's saved account (no customer, no balance). */
  startTestPayment(
    merchant: AdminMerchant,
    actorName: string,
    provider: GatewayProvider,
  ): Promise<TestPayment>;
  testPaymentStatus(merchant: AdminMerchant, testNo: string): Promise<TestPayment>;
  /** 重试退款: a test payment's refund the gateway refused, asked again. */
  retryTestPaymentRefund(merchant: AdminMerchant, testNo: string): Promise<TestPayment>;
}

export function createPaymentAdmin(
  gateways: PaymentGateways,
  trades: GatewayTradesService,
  tests: GatewayTestPayments,
): PaymentAdmin {
  const settings = (merchant: AdminMerchant) =>
    gateways.accounts.settings(merchant.id, {
      wechat: gateways.notifyUrl(merchant.origin, 'wechat', merchant.code),
      alipay: gateways.notifyUrl(merchant.origin, 'alipay', merchant.code),
    });
  return {
    settings,
    async save(merchant, actorName, input) {
      await gateways.accounts.save(merchant.id, actorName, input);
      return settings(merchant);
    },
    refundToOriginal: (merchant, actorName, input) => trades.refundToOriginal(merchant.id, actorName, input),
    startTestPayment: (merchant, actorName, provider) => tests.start(merchant, actorName, provider),
    testPaymentStatus: (merchant, testNo) => tests.status(merchant, testNo),
    retryTestPaymentRefund: (merchant, testNo) => tests.retryRefund(merchant, testNo),
  };
}
