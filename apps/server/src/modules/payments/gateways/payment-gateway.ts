/**
 * A payment gateway (微信支付 API v3, 支付宝, or the built-in simulator): it turns a payment into
 * the content of a QR code (desktop) or a link a phone browser opens (微信 H5 支付, 支付宝手机网站
 * 支付). A real gateway also answers queries, closes and refunds its trades. Everything after a
 * verified notification or query — marking the payment paid, moving orders, the ledger — is the
 * same for every gateway (docs/payments.md).
 */
export type QrPayType = 'wechat' | 'alipay';

export interface QrCodeRequest {
  paymentNo: string;
  /**
   * The gateway's order number for this code: `<PaymentNo>_<n>`, a new one for each code or link
   * (a gateway trade cannot be reopened once it expired). The simulator pays by PaymentNo.
   */
  outTradeNo: string;
  amountFen: number;
  payType: QrPayType;
  /** Epoch ms after which the code must not be paid. */
  expiresAt: number;
  /** Scheme and host the customer reached the site on, e.g. `https://demo.example.com`. */
  origin: string;
  /** Where the gateway sends its notification for this trade. */
  notifyUrl: string;
  /** What is paid for, shown to the payer. */
  subject: string;
}

export interface MobilePayRequest extends QrCodeRequest {
  /** Absolute address of the page the payer returns to once paid (or cancelled). */
  returnUrl: string;
  /** The payer's IP (微信 H5 支付 requires it). */
  clientIp: string;
}

/** 微信内支付 (JSAPI): the payer is known by their openid at the 公众号 the trade is placed with. */
export interface JsapiPayRequest extends QrCodeRequest {
  openid: string;
}

/** The parameters of `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, signed by the merchant. */
export interface JsapiBridgeParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** A verified notification: the payer paid (`paid`) or declined (`closed`). */
export interface GatewayNotice {
  paymentNo: string;
  tradeNo: string;
  amountFen: number;
  status: 'paid' | 'closed';
  payType: QrPayType;
}

export type VerifiedNotice = { ok: true; notice: GatewayNotice } | { ok: false; reason: string };

export interface PaymentGateway {
  /** Name in the notify path and on the payment: simulator, wechat or alipay. */
  readonly provider: string;
  /** No real money moves (the simulator): customers are told 模拟支付 wherever it shows. */
  readonly isSimulated: boolean;
  /** The QR code's content (the URL the payer's app opens). */
  createQrCode(request: QrCodeRequest): Promise<{ codeUrl: string }>;
  /** The link a phone browser opens to pay (and return to `returnUrl`). */
  createMobilePay(request: MobilePayRequest): Promise<{ payUrl: string }>;
}

/**
 * A trade as the gateway reports it (a verified notification or query answer), checked against
 * the payment before anything moves: the account it was paid into, amount and currency.
 */
export interface GatewayTrade {
  outTradeNo: string;
  /** The gateway's own trade number (transaction_id, trade_no); '' before it exists. */
  tradeNo: string;
  /** paid: money received; open: not (yet) paid; closed: can no longer be paid; missing: unknown. */
  state: 'paid' | 'open' | 'closed' | 'missing';
  amountFen: number;
  currency: string;
  /** The account it was paid into: 微信 mchid + appid, 支付宝 app_id (+ seller_id). */
  account: { merchantNo: string; appId: string };
}

/** What a query answers for a trade the gateway does not know (never created, or long gone). */
export function missingTrade(outTradeNo: string, account: GatewayTrade['account']): GatewayTrade {
  return { outTradeNo, tradeNo: '', state: 'missing', amountFen: 0, currency: '', account };
}

export interface RefundRequest {
  outTradeNo: string;
  tradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string;
}

/** A refund as the gateway reports it. */
export interface GatewayRefundResult {
  outRefundNo: string;
  refundNo: string;
  status: 'processing' | 'success' | 'failed';
  amountFen: number;
}

/** A real gateway: trades live at the provider, which answers queries, closes and refunds. */
export interface TradeGateway extends PaymentGateway {
  readonly payType: QrPayType;
  /** The merchant's account, to check notifications and answers against. */
  readonly account: { merchantNo: string; appId: string };
  queryTrade(outTradeNo: string): Promise<GatewayTrade>;
  /** Closes an unpaid trade; a trade already closed or never opened counts as closed. */
  closeTrade(outTradeNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<GatewayRefundResult>;
}

/** A gateway that can place JSAPI trades (微信支付): a prepay_id, and the bridge's signed parameters. */
export interface JsapiGateway extends TradeGateway {
  createJsapiPay(request: JsapiPayRequest): Promise<{ prepayId: string }>;
  bridgeParams(prepayId: string): JsapiBridgeParams;
}

export function isJsapiGateway(gateway: PaymentGateway | null): gateway is JsapiGateway {
  return isTradeGateway(gateway) && 'createJsapiPay' in gateway;
}

/** A refusal or failure of a gateway call, with the gateway's own code and a Chinese message. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The gateway answered and refused (a retry with the same input fails the same way). */
    readonly isRefusal: boolean,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export function isTradeGateway(gateway: PaymentGateway | null): gateway is TradeGateway {
  return gateway !== null && 'queryTrade' in gateway;
}
