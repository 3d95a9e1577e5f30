/**
 * A QR-code payment gateway (微信支付 Native, 支付宝 当面付, or the built-in simulator): it turns a
 * payment into the content of a QR code, and checks the notifications it sends back. Everything
 * after a verified notification — marking the payment paid, moving orders, the ledger — is the
 * same for every gateway (docs/payments.md).
 */
export type QrPayType = 'wechat' | 'alipay';

export interface QrCodeRequest {
  paymentNo: string;
  amountFen: number;
  payType: QrPayType;
  /** Epoch ms after which the code must not be paid. */
  expiresAt: number;
  /** Scheme and host the customer reached the site on, e.g. `https://demo.example.com`. */
  origin: string;
  /** What is paid for, shown to the payer. */
  subject: string;
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
  /** Name in the notify path: POST /api/payment/notify/<provider>. */
  readonly provider: string;
  /** No real money moves (the simulator): customers are told 模拟支付 wherever it shows. */
  readonly isSimulated: boolean;
  /** The QR code's content (the URL the payer's app opens). */
  createQrCode(request: QrCodeRequest): Promise<{ codeUrl: string }>;
  /** Checks a notification's signature and shape; `now` bounds its timestamp. */
  verifyNotification(body: unknown, now: number): VerifiedNotice;
}
