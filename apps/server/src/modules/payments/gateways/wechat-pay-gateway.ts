/**
 * 微信支付 API v3 (docs/payments.md), with node:crypto and the documented algorithms only:
 *
 * - every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
 *   signature=…,timestamp=…,serial_no=…`, the signature SHA256withRSA by the merchant's API key
 *   over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - every answer and notification is verified with 微信支付's public key (or platform
 *   certificate) named by `Wechatpay-Serial`, over `TIMESTAMP\nNONCE\nBODY\n` from the
 *   `Wechatpay-Timestamp`/`-Nonce`/`-Signature` headers, the timestamp within 5 minutes;
 * - a notification's resource is AEAD_AES_256_GCM, decrypted with the APIv3 key.
 *
 * Native (QR code), H5 (phone browser) and JSAPI (inside 微信, with the payer's openid and the
 * bridge's paySign) orders, query, close, refund, and the payment and refund notifications. The base URL is configurable (PAYMENT_WECHAT_API_URL), so tests point it
 * at a local fake of the API.
 */
import { X509Certificate, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { validityOf, validityProblem } from './certificate-dates.ts';
import { rfc3339China } from './gateway-format.ts';
import { normalizePublicKey } from './pem.ts';
import {
  GatewayError,
  missingTrade,
  type GatewayRefundResult,
  type GatewayTrade,
  type JsapiBridgeParams,
  type JsapiGateway,
  type JsapiPayRequest,
  type MobilePayRequest,
  type QrCodeRequest,
  type RefundRequest,
} from './payment-gateway.ts';

export const WECHAT_PROVIDER = 'wechat';

/** A merchant's 微信支付 account: identifiers and (decrypted) keys. */
export interface WechatPayAccount {
  mchId: string;
  appId: string;
  /** Serial number of the merchant's API certificate (its key signs our requests). */
  merchantSerialNo: string;
  /** The merchant's API private key, PKCS#8 PEM. */
  privateKey: string;
  /** The APIv3 key (32 characters): decrypts notifications. */
  apiV3Key: string;
  /** 微信支付's public key (or the platform certificate's), SPKI PEM: verifies answers. */
  platformPublicKey: string;
  /** Its id: `PUB_KEY_ID_…` or the platform certificate's serial ('' when none was pasted). */
  platformSerial: string;
  /**
   * Platform certificates downloaded from `GET /v3/certificates` (an account on platform
   * certificates that did not paste one): serial number → SPKI PEM of the certificate's key.
   */
  platformKeys?: Record<string, string>;
  /** The validity of a pasted platform certificate (epoch ms); none for a 微信支付公钥. */
  platformCertificate?: { notBefore: number; notAfter: number };
}

/** A platform certificate as `GET /v3/certificates` gave it, decrypted and checked. */
export interface PlatformCertificate {
  /** Upper-case hex, as `Wechatpay-Serial` names it. */
  serialNo: string;
  /** The certificate, PEM. */
  certificate: string;
  /** Its RSA public key, SPKI PEM. */
  publicKey: string;
  /** Epoch ms (the answer's effective_time / expire_time). */
  effectiveAt: number;
  expiresAt: number;
  /** Epoch ms: the X.509 certificate's own validity (notBefore / notAfter). */
  notBefore: number;
  notAfter: number;
}

export interface WechatPayOptions {
  /** https://api.mch.weixin.qq.com, or a test's fake. */
  baseUrl: string;
  /** The server's clock (epoch ms). */
  now(): number;
  timeoutMs?: number;
  /**
   * Called when an answer or notification names a platform serial this account does not know:
   * downloads the platform certificates again (throttled by the caller) and answers them.
   */
  refreshPlatformKeys?(): Promise<Record<string, string>>;
}

const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** How far a signed answer's or notification's timestamp may be from the server's clock. */
const SIGNATURE_WINDOW_SECONDS = 300;

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What a verified notification says. */
export type WechatNotification =
  | { kind: 'trade'; trade: GatewayTrade }
  | { kind: 'refund'; refund: GatewayRefundResult & { outTradeNo: string; mchId: string } }
  | { kind: 'other'; eventType: string };

export type ParsedWechatNotification =
  { ok: true; notification: WechatNotification } | { ok: false; reason: string };

export class WechatPayGateway implements JsapiGateway {
  readonly provider = WECHAT_PROVIDER;
  readonly isSimulated = false;
  readonly payType = 'wechat' as const;

  private platformKeys: Record<string, string>;

  constructor(
    private readonly merchant: WechatPayAccount,
    private readonly options: WechatPayOptions,
  ) {
    this.platformKeys = { ...merchant.platformKeys };
  }

  /** Why the pasted platform certificate cannot be used now (expired, not yet valid), or null. */
  private certificateProblem(): string | null {
    const validity = this.merchant.platformCertificate;
    return validity ? validityProblem('微信支付平台证书', validity, this.options.now()) : null;
  }

  /** The key a `Wechatpay-Serial` names: the pasted public key, or a downloaded certificate's. */
  private platformKey(serial: string): string | null {
    if (this.merchant.platformSerial && serial === this.merchant.platformSerial) {
      return this.merchant.platformPublicKey || null;
    }
    return this.platformKeys[serial.toUpperCase()] ?? null;
  }

  get account(): { merchantNo: string; appId: string } {
    return { merchantNo: this.merchant.mchId, appId: this.merchant.appId };
  }

  /** The Authorization header of a request. */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.options.now() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(this.merchant.privateKey, 'base64');
    return (
      `${AUTH_SCHEMA} mchid="${this.merchant.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${this.merchant.merchantSerialNo}"`
    );
  }

  /** Null when the headers sign `body` with 微信支付's key within the time window; else why not. */
  verifySignature(headers: Headers, body: string): string | null {
    const serial = header(headers, 'wechatpay-serial');
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!serial || !timestamp || !nonce || !signature) return 'unsigned';
    const key = this.platformKey(serial);
    if (!key) return `unknown serial ${serial.slice(0, 64)}`;
    if (serial === this.merchant.platformSerial && this.certificateProblem())
      return 'platform certificate not valid now';
    return verifyWith(key, headers, body, this.options.now());
  }

  /**
   * verifySignature, and when the serial is unknown and the account downloads its platform
   * certificates, once more after downloading them again (微信支付 rotates its certificates: a
   * new serial appears in answers and notifications before the old one expires).
   */
  async verifyAnswer(headers: Headers, body: string): Promise<string | null> {
    const problem = this.verifySignature(headers, body);
    if (!problem?.startsWith('unknown serial') || !this.options.refreshPlatformKeys) return problem;
    try {
      this.platformKeys = { ...this.platformKeys, ...(await this.options.refreshPlatformKeys()) };
    } catch {
      return problem;
    }
    return this.verifySignature(headers, body);
  }

  /**
   * 下载平台证书 (`GET /v3/certificates`): every certificate decrypted with the APIv3 key
   * (AEAD_AES_256_GCM, associated data and nonce from the answer), its serial checked against the
   * certificate itself and its key required to be RSA of 2048 bits or more; then the answer's own
   * signature is verified with the certificate its `Wechatpay-Serial` names (or a key already
   * known). Certificates already expired by the answer's expire_time are left out.
   */
  async downloadPlatformCertificates(): Promise<PlatformCertificate[]> {
    const path = '/v3/certificates';
    let response: Response;
    let raw: string;
    try {
      response = await fetch(new URL(path, this.options.baseUrl), {
        method: 'GET',
        headers: {
          authorization: this.authorization('GET', path, ''),
          accept: 'application/json',
          'user-agent': 'inkstone-wechatpay-v3',
        },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      raw = await response.text();
    } catch {
      throw new GatewayError('NETWORK', '无法连接微信支付，请稍后再试', false);
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      throw new GatewayError('BAD_RESPONSE', '微信支付的应答无法解析', false);
    }
    if (!response.ok) {
      const record = isRecord(data) ? data : {};
      const code = text(record.code) || `HTTP_${response.status}`;
      throw new GatewayError(
        code,
        `微信支付：${text(record.message) || '拒绝了下载平台证书'}（${code}）`,
        response.status < 500,
      );
    }
    const entries = isRecord(data) && Array.isArray(data.data) ? data.data : [];
    const now = this.options.now();
    const certificates: PlatformCertificate[] = [];
    let dateProblem: string | null = null;
    for (const entry of entries) {
      const certificate = this.openCertificate(entry);
      // An expired certificate is left out; one effective later (微信支付 rotating) is kept.
      if (certificate.notAfter > now && certificate.expiresAt > now) certificates.push(certificate);
      dateProblem ??= validityProblem(`微信支付平台证书 ${certificate.serialNo}`, certificate, now);
    }
    const isUsableNow = (c: PlatformCertificate) =>
      c.effectiveAt <= now && validityProblem('', c, now) === null;
    if (!certificates.some(isUsableNow)) {
      throw new GatewayError(
        'NO_CERTIFICATE',
        dateProblem ? `微信支付未返回当前有效的平台证书：${dateProblem}` : '微信支付未返回有效的平台证书',
        false,
      );
    }
    const headers = Object.fromEntries(response.headers);
    const serial = header(headers, 'wechatpay-serial').toUpperCase();
    const key = certificates.find((c) => c.serialNo === serial)?.publicKey ?? this.platformKey(serial);
    const problem = key ? verifyWith(key, headers, raw, now) : `unknown serial ${serial.slice(0, 64)}`;
    if (problem) {
      throw new GatewayError('BAD_SIGNATURE', `微信支付平台证书的应答签名无效（${problem}）`, false);
    }
    return certificates;
  }

  /** One entry of the certificates answer, decrypted and checked; throws GatewayError. */
  private openCertificate(entry: unknown): PlatformCertificate {
    const refuse = (why: string): never => {
      throw new GatewayError('BAD_CERTIFICATE', `微信支付平台证书无效：${why}`, false);
    };
    if (!isRecord(entry) || !isRecord(entry.encrypt_certificate)) return refuse('格式不正确');
    const sealed = entry.encrypt_certificate;
    if (sealed.algorithm !== 'AEAD_AES_256_GCM') return refuse('加密算法不是 AEAD_AES_256_GCM');
    let pem: string;
    try {
      pem = decryptResource(
        this.merchant.apiV3Key,
        text(sealed.nonce),
        text(sealed.associated_data),
        text(sealed.ciphertext),
      );
    } catch {
      return refuse('无法用 APIv3 密钥解密，请核对 APIv3 密钥');
    }
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(pem);
    } catch {
      return refuse('不是 X.509 证书');
    }
    const serialNo = x509.serialNumber.toUpperCase().replace(/^0+(?=.)/, '');
    if (
      serialNo !==
      text(entry.serial_no)
        .toUpperCase()
        .replace(/^0+(?=.)/, '')
    ) {
      return refuse('序列号与证书不符');
    }
    const publicKey = normalizePublicKey(x509.toString());
    if (!publicKey) return refuse('不是 2048 位及以上的 RSA 证书');
    const effectiveAt = Date.parse(text(entry.effective_time));
    const expiresAt = Date.parse(text(entry.expire_time));
    if (!Number.isFinite(effectiveAt) || !Number.isFinite(expiresAt)) return refuse('缺少有效期');
    return {
      serialNo: text(entry.serial_no).toUpperCase(),
      certificate: x509.toString(),
      publicKey,
      effectiveAt,
      expiresAt,
      ...validityOf(x509),
    };
  }

  /** One API call: signed, its answer verified; a refusal throws GatewayError. */
  private async call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: Record<string, unknown>,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const certificateProblem = this.certificateProblem();
    if (certificateProblem) throw new GatewayError('CERTIFICATE_INVALID', certificateProblem, true);
    let response: Response;
    let raw: string;
    try {
      response = await fetch(new URL(pathWithQuery, this.options.baseUrl), {
        method,
        headers: {
          authorization: this.authorization(method, pathWithQuery, body),
          accept: 'application/json',
          'user-agent': 'inkstone-wechatpay-v3',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      raw = await response.text();
    } catch {
      throw new GatewayError('NETWORK', '无法连接微信支付，请稍后再试', false);
    }
    let data: Record<string, unknown> = {};
    if (raw !== '') {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isRecord(parsed)) data = parsed;
      } catch {
        throw new GatewayError('BAD_RESPONSE', '微信支付的应答无法解析', false);
      }
    }
    if (response.status >= 200 && response.status < 300) {
      const problem = await this.verifyAnswer(Object.fromEntries(response.headers), raw);
      if (problem) throw new GatewayError('BAD_SIGNATURE', `微信支付的应答签名无效（${problem}）`, false);
      return { status: response.status, data };
    }
    const code = text(data.code) || `HTTP_${response.status}`;
    const message = text(data.message) || '微信支付拒绝了请求';
    throw new GatewayError(code, `微信支付：${message}（${code}）`, response.status < 500);
  }

  private orderBody(request: QrCodeRequest): Record<string, unknown> {
    return {
      appid: this.merchant.appId,
      mchid: this.merchant.mchId,
      description: request.subject.slice(0, 127),
      out_trade_no: request.outTradeNo,
      time_expire: rfc3339China(request.expiresAt),
      attach: request.paymentNo,
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    };
  }

  /** Native 下单: the `code_url` a QR code carries. */
  async createQrCode(request: QrCodeRequest): Promise<{ codeUrl: string }> {
    const { data } = await this.call('POST', '/v3/pay/transactions/native', this.orderBody(request));
    const codeUrl = text(data.code_url);
    if (!codeUrl) throw new GatewayError('BAD_RESPONSE', '微信支付未返回二维码链接', false);
    return { codeUrl };
  }

  /** H5 下单: the `h5_url` a phone browser opens, returning to `returnUrl` afterwards. */
  async createMobilePay(request: MobilePayRequest): Promise<{ payUrl: string }> {
    const { data } = await this.call('POST', '/v3/pay/transactions/h5', {
      ...this.orderBody(request),
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
    });
    const h5Url = text(data.h5_url);
    if (!h5Url) throw new GatewayError('BAD_RESPONSE', '微信支付未返回支付链接', false);
    const separator = h5Url.includes('?') ? '&' : '?';
    return { payUrl: `${h5Url}${separator}redirect_url=${encodeURIComponent(request.returnUrl)}` };
  }

  /**
   * JSAPI 下单 (inside 微信): the trade is placed with the account's AppID — the 公众号 bound to
   * the 商户号, at which the payer's openid was obtained — and answers its prepay_id.
   */
  async createJsapiPay(request: JsapiPayRequest): Promise<{ prepayId: string }> {
    const { data } = await this.call('POST', '/v3/pay/transactions/jsapi', {
      ...this.orderBody(request),
      payer: { openid: request.openid },
    });
    const prepayId = text(data.prepay_id);
    if (!prepayId) throw new GatewayError('BAD_RESPONSE', '微信支付未返回预支付交易会话标识', false);
    return { prepayId };
  }

  /**
   * The parameters of `getBrandWCPayRequest` (微信's documented 调起支付签名): paySign is
   * SHA256withRSA by the merchant's API key over `appId\ntimeStamp\nnonceStr\npackage\n`, base64.
   */
  bridgeParams(prepayId: string): JsapiBridgeParams {
    const appId = this.merchant.appId;
    const timeStamp = String(Math.floor(this.options.now() / 1000));
    const nonceStr = randomBytes(16).toString('hex').toUpperCase();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = createSign('RSA-SHA256')
      .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .sign(this.merchant.privateKey, 'base64');
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  /** 查询订单 by out_trade_no. */
  async queryTrade(outTradeNo: string): Promise<GatewayTrade> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.merchant.mchId)}`;
    try {
      const { data } = await this.call('GET', path);
      return toTrade(data);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'ORDER_NOT_EXIST') {
        return missingTrade(outTradeNo, this.account);
      }
      throw error;
    }
  }

  /** 关闭订单: an unpaid trade can no longer be paid. */
  async closeTrade(outTradeNo: string): Promise<void> {
    try {
      await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
        mchid: this.merchant.mchId,
      });
    } catch (error) {
      if (error instanceof GatewayError && ['ORDER_CLOSED', 'ORDER_NOT_EXIST'].includes(error.code)) return;
      throw error;
    }
  }

  /** 申请退款 of part or all of a paid trade. */
  async refund(request: RefundRequest): Promise<GatewayRefundResult> {
    const { data } = await this.call('POST', '/v3/refund/domestic/refunds', {
      ...(request.tradeNo ? { transaction_id: request.tradeNo } : { out_trade_no: request.outTradeNo }),
      out_refund_no: request.outRefundNo,
      reason: request.reason.slice(0, 80),
      notify_url: request.notifyUrl,
      amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
    });
    return toRefund(data);
  }

  /**
   * A notification (支付成功 TRANSACTION.SUCCESS, 退款 REFUND.*): its signature verified, its
   * resource decrypted. Nothing in it is trusted before both.
   */
  async parseNotification(headers: Headers, rawBody: string): Promise<ParsedWechatNotification> {
    const problem = await this.verifyAnswer(headers, rawBody);
    if (problem) return { ok: false, reason: problem };
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!isRecord(body) || !isRecord(body.resource)) return { ok: false, reason: 'malformed' };
    const resource = body.resource;
    if (resource.algorithm !== 'AEAD_AES_256_GCM') return { ok: false, reason: 'unknown algorithm' };
    let plain: unknown;
    try {
      plain = JSON.parse(
        decryptResource(
          this.merchant.apiV3Key,
          text(resource.nonce),
          text(resource.associated_data),
          text(resource.ciphertext),
        ),
      );
    } catch {
      return { ok: false, reason: 'cannot decrypt' };
    }
    if (!isRecord(plain)) return { ok: false, reason: 'malformed resource' };
    const eventType = text(body.event_type);
    if (eventType.startsWith('TRANSACTION.'))
      return { ok: true, notification: { kind: 'trade', trade: toTrade(plain) } };
    if (eventType.startsWith('REFUND.')) {
      return {
        ok: true,
        notification: {
          kind: 'refund',
          refund: { ...toRefund(plain), outTradeNo: text(plain.out_trade_no), mchId: text(plain.mchid) },
        },
      };
    }
    return { ok: true, notification: { kind: 'other', eventType } };
  }
}

/** Null when the headers sign `body` with `key` within the time window; else why not. */
function verifyWith(key: string, headers: Headers, body: string, now: number): string | null {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !signature) return 'unsigned';
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad timestamp';
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return 'stale';
  const isValid = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(key, signature, 'base64');
  return isValid ? null : 'bad signature';
}

/** AEAD_AES_256_GCM: the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. */
export function decryptResource(
  apiV3Key: string,
  nonce: string,
  associatedData: string,
  ciphertext: string,
): string {
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

const TRADE_STATES: Record<string, GatewayTrade['state']> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'open',
  USERPAYING: 'open',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
};

function toTrade(data: Record<string, unknown>): GatewayTrade {
  const amount = isRecord(data.amount) ? data.amount : {};
  const total = amount.total;
  return {
    outTradeNo: text(data.out_trade_no),
    tradeNo: text(data.transaction_id),
    state: TRADE_STATES[text(data.trade_state)] ?? 'open',
    amountFen: typeof total === 'number' && Number.isSafeInteger(total) ? total : Number.NaN,
    currency: text(amount.currency),
    account: { merchantNo: text(data.mchid), appId: text(data.appid) },
  };
}

const REFUND_STATES: Record<string, GatewayRefundResult['status']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

function toRefund(data: Record<string, unknown>): GatewayRefundResult {
  const amount = isRecord(data.amount) ? data.amount : {};
  const refund = amount.refund;
  // A refund notification names its state refund_status; an answer, status.
  const state = text(data.refund_status) || text(data.status);
  return {
    outRefundNo: text(data.out_refund_no),
    refundNo: text(data.refund_id),
    status: REFUND_STATES[state] ?? 'processing',
    amountFen: typeof refund === 'number' && Number.isSafeInteger(refund) ? refund : Number.NaN,
  };
}
