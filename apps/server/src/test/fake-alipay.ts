/**
 * A local fake of the 支付宝 OpenAPI gateway (gateway.do) for tests (docs/payments.md "Running
 * the fakes"), on loopback, speaking the real protocol with keys it generates:
 *
 * - every request's RSA2 `sign` (SHA256withRSA over the sorted `key=value` pairs of all
 *   parameters but `sign`) is checked with the application's public key; a bad one is answered
 *   `isv.invalid-signature`, as the real gateway does;
 * - `alipay.trade.precreate`, `alipay.trade.query`, `alipay.trade.close` and
 *   `alipay.trade.refund` are answered like the real gateway, each answer signed with 支付宝's
 *   key over the exact text of its `*_response` object;
 * - `alipay.trade.wap.pay` (a GET link a phone opens) is checked the same way and shows the
 *   收银台 page; its 确认付款 pays the trade, sends the notification and, as 支付宝 does, sends the
 *   payer back to the `return_url` with the signed synchronous-return fields;
 * - on request it pays a trade and posts the RSA2-signed asynchronous notification (form fields,
 *   `sign` over every field but `sign` and `sign_type`) to the trade's notify_url;
 * - 公钥证书 mode (`useCertificates`): a root CA of its own issues 支付宝's public-key certificate
 *   and the application's (openssl, test-certificates.ts); every request must then carry the
 *   app_cert_sn and alipay_root_cert_sn of those certificates — computed here by the documented
 *   rule, md5 of the issuer's name and the decimal serial number, not by the SDK — and answers
 *   carry alipay_cert_sn.
 */
import {
  X509Certificate,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeCertificate, type CertificateRequest } from './test-certificates.ts';

export interface FakeAlipayApp {
  appId: string;
  sellerId: string;
  /** The application's private key (PKCS#8 PEM), to put in the merchant's settings. */
  privateKey: string;
  publicKey: string;
  /** 公钥证书 mode: the three certificates to paste, and the serial numbers requests must carry. */
  certificates?: {
    appCert: string;
    alipayPublicCert: string;
    alipayRootCert: string;
    appCertSn: string;
    alipayCertSn: string;
    alipayRootCertSn: string;
  };
}

/**
 * A certificate's serial number as 支付宝 names it (app_cert_sn, alipay_cert_sn): md5 of the
 * issuer's name, its attributes last to first as `CN=…,OU=…,O=…,C=…`, followed by the serial
 * number in decimal.
 */
export function alipayCertSn(pem: string): string {
  const certificate = new X509Certificate(pem);
  const issuer = certificate.issuer.split('\n').reverse().join(',');
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10);
  return createHash('md5').update(`${issuer}${serial}`, 'utf8').digest('hex');
}

function hexSerial(): string {
  return `1${randomBytes(15).toString('hex')}`;
}

interface FakeTrade {
  appId: string;
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  refunded: number;
  refundRequests: Set<string>;
}

export interface DeliveredNotice {
  status: number;
  body: string;
}

function keyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function digits(count: number): string {
  let text = '';
  while (text.length < count) text += randomBytes(8).readBigUInt64BE().toString().slice(1);
  return text.slice(0, count);
}

/** The RSA2 content: every parameter but the excluded ones, sorted, as `key=value` joined by `&`. */
export function signContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function yuanToFen(text: string): number {
  const [yuan = '0', cents = ''] = text.split('.');
  return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
}

export class FakeAlipay {
  /** 支付宝's key: signs answers and notifications. */
  readonly alipay = keyPair();
  /** The root CA of 公钥证书 mode (made on first use). */
  private root: { privateKey: string; certificate: string; file: string } | null = null;
  readonly apps = new Map<string, FakeAlipayApp>();
  readonly trades = new Map<string, FakeTrade>();
  readonly requests: { method: string; params: Record<string, string>; biz: any; signed: boolean }[] = [];
  /** While set, every refund request is refused with this business error (e.g. 商户余额不足). */
  refundRefusal: { sub_code: string; sub_msg: string } | null = null;
  private server: http.Server | null = null;
  /** The gateway URL to configure (PAYMENT_ALIPAY_GATEWAY_URL). */
  url = '';

  constructor(private readonly target: (notifyUrl: string) => string) {}

  addApp(appId: string): FakeAlipayApp {
    const app: FakeAlipayApp = { appId, sellerId: `2088${digits(12)}`, ...keyPair() };
    this.apps.set(appId, app);
    return app;
  }

