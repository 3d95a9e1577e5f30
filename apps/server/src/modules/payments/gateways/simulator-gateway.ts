/**
 * The embedded payment simulator (docs/payments.md). Its QR code opens a page of this server,
 * GET /pay/simulator/:paymentNo, where the payer confirms (确认支付) or declines (取消支付). The
 * page then sends the same kind of notification a real gateway sends: signed with HMAC-SHA256
 * over its fields, to POST /api/payment/notify/simulator, through the same handler.
 */
import { randomBytes } from 'node:crypto';
import { paymentNotifyBodySchema, type PaymentNotifyBody } from '@inkstone/contracts';
import { hmac, safeEqual } from '../../../lib/crypto.ts';
import type {
  MobilePayRequest,
  PaymentGateway,
  QrCodeRequest,
  QrPayType,
  VerifiedNotice,
} from './payment-gateway.ts';

/** The simulator's provider name, as payments and the notify path record it. */
export const SIMULATOR_PROVIDER = 'simulator';

/** How far a notification's timestamp may be from the server's clock. */
const NOTIFY_WINDOW_MS = 10 * 60_000;

/** The signed fields of a notification, in signing order. */
function canonicalNotice(body: Omit<PaymentNotifyBody, 'Sign'>): string {
  return [
    `PaymentNo=${body.PaymentNo}`,
    `TradeNo=${body.TradeNo}`,
    `AmountFen=${body.AmountFen}`,
    `Status=${body.Status}`,
    `PayType=${body.PayType}`,
    `Timestamp=${body.Timestamp}`,
    `Nonce=${body.Nonce}`,
  ].join('&');
}

export class SimulatorGateway implements PaymentGateway {
  readonly provider = SIMULATOR_PROVIDER;
  readonly isSimulated = true;

  constructor(private readonly secret: string) {}

  private pageSignature(paymentNo: string, payType: string, expiresAt: number): string {
    return hmac(this.secret, `payment-simulator-page:${paymentNo}:${payType}:${expiresAt}`).slice(0, 32);
  }

  async createQrCode(request: QrCodeRequest): Promise<{ codeUrl: string }> {
    const sign = this.pageSignature(request.paymentNo, request.payType, request.expiresAt);
    const query = `method=${request.payType}&expires=${request.expiresAt}&sign=${sign}`;
    return { codeUrl: `${request.origin}/pay/simulator/${encodeURIComponent(request.paymentNo)}?${query}` };
  }

  /**
   * On a phone the simulator's page is the payment page itself; it offers a way back to the
   * site's page the payer came from (a path of the same site, never another address).
   */
  async createMobilePay(request: MobilePayRequest): Promise<{ payUrl: string }> {
    const { codeUrl } = await this.createQrCode(request);
    const returnPath = new URL(request.returnUrl).pathname + new URL(request.returnUrl).search;
    return { payUrl: `${codeUrl}&return=${encodeURIComponent(returnPath)}` };
  }

  /** True when a page link is this server's own and has not expired. */
  isValidPageLink(paymentNo: string, payType: string, expiresAt: number, sign: string, now: number): boolean {
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now) return false;
    return safeEqual(this.pageSignature(paymentNo, payType, expiresAt), sign);
  }

  /** The notification the payer's decision produces, signed as a gateway signs it. */
  buildNotification(input: {
    paymentNo: string;
    amountFen: number;
    payType: QrPayType;
    status: 'SUCCESS' | 'CLOSED';
    now: number;
  }): PaymentNotifyBody {
    const unsigned = {
      PaymentNo: input.paymentNo,
      TradeNo: `SIM${input.now}${randomBytes(4).toString('hex').toUpperCase()}`,
      AmountFen: input.amountFen,
      Status: input.status,
      PayType: input.payType,
      Timestamp: input.now,
      Nonce: randomBytes(8).toString('hex'),
    };
    return { ...unsigned, Sign: this.sign(unsigned) };
  }

  private sign(body: Omit<PaymentNotifyBody, 'Sign'>): string {
    return hmac(this.secret, `payment-notify:${this.provider}:${canonicalNotice(body)}`);
  }

  verifyNotification(body: unknown, now: number): VerifiedNotice {
    const parsed = paymentNotifyBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    const { Sign, ...unsigned } = parsed.data;
    if (!safeEqual(this.sign(unsigned), Sign)) return { ok: false, reason: 'bad signature' };
    if (Math.abs(now - unsigned.Timestamp) > NOTIFY_WINDOW_MS) return { ok: false, reason: 'stale' };
    return {
      ok: true,
      notice: {
        paymentNo: unsigned.PaymentNo,
        tradeNo: unsigned.TradeNo,
        amountFen: unsigned.AmountFen,
        status: unsigned.Status === 'SUCCESS' ? 'paid' : 'closed',
        payType: unsigned.PayType,
      },
    };
  }
}
