/**
 * 支付宝 (docs/payments.md) through the official `alipay-sdk` package (OpenAPI gateway.do, RSA2):
 * 当面付 `alipay.trade.precreate` (QR code) on desktop, 手机网站支付 `alipay.trade.wap.pay` on
 * phones, `alipay.trade.query`, `alipay.trade.close`, `alipay.trade.refund`; every answer's
 * signature verified with the merchant's 支付宝公钥 (or, in 公钥证书 mode, the key of 支付宝's
 * public-key certificate, with app_cert_sn and alipay_root_cert_sn on every request), and the
 * asynchronous notification's RSA2 signature too. The gateway URL is configurable (PAYMENT_ALIPAY_GATEWAY_URL), so tests point
 * it at a local fake.
 */
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import { alipayCertificateDateProblem } from './alipay-certificates.ts';
import { alipayTime, fenToYuanString, yuanStringToFen } from './gateway-format.ts';
import {
  GatewayError,
  missingTrade,
  type GatewayRefundResult,
  type GatewayTrade,
  type MobilePayRequest,
  type QrCodeRequest,
  type RefundRequest,
  type TradeGateway,
} from './payment-gateway.ts';

export const ALIPAY_PROVIDER = 'alipay';

/** A merchant's 支付宝 application: identifiers and (decrypted) keys. */
export interface AlipayAccount {
  appId: string;
  /** The receiving account's PID (2088…); '' to accept any of the application's. */
  sellerId: string;
  /** The application's private key, PKCS#8 PEM. */
  privateKey: string;
  /** 支付宝's public key for this application, SPKI PEM (in certificate mode: its certificate's). */
  alipayPublicKey: string;
  /**
   * 公钥证书 mode: the application's public-key certificate, 支付宝's public-key certificate and
   * 支付宝's root certificates (PEM). The SDK sends app_cert_sn and alipay_root_cert_sn with every
   * request and verifies answers and notifications with the key of 支付宝's certificate.
   */
  certificates?: AlipayCertificates;
}

export interface AlipayCertificates {
  appCert: string;
  alipayPublicCert: string;
  alipayRootCert: string;
}

export interface AlipayOptions {
  /** https://openapi.alipay.com/gateway.do, or a test's fake. */
  gatewayUrl: string;
  /** The server's clock (epoch ms). */
  now(): number;
  timeoutMs?: number;
}

const SUCCESS_CODE = '10000';

const TRADE_STATES: Record<string, GatewayTrade['state']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'open',
  TRADE_CLOSED: 'closed',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export type ParsedAlipayNotification = { ok: true; trade: GatewayTrade } | { ok: false; reason: string };

export class AlipayGateway implements TradeGateway {
  readonly provider = ALIPAY_PROVIDER;
  readonly isSimulated = false;
  readonly payType = 'alipay' as const;
  private readonly sdk: AlipaySdk;

  /**
   * The gateway of one merchant's application. The SDK is loaded with the first gateway made, not
   * with the server: most servers never talk to 支付宝 (docs/performance.md).
   */
  static async open(merchant: AlipayAccount, options: AlipayOptions): Promise<AlipayGateway> {
    const { AlipaySdk } = await import('alipay-sdk');
    return new AlipayGateway(merchant, options, AlipaySdk);
  }

  private constructor(
    private readonly merchant: AlipayAccount,
    private readonly options: AlipayOptions,
    Sdk: typeof AlipaySdk,
  ) {
    this.sdk = new Sdk({
      appId: merchant.appId,
      privateKey: merchant.privateKey,
      keyType: 'PKCS8',
      ...(merchant.certificates
        ? {
            appCertContent: merchant.certificates.appCert,
            alipayPublicCertContent: merchant.certificates.alipayPublicCert,
            alipayRootCertContent: merchant.certificates.alipayRootCert,
          }
        : { alipayPublicKey: merchant.alipayPublicKey }),
      gateway: options.gatewayUrl,
      timeout: options.timeoutMs ?? 10_000,
      camelcase: false,
      signType: 'RSA2',
    });
  }

  get account(): { merchantNo: string; appId: string } {
    return { merchantNo: this.merchant.sellerId, appId: this.merchant.appId };
  }

  /**
   * In 公钥证书 mode, why the saved certificates cannot be used at the server's clock (expired or
   * not yet valid; a Chinese sentence naming the certificate and its dates), else null.
   */
  private certificateProblem(): string | null {
    const certificates = this.merchant.certificates;
    return certificates ? alipayCertificateDateProblem(certificates, this.options.now()) : null;
  }

  private refuseInvalidCertificate(): void {
    const problem = this.certificateProblem();
    if (problem) throw new GatewayError('CERTIFICATE_INVALID', `支付宝：${problem}`, true);
  }