  /**
   * The root CA of 公钥证书 mode (made on first use), and the root file 支付宝 hands out: like the
   * real alipayRootCert.crt it holds more than the RSA root — here an EC root that issues nothing.
   */
  private rootCa(): { privateKey: string; certificate: string; file: string } {
    if (!this.root) {
      const key = keyPair().privateKey;
      const certificate = makeCertificate({
        privateKey: key,
        serialHex: hexSerial(),
        subject: '/C=CN/O=Fake Alipay/OU=Certification Authority/CN=Fake Alipay Root CA',
      });
      const ecKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const ecRoot = makeCertificate({
        privateKey: ecKey,
        serialHex: hexSerial(),
        subject: '/C=CN/O=Fake Alipay/OU=Certification Authority/CN=Fake Alipay Root CA E1',
      });
      this.root = { privateKey: key, certificate, file: `${ecRoot}${certificate}` };
    }
    return this.root;
  }

  /**
   * Puts the application on 公钥证书: its certificates are made and its requests must name them.
   * `validity` sets the application's and 支付宝's certificates' dates (default: valid around the
   * test clock for five years).
   */
  useCertificates(
    app: FakeAlipayApp,
    validity: Pick<CertificateRequest, 'notBefore' | 'notAfter'> = {},
  ): NonNullable<FakeAlipayApp['certificates']> {
    const issuer = this.rootCa();
    const alipayPublicCert = makeCertificate({
      privateKey: this.alipay.privateKey,
      serialHex: hexSerial(),
      subject: `/C=CN/O=Fake Alipay/OU=Alipay Open Platform/CN=${app.appId}`,
      issuer,
      ...validity,
    });
    const appCert = this.appCertificate(app, validity);
    app.certificates = {
      appCert,
      alipayPublicCert,
      alipayRootCert: issuer.file,
      appCertSn: alipayCertSn(appCert),
      alipayCertSn: alipayCertSn(alipayPublicCert),
      alipayRootCertSn: alipayCertSn(issuer.certificate),
    };
    return app.certificates;
  }

  /** Another 应用公钥证书 of the application's key, issued by 支付宝's root, with these dates. */
  appCertificate(
    app: FakeAlipayApp,
    validity: Pick<CertificateRequest, 'notBefore' | 'notAfter'> = {},
  ): string {
    return makeCertificate({
      privateKey: app.privateKey,
      serialHex: hexSerial(),
      subject: `/C=CN/O=Fake Merchant/OU=Alipay Open Platform/CN=${app.appId}`,
      issuer: this.rootCa(),
      ...validity,
    });
  }

  /**
   * A root CA that is not 支付宝's, and a 应用公钥证书 of the application's key it issued: the
   * wrong-root variants (a root file that issues neither certificate; an application certificate
   * no 支付宝 root issued).
   */
  wrongRoot(app: FakeAlipayApp): { rootCert: string; appCert: string } {
    const key = keyPair().privateKey;
    const rootCert = makeCertificate({
      privateKey: key,
      serialHex: hexSerial(),
      subject: '/C=CN/O=Somebody Else/OU=Certification Authority/CN=Not Alipay Root CA',
    });
    const appCert = makeCertificate({
      privateKey: app.privateKey,
      serialHex: hexSerial(),
      subject: `/C=CN/O=Fake Merchant/OU=Alipay Open Platform/CN=${app.appId}`,
      issuer: { certificate: rootCert, privateKey: key },
    });
    return { rootCert, appCert };
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private sign(content: string, privateKey = this.alipay.privateKey): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
  }

  /** The request's application, when its RSA2 signature verifies; else null. */
  private verify(params: Record<string, string>): FakeAlipayApp | null {
    const app = this.apps.get(params.app_id ?? '');
    if (!app || params.sign_type !== 'RSA2' || !params.sign) return null;
    const isValid = createVerify('RSA-SHA256')
      .update(signContent(params, ['sign']), 'utf8')
      .verify(app.publicKey, params.sign, 'base64');
    return isValid ? app : null;
  }

