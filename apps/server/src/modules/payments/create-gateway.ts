import type { ServerContext } from '../../context.ts';
import { GatewayAccounts } from './gateway-accounts.ts';
import { ALIPAY_PROVIDER, AlipayGateway } from './gateways/alipay-gateway.ts';
import type { PaymentGateway, QrPayType, TradeGateway } from './gateways/payment-gateway.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';
import { WECHAT_PROVIDER, WechatPayGateway, type WechatPayAccount } from './gateways/wechat-pay-gateway.ts';

/** The least time between two downloads of a merchant's platform certificates for a new serial. */
const CERTIFICATE_REFRESH_MS = 60_000;

/** What decides a merchant's gateways: its own accounts, and whether it is a demo merchant. */
export interface GatewayMerchant {
  id: number;
  /** Company code: names the merchant in its notify addresses. */
  code: string;
  isDemo: boolean;
}

/** How a merchant's customers can pay online, and through which gateway each method goes. */
export interface MerchantGateways {
  /** 微信支付 / 支付宝, whichever the merchant can be paid by (none: balance only). */
  readonly methods: readonly QrPayType[];
  /** Paid through the simulator: 模拟支付, no real money. */
  readonly isSimulated: boolean;
  /** 微信内支付 (JSAPI) is offered: the enabled 微信支付 account has its 公众号 bound and its secret. */
  readonly hasWechatJsapi: boolean;
  /** The gateway of a method, its keys opened; null when the merchant has none for it. */
  gatewayFor(payType: QrPayType): Promise<PaymentGateway | null>;
}

/**
 * The gateways of this server and which merchant pays through which (docs/payments.md):
 *
 * - a merchant that enabled its own 微信支付 or 支付宝 account (staff SavePaymentGatewaySettings)
 *   is paid through it, into its own account, and through nothing else;
 * - otherwise a demo merchant pays on the embedded simulator (no real money), as does every
 *   merchant when the operator sets PAYMENT_PROVIDER=simulator;
 * - otherwise it has no online payment (balance only).
 */
export interface PaymentGateways {
  /** The simulator; its page is served whenever a merchant may use it. */
  readonly simulator: SimulatorGateway;
  /** The merchants' own accounts (encrypted keys). */
  readonly accounts: GatewayAccounts;
  forMerchant(merchant: GatewayMerchant): Promise<MerchantGateways>;
  /**
   * The merchant's own gateway of a provider (notifications, queries, refunds), or null.
   * `evenDisabled`: its saved account though not enabled (测试支付 only).
   */
  tradeGateway(
    merchantId: number,
    provider: string,
    options?: { evenDisabled?: boolean },
  ): Promise<TradeGateway | null>;
  /** The gateway the generic notify path names (the simulator), or null. */
  byProvider(provider: string): SimulatorGateway | null;
  /** Where a provider sends the merchant's notifications. */
  notifyUrl(origin: string, provider: string, merchantCode: string): string;
}

/** The gateways PAYMENT_PROVIDER and the merchants' own accounts configure. */
export function createGateways(context: ServerContext): PaymentGateways {
  const { config, clock } = context;
  const simulator = new SimulatorGateway(context.signingSecret);
  const isSimulatorForEveryone = config.PAYMENT_PROVIDER === 'simulator';
  const now = () => clock.now();
  const wechatOptions = { baseUrl: config.PAYMENT_WECHAT_API_URL, now };
  const accounts = new GatewayAccounts({
    db: context.db,
    clock,
    log: context.log,
    configKey: config.PAYMENT_CONFIG_KEY,
    downloadWechatCertificates: (account) =>
      new WechatPayGateway(account, wechatOptions).downloadPlatformCertificates(),
  });
  /** When each merchant's platform certificates were last downloaded for an unknown serial. */
  const lastRefresh = new Map<number, number>();

  /**
   * The platform certificates again, when an answer or notification names a serial the merchant
   * does not know (微信支付 rotates them): at most once a minute per merchant, so a forged serial
   * cannot make the server ask 微信支付 at every request.
   */
  async function refreshPlatformKeys(merchantId: number, account: WechatPayAccount) {
    const last = lastRefresh.get(merchantId);
    if (last !== undefined && now() - last < CERTIFICATE_REFRESH_MS) return {};
    lastRefresh.set(merchantId, now());
    const certificates = await new WechatPayGateway(account, wechatOptions).downloadPlatformCertificates();
    await accounts.storePlatformCertificates(merchantId, certificates);
    context.log.info(
      { merchantId, serials: certificates.map((c) => c.serialNo) },
      'wechat platform certificates refreshed',
    );
    return Object.fromEntries(certificates.map((c) => [c.serialNo, c.publicKey]));
  }

  async function tradeGateway(
    merchantId: number,
    provider: string,
    options: { evenDisabled?: boolean } = {},
  ): Promise<TradeGateway | null> {
    if (provider === WECHAT_PROVIDER) {
      const account = await accounts.wechat(merchantId, options);
      if (!account) return null;
      return new WechatPayGateway(account, {
        ...wechatOptions,
        ...(account.platformKeys
          ? { refreshPlatformKeys: () => refreshPlatformKeys(merchantId, account) }
          : {}),
      });
    }
    if (provider === ALIPAY_PROVIDER) {
      const account = await accounts.alipay(merchantId, options);
      return account
        ? AlipayGateway.open(account, { gatewayUrl: config.PAYMENT_ALIPAY_GATEWAY_URL, now })
        : null;
    }
    return null;
  }

  return {
    simulator,
    accounts,
    async forMerchant(merchant) {
      const own = await accounts.enabledProviders(merchant.id);
      if (own.length > 0) {
        return {
          methods: own,
          isSimulated: false,
          hasWechatJsapi: own.includes('wechat') && (await accounts.isWechatJsapiReady(merchant.id)),
          gatewayFor: (payType) =>
            own.includes(payType) ? tradeGateway(merchant.id, payType) : Promise.resolve(null),
        };
      }
      const isSimulator = merchant.isDemo || isSimulatorForEveryone;
      return {
        methods: isSimulator ? ['wechat', 'alipay'] : [],
        isSimulated: isSimulator,
        hasWechatJsapi: false,
        gatewayFor: async () => (isSimulator ? simulator : null),
      };
    },
    tradeGateway,
    byProvider: (provider) => (provider === simulator.provider ? simulator : null),
    notifyUrl: (origin, provider, merchantCode) =>
      `${(config.PAYMENT_NOTIFY_BASE_URL || origin).replace(/\/+$/, '')}/api/payment/notify/${provider}/${encodeURIComponent(merchantCode)}`,
  };
}