  /** One API call, its answer's signature verified; a refusal throws GatewayError. */
  private async exec(method: string, params: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    this.refuseInvalidCertificate();
    let result: AlipaySdkCommonResult;
    try {
      result = await this.sdk.exec(method, params, { validateSign: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      const isSignature = message.includes('验签');
      throw new GatewayError(
        isSignature ? 'BAD_SIGNATURE' : 'NETWORK',
        isSignature ? '支付宝的应答签名无效' : '无法连接支付宝，请稍后再试',
        false,
      );
    }
    if (result.code !== SUCCESS_CODE) {
      const code = text(result.sub_code) || text(result.code) || 'UNKNOWN';
      const message = text(result.sub_msg) || text(result.msg) || '支付宝拒绝了请求';
      throw new GatewayError(code, `支付宝：${message}（${code}）`, true);
    }
    return result;
  }

  private bizContent(request: QrCodeRequest): Record<string, unknown> {
    return {
      out_trade_no: request.outTradeNo,
      total_amount: fenToYuanString(request.amountFen),
      subject: request.subject.slice(0, 256),
      body: request.paymentNo,
    };
  }

  /** 当面付 预下单: the `qr_code` the payer scans with 支付宝. */
  async createQrCode(request: QrCodeRequest): Promise<{ codeUrl: string }> {
    const minutes = Math.max(1, Math.ceil((request.expiresAt - this.options.now()) / 60_000));
    const result = await this.exec('alipay.trade.precreate', {
      notify_url: request.notifyUrl,
      bizContent: { ...this.bizContent(request), timeout_express: `${minutes}m` },
    });
    const codeUrl = text(result.qr_code);
    if (!codeUrl) throw new GatewayError('BAD_RESPONSE', '支付宝未返回二维码', false);
    return { codeUrl };
  }

  /** 手机网站支付: a signed gateway link the phone browser opens; 支付宝 returns to `returnUrl`. */
  async createMobilePay(request: MobilePayRequest): Promise<{ payUrl: string }> {
    this.refuseInvalidCertificate();
    const payUrl = this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      bizContent: {
        ...this.bizContent(request),
        product_code: 'QUICK_WAP_WAY',
        time_expire: alipayTime(request.expiresAt),
        quit_url: request.returnUrl,
      },
    });
    return { payUrl };
  }

  /** 交易查询 by out_trade_no. */
  async queryTrade(outTradeNo: string): Promise<GatewayTrade> {
    try {
      const result = await this.exec('alipay.trade.query', { bizContent: { out_trade_no: outTradeNo } });
      return this.toTrade(result);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'ACQ.TRADE_NOT_EXIST') {
        return missingTrade(outTradeNo, this.account);
      }
      throw error;
    }
  }

  /** 交易关闭; a trade the payer never opened (not at 支付宝 yet) counts as closed. */
  async closeTrade(outTradeNo: string): Promise<void> {
    try {
      await this.exec('alipay.trade.close', { bizContent: { out_trade_no: outTradeNo } });
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'ACQ.TRADE_NOT_EXIST') return;
      throw error;
    }
  }

  /** 交易退款: synchronous; the same out_request_no asked again refunds once. */
  async refund(request: RefundRequest): Promise<GatewayRefundResult> {
    await this.exec('alipay.trade.refund', {
      bizContent: {
        out_trade_no: request.outTradeNo,
        ...(request.tradeNo ? { trade_no: request.tradeNo } : {}),
        refund_amount: fenToYuanString(request.refundFen),
        out_request_no: request.outRefundNo,
        refund_reason: request.reason,
      },
    });
    return {
      outRefundNo: request.outRefundNo,
      refundNo: request.outRefundNo,
      status: 'success',
      amountFen: request.refundFen,
    };
  }

  /** An asynchronous notification (form fields): RSA2-verified before anything in it is read. */
  parseNotification(fields: Record<string, string>): ParsedAlipayNotification {
    if (!fields.sign) return { ok: false, reason: 'unsigned' };
    if (this.certificateProblem()) return { ok: false, reason: 'certificate not valid now' };
    if (fields.sign_type && fields.sign_type !== 'RSA2') return { ok: false, reason: 'not RSA2' };
    let isValid: boolean;
    try {
      isValid = this.sdk.checkNotifySignV2(fields);
    } catch {
      isValid = false;
    }
    if (!isValid) return { ok: false, reason: 'bad signature' };
    if (!fields.app_id || !fields.out_trade_no) return { ok: false, reason: 'malformed' };
    return { ok: true, trade: this.toTrade(fields) };
  }

  private toTrade(fields: Record<string, unknown>): GatewayTrade {
    const currency = text(fields.trans_currency) || 'CNY';
    return {
      outTradeNo: text(fields.out_trade_no),
      tradeNo: text(fields.trade_no),
      state: TRADE_STATES[text(fields.trade_status)] ?? 'open',
      amountFen: yuanStringToFen(fields.total_amount),
      currency,
      account: {
        // A query answer carries no app_id: it was asked with this application's key.
        merchantNo: text(fields.seller_id),
        appId: text(fields.app_id) || text(fields.auth_app_id) || this.merchant.appId,
      },
    };
  }
}