  private answer(
    response: http.ServerResponse,
    method: string,
    data: Record<string, unknown>,
    app?: FakeAlipayApp | null,
  ): void {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(data);
    const certSn = app?.certificates ? `,"alipay_cert_sn":"${app.certificates.alipayCertSn}"` : '';
    const body = `{"${key}":${inner}${certSn},"sign":"${this.sign(inner)}"}`;
    response.writeHead(200, {
      'content-type': 'application/json;charset=utf-8',
      trace_id: randomBytes(8).toString('hex'),
    });
    response.end(body);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (raw) Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
    if (request.method === 'POST' && url.pathname === '/cashier/pay') {
      return this.payAtCashier(params.out_trade_no ?? '', response);
    }
    const method = params.method ?? '';
    const app = this.verify(params);
    let biz: any;
    try {
      biz = params.biz_content ? JSON.parse(params.biz_content) : {};
    } catch {
      biz = {};
    }
    this.requests.push({ method, params, biz, signed: app !== null });
    if (request.method === 'GET' && method === 'alipay.trade.wap.pay') {
      if (!app) {
        response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        return void response.end('<p>错误代码 invalid-signature 错误原因: 验签出错</p>');
      }
      this.open(app, biz, params);
      response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      return void response.end(
        `<!doctype html><meta charset="utf-8"><title>支付宝</title>` +
          `<p>支付宝收银台：${escapeHtml(String(biz.subject))} ¥${escapeHtml(String(biz.total_amount))}</p>` +
          `<form method="post" action="/cashier/pay">` +
          `<input type="hidden" name="out_trade_no" value="${escapeHtml(String(biz.out_trade_no))}">` +
          `<button type="submit">确认付款</button></form>`,
      );
    }
    if (!app) {
      return this.answer(response, method || 'error', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    const certs = app.certificates;
    if (
      certs &&
      (params.app_cert_sn !== certs.appCertSn || params.alipay_root_cert_sn !== certs.alipayRootCertSn)
    ) {
      return this.answer(response, method || 'error', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.cert-sn-mismatch',
        sub_msg: '应用公钥证书序列号或支付宝根证书序列号不匹配',
      });
    }
    const notFound = {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    };
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const own = trade && trade.appId === app.appId ? trade : undefined;
    switch (method) {
      case 'alipay.trade.precreate': {
        if (!/^\d+(\.\d{1,2})?$/.test(biz.total_amount ?? '') || !biz.subject || !biz.out_trade_no) {
          return this.answer(
            response,
            method,
            {
              code: '40002',
              msg: 'Invalid Arguments',
              sub_code: 'isv.invalid-parameter',
              sub_msg: '参数无效',
            },
            app,
          );
        }
        if (this.trades.has(biz.out_trade_no)) {
          return this.answer(
            response,
            method,
            {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_HAS_SUCCESS',
              sub_msg: '交易已被支付',
            },
            app,
          );
        }
        this.open(app, biz, params);
        return this.answer(
          response,
          method,
          {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/bax0${randomBytes(10).toString('hex')}`,
          },
          app,
        );
      }
      case 'alipay.trade.query':
        if (!own) return this.answer(response, method, notFound, app);
        return this.answer(
          response,
          method,
          {
            code: '10000',
            msg: 'Success',
            trade_no: own.tradeNo,
            out_trade_no: own.outTradeNo,
            buyer_logon_id: '159****5620',
            trade_status: own.status,
            total_amount: own.totalAmount,
            buyer_pay_amount: own.status === 'TRADE_SUCCESS' ? own.totalAmount : '0.00',
          },
          app,
        );
      case 'alipay.trade.close':
        if (!own) return this.answer(response, method, notFound, app);
        if (own.status === 'TRADE_SUCCESS') {
          return this.answer(
            response,
            method,
            {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_STATUS_ERROR',
              sub_msg: '交易状态不合法',
            },
            app,
          );
        }
        own.status = 'TRADE_CLOSED';
        return this.answer(
          response,
          method,
          {
            code: '10000',
            msg: 'Success',
            trade_no: own.tradeNo,
            out_trade_no: own.outTradeNo,
          },
          app,
        );
      case 'alipay.trade.refund': {
        if (!own || own.status !== 'TRADE_SUCCESS') return this.answer(response, method, notFound, app);
        const amount = yuanToFen(biz.refund_amount ?? '0');
        const isRepeat = own.refundRequests.has(biz.out_request_no);
        if (!isRepeat && this.refundRefusal) {
          return this.answer(
            response,
            method,
            { code: '40004', msg: 'Business Failed', ...this.refundRefusal },
            app,
          );
        }
        if (!isRepeat && own.refunded + amount > yuanToFen(own.totalAmount)) {
          return this.answer(
            response,
            method,
            {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
              sub_msg: '退款金额超限',
            },
            app,
          );
        }
        if (!isRepeat) {
          own.refunded += amount;
          own.refundRequests.add(biz.out_request_no);
        }
        return this.answer(
          response,
          method,
          {
            code: '10000',
            msg: 'Success',
            trade_no: own.tradeNo,
            out_trade_no: own.outTradeNo,
            buyer_logon_id: '159****5620',
            fund_change: isRepeat ? 'N' : 'Y',
            refund_fee: (own.refunded / 100).toFixed(2),
          },
          app,
        );
      }
      default:
        return this.answer(response, method || 'error', {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.invalid-method',
          sub_msg: '不存在的方法名',
        });
    }
  }

  private open(app: FakeAlipayApp, biz: any, params: Record<string, string>): void {
    if (this.trades.has(biz.out_trade_no)) return;
    this.trades.set(biz.out_trade_no, {
      appId: app.appId,
      outTradeNo: biz.out_trade_no,
      totalAmount: biz.total_amount,
      subject: biz.subject,
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      status: 'WAIT_BUYER_PAY',
      tradeNo: '',
      refunded: 0,
      refundRequests: new Set(),
    });
  }

  /**
   * 收银台's 确认付款: the trade is paid, its notification sent, and the payer sent back to the
   * trade's return_url with the signed synchronous-return fields, as 支付宝 does.
   */
  private async payAtCashier(outTradeNo: string, response: http.ServerResponse): Promise<void> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) {
      response.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
      return void response.end('<p>交易不存在</p>');
    }
    await this.pay(outTradeNo);
    if (!trade.returnUrl) {
      response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      return void response.end('<p>支付成功</p>');
    }
    const app = this.apps.get(trade.appId)!;
    const fields: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.wap.pay.return',
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: trade.appId,
      version: '1.0',
      app_id: trade.appId,
      seller_id: app.sellerId,
      timestamp: '2026-11-21 10:01:02',
    };
    fields.sign_type = 'RSA2';
    fields.sign = this.sign(signContent(fields, ['sign', 'sign_type']));
    const back = new URL(trade.returnUrl);
    for (const [key, value] of Object.entries(fields)) back.searchParams.set(key, value);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  /** Opens a 手机网站支付 link as a phone browser would (the signature is checked). */
  async openWapLink(payUrl: string): Promise<{ status: number; body: string }> {
    const response = await fetch(payUrl);
    return { status: response.status, body: await response.text() };
  }

  /** The asynchronous notification of a paid trade (form fields), signed; `tamper` alters it. */
  notification(
    outTradeNo: string,
    options: { tamper?: Record<string, string>; signingKey?: string } = {},
  ): { fields: Record<string, string>; notifyUrl: string } {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no fake trade ${outTradeNo}`);
    const app = this.apps.get(trade.appId)!;
    const fields: Record<string, string> = {
      gmt_create: '2026-11-21 10:00:30',
      charset: 'utf-8',
      seller_email: 'shop@example.com',
      subject: trade.subject,
      buyer_id: '2088102177846880',
      invoice_amount: trade.totalAmount,
      notify_id: `2026112100222100${digits(16)}`,
      fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: trade.status,
      receipt_amount: trade.totalAmount,
      app_id: trade.appId,
      buyer_pay_amount: trade.totalAmount,
      seller_id: app.sellerId,
      gmt_payment: '2026-11-21 10:01:00',
      notify_time: '2026-11-21 10:01:01',
      version: '1.0',
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: trade.appId,
      buyer_logon_id: '159****5620',
      point_amount: '0.00',
      ...options.tamper,
    };
    fields.sign_type = 'RSA2';
    fields.sign = this.sign(signContent(fields, ['sign', 'sign_type']), options.signingKey);
    return { fields, notifyUrl: trade.notifyUrl };
  }

  async deliver(notifyUrl: string, fields: Record<string, string>): Promise<DeliveredNotice> {
    const response = await fetch(this.target(notifyUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: await response.text() };
  }

  /** The payer pays: the trade is paid here and (unless `notify` is false) its notification sent. */
  async pay(
    outTradeNo: string,
    options: { notify?: boolean; tamper?: Record<string, string>; signingKey?: string } = {},
  ): Promise<DeliveredNotice | null> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no fake trade ${outTradeNo}`);
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_SUCCESS';
      trade.tradeNo = `2026112122001${digits(15)}`;
    }
    if (options.notify === false) return null;
    const { fields, notifyUrl } = this.notification(outTradeNo, options);
    return this.deliver(notifyUrl, fields);
  }
}
