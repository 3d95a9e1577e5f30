/**
 * A local fake of 微信支付 API v3 for tests (docs/payments.md "Running the fakes"), on loopback,
 * speaking the real protocol with keys it generates:
 *
 * - it checks every request's `Authorization: WECHATPAY2-SHA256-RSA2048 …` against the merchant's
 *   API certificate key (SHA256withRSA over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n`) and refuses a
 *   bad or stale one with 401 SIGN_ERROR, as the real API does;
 * - it answers Native, H5 and JSAPI orders, query, close and refund like the real API, every answer
 *   signed with its platform key (`Wechatpay-Serial/-Timestamp/-Nonce/-Signature`); a JSAPI
 *   order must name, as `payer.openid`, an openid its 网页授权 gave for the order's AppID;
 * - it plays 微信's 网页授权 (公众号 OAuth, snsapi_base) for the 公众号 of each merchant's AppID:
 *   `GET /connect/oauth2/authorize` sends the browser back to `redirect_uri` with a code and the
 *   state, `GET /sns/oauth2/access_token` exchanges a code (once, with the right AppID and
 *   AppSecret) for the payer's openid at that 公众号;
 * - it plays 微信's client for `getBrandWCPayRequest`: `payPrepay` checks the bridge's parameters
 *   (the AppID, the package, paySign by the merchant's key) and pays the prepay_id's trade;
 * - on request it pays a trade and sends the signed notification, its resource encrypted with
 *   AEAD_AES_256_GCM under the merchant's APIv3 key, to the trade's notify_url — and it can
 *   forge, alter or repeat one;
 * - for an account on platform certificates (`useCertificates`), it answers
 *   `GET /v3/certificates` like the real API: each X.509 platform certificate (made by the
 *   `openssl` command line, test-certificates.ts) encrypted with
 *   AEAD_AES_256_GCM under the asking merchant's APIv3 key, the answer signed by the newest; it can
 *   rotate to a new certificate, whose serial then signs everything.
 *
 * Its clock is the test server's, so signatures are checked against the same time.
 */
import {
  X509Certificate,
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeCertificate, type CertificateRequest } from './test-certificates.ts';

export interface FakeWechatMerchant {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  /** The merchant's API private key (PKCS#8 PEM), to put in the merchant's settings. */
  privateKey: string;
  publicKey: string;
  apiV3Key: string;
  /** The AppSecret of the 公众号 whose AppID is `appId` (网页授权). */
  appSecret: string;
}

interface FakeOrder {
  mchId: string;
  appId: string;
  outTradeNo: string;
  tradeType: 'NATIVE' | 'MWEB' | 'JSAPI';
  /** JSAPI: the prepay_id answered, and the payer. */
  prepayId: string;
  openid: string;
  description: string;
  total: number;
  currency: string;
  notifyUrl: string;
  timeExpire: string;
  attach: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string;
  successTime: string;
  refunded: number;
}

interface FakeRefund {
  mchId: string;
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  transactionId: string;
  refund: number;
  total: number;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
}

/** Where the fake delivers a notification: the test server's real address for a URL. */
export type NotifyTarget = (notifyUrl: string) => string;

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

interface FakeCertificate {
  serialNo: string;
  pem: string;
  privateKey: string;
}

function randomDigits(count: number): string {
  let digits = '';
  while (digits.length < count) digits += randomBytes(8).readBigUInt64BE().toString().slice(1);
  return digits.slice(0, count);
}

export class FakeWechatPay {
  /** 微信支付's key: signs answers and notifications (the newest certificate's, once rotated). */
  platform = keyPair();
  /** Its id in `Wechatpay-Serial`: a public key id, or the newest platform certificate's serial. */
  platformSerial = `PUB_KEY_ID_0114${randomDigits(28)}`;
  /** Platform certificates `GET /v3/certificates` lists (useCertificates, rotateCertificate). */
  readonly certificates: FakeCertificate[] = [];
  /** Signs the certificates answer with this key and serial instead (a forged answer). */
  forgedCertificatesSigner: { privateKey: string; serial: string } | null = null;
  readonly merchants = new Map<string, FakeWechatMerchant>();
  readonly orders = new Map<string, FakeOrder>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Every request received, with whether its signature verified. */
  readonly requests: { method: string; path: string; body: unknown; signed: boolean }[] = [];
  /** Who is using 微信 now: their openid at each 公众号 is derived from it. */
  wechatUser = 'payer-1';
  /** 网页授权 codes issued: code → AppID, openid, and whether it was exchanged. */
  readonly oauthCodes = new Map<string, { appId: string; openid: string; used: boolean }>();
  /** Every code exchange asked for, with what 微信 answered (errcode 0: the openid). */
  readonly codeExchanges: { appId: string; code: string; errcode: number }[] = [];
  /** How a refund request ends: PROCESSING (then a notification), or refused outright. */
  refundMode: 'processing' | 'refuse' = 'processing';
  private server: http.Server | null = null;
  url = '';

  constructor(
    private readonly now: () => number,
    private readonly target: NotifyTarget,
  ) {}

  /** A merchant account of the fake with fresh keys. */
  addMerchant(mchId: string, appId: string): FakeWechatMerchant {
    const keys = keyPair();
    const merchant: FakeWechatMerchant = {
      mchId,
      appId,
      merchantSerialNo: randomBytes(20).toString('hex').toUpperCase(),
      ...keys,
      apiV3Key: randomBytes(24).toString('base64').slice(0, 32),
      appSecret: randomBytes(16).toString('hex'),
    };
    this.merchants.set(mchId, merchant);
    return merchant;
  }

  /**
   * Platform-certificate mode: the platform key gets an X.509 certificate, and its serial (not the
   * public key id) signs answers and notifications from now on. Answers the serial. `validity`
   * sets its dates (an expired or not-yet-valid variant); default: valid around the test clock.
   */
  useCertificates(validity: Pick<CertificateRequest, 'notBefore' | 'notAfter'> = {}): string {
    // 40 hex digits whose first is not 0, so the certificate's own serial reads the same (one
    // digit in place of a leading "00" made 39, which the certificate reads with a 0 in front).
    const serialNo = randomBytes(20).toString('hex').toUpperCase().replace(/^0/, '1');
    this.certificates.push({
      serialNo,
      pem: makeCertificate({
        privateKey: this.platform.privateKey,
        serialHex: serialNo,
        subject: '/C=CN/O=Tenpay.com/OU=Tenpay.com CA Center/CN=Tenpay.com Root CA',
        ...validity,
      }),
      privateKey: this.platform.privateKey,
    });
    this.platformSerial = serialNo;
    return serialNo;
  }

  /** 微信支付 rotates its platform certificate: a new key and serial sign from now on. */
  rotateCertificate(): string {
    this.platform = keyPair();
    return this.useCertificates();
  }

  /** The current 微信 user's openid at a 公众号 (stable, different for each AppID). */
  openidOf(appId: string, user = this.wechatUser): string {
    return `o${createHash('sha256').update(`${appId}:${user}`).digest('base64url').slice(0, 27)}`;
  }

  private merchantOfApp(appId: string): FakeWechatMerchant | undefined {
    return [...this.merchants.values()].find((merchant) => merchant.appId === appId);
  }

  /** 网页授权 (snsapi_base is silent): back to redirect_uri with a fresh code and the state. */
  private authorize(response: http.ServerResponse, url: URL): void {
    const appId = url.searchParams.get('appid') ?? '';
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    const problem = !this.merchantOfApp(appId)
      ? '10003 redirect_uri 参数错误或 appid 无效'
      : url.searchParams.get('response_type') !== 'code' || url.searchParams.get('scope') !== 'snsapi_base'
        ? '10005 scope 参数错误'
        : !/^https?:\/\//.test(redirect)
          ? '10003 redirect_uri 参数错误'
          : state.length > 128
            ? '10006 state 参数错误'
            : '';
    if (problem) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>微信网页授权</title><p>${problem}</p>`);
      return;
    }
    const code = randomBytes(16).toString('hex');
    this.oauthCodes.set(code, { appId, openid: this.openidOf(appId), used: false });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  /** 通过 code 换取网页授权 access_token: AppID and AppSecret must match, a code is good once. */
  private exchangeCode(response: http.ServerResponse, url: URL): void {
    const appId = url.searchParams.get('appid') ?? '';
    const code = url.searchParams.get('code') ?? '';
    const merchant = this.merchantOfApp(appId);
    const issued = this.oauthCodes.get(code);
    const answer = (errcode: number, body: Record<string, unknown>) => {
      this.codeExchanges.push({ appId, code, errcode });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (!merchant) return answer(40013, { errcode: 40013, errmsg: 'invalid appid' });
    if (url.searchParams.get('secret') !== merchant.appSecret) {
      return answer(40125, { errcode: 40125, errmsg: 'invalid appsecret' });
    }
    if (url.searchParams.get('grant_type') !== 'authorization_code') {
      return answer(40002, { errcode: 40002, errmsg: 'invalid grant_type' });
    }
    if (!issued || issued.appId !== appId) return answer(40029, { errcode: 40029, errmsg: 'invalid code' });
    if (issued.used) return answer(40163, { errcode: 40163, errmsg: 'code been used' });
    issued.used = true;
    return answer(0, {
      access_token: randomBytes(24).toString('hex'),
      expires_in: 7200,
      refresh_token: randomBytes(24).toString('hex'),
      openid: issued.openid,
      scope: 'snsapi_base',
    });
  }

  /**
   * 微信's client, given `getBrandWCPayRequest`'s parameters: they must name the prepay_id of an
   * open JSAPI trade of this AppID and be signed (paySign, SHA256withRSA over
   * `appId\ntimeStamp\nnonceStr\npackage\n`) by that merchant's API key; then the payer pays it and
   * the notification is sent. Answers why not, or the notification's delivery.
   */
  async payPrepay(
    params: Record<string, unknown>,
  ): Promise<{ error: string } | { outTradeNo: string; delivered: DeliveredNotice | null }> {
    const pkg = typeof params.package === 'string' ? params.package : '';
    const prepayId = pkg.startsWith('prepay_id=') ? pkg.slice('prepay_id='.length) : '';
    const order = [...this.orders.values()].find(
      (entry) => entry.prepayId !== '' && entry.prepayId === prepayId,
    );
    if (!order) return { error: 'no such prepay_id' };
    if (params.appId !== order.appId) return { error: 'appId differs' };
    if (params.signType !== 'RSA') return { error: 'signType' };
    const merchant = this.merchants.get(order.mchId)!;
    const message = `${String(params.appId)}\n${String(params.timeStamp)}\n${String(params.nonceStr)}\n${pkg}\n`;
    const isSigned = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, String(params.paySign ?? ''), 'base64');
    if (!isSigned) return { error: 'paySign' };
    return { outTradeNo: order.outTradeNo, delivered: await this.pay(order.outTradeNo) };
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Signature headers over `body`, by the platform key (or another key, to forge one). */
  signedHeaders(body: string, privateKey = this.platform.privateKey, serial = this.platformSerial) {
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(privateKey, 'base64');
    return {
      'wechatpay-serial': serial,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  private send(
    response: http.ServerResponse,
    status: number,
    data?: unknown,
    signer?: { privateKey: string; serial: string },
  ): void {
    const body = data === undefined ? '' : JSON.stringify(data);
    response.writeHead(status, {
      ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      'request-id': randomBytes(8).toString('hex'),
      ...(signer ? this.signedHeaders(body, signer.privateKey, signer.serial) : this.signedHeaders(body)),
    });
    response.end(body);
  }

  /** The merchant a request's Authorization names, when its signature verifies; else null. */
  private authenticate(
    method: string,
    path: string,
    body: string,
    header: string,
  ): FakeWechatMerchant | null {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match) return null;
    const fields = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((part) => [part[1]!, part[2]!]),
    );
    const merchant = this.merchants.get(fields.mchid ?? '');
    if (!merchant || fields.serial_no !== merchant.merchantSerialNo) return null;
    if (Math.abs(this.now() / 1000 - Number(fields.timestamp)) > 300) return null;
    const message = `${method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const isValid = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    return isValid ? merchant : null;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    // 微信's 网页授权 (open.weixin.qq.com, api.weixin.qq.com): not 微信支付's signed API.
    const plain = new URL(path, 'http://fake');
    if (method === 'GET' && plain.pathname === '/connect/oauth2/authorize')
      return this.authorize(response, plain);
    if (method === 'GET' && plain.pathname === '/sns/oauth2/access_token')
      return this.exchangeCode(response, plain);
    const merchant = this.authenticate(method, path, raw, request.headers.authorization ?? '');
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = null;
    }
    this.requests.push({ method, path, body, signed: merchant !== null });
    if (!merchant) return this.send(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    if (body === null) return this.send(response, 400, { code: 'PARAM_ERROR', message: '请求体不是 JSON' });
    const url = new URL(path, 'http://fake');

    const order = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url.pathname);
    if (method === 'POST' && order) {
      return this.placeOrder(response, merchant, order[1] as 'native' | 'h5' | 'jsapi', body);
    }

    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && query) {
      const found = this.orders.get(decodeURIComponent(query[1]!));
      if (!found || found.mchId !== url.searchParams.get('mchid') || found.mchId !== merchant.mchId) {
        return this.send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      return this.send(response, 200, this.transaction(found));
    }

    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (method === 'POST' && close) {
      const found = this.orders.get(decodeURIComponent(close[1]!));
      if (!found || body.mchid !== merchant.mchId || found.mchId !== merchant.mchId) {
        return this.send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      if (found.state === 'SUCCESS' || found.state === 'REFUND') {
        return this.send(response, 400, { code: 'ORDER_PAID', message: '订单已支付' });
      }
      found.state = 'CLOSED';
      return this.send(response, 204);
    }

    if (method === 'GET' && url.pathname === '/v3/certificates') {
      return this.send(
        response,
        200,
        this.certificateList(merchant.apiV3Key),
        this.forgedCertificatesSigner ?? undefined,
      );
    }

    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      return this.refund(response, merchant, body);
    }
    return this.send(response, 404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  private placeOrder(
    response: http.ServerResponse,
    merchant: FakeWechatMerchant,
    kind: 'native' | 'h5' | 'jsapi',
    body: any,
  ): void {
    const isH5 = kind === 'h5';
    const problems: string[] = [];
    if (body.mchid !== merchant.mchId) problems.push('mchid');
    if (body.appid !== merchant.appId) problems.push('appid');
    if (typeof body.out_trade_no !== 'string' || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(body.out_trade_no))
      problems.push('out_trade_no');
    if (typeof body.description !== 'string' || body.description === '') problems.push('description');
    if (!Number.isInteger(body.amount?.total) || body.amount.total <= 0) problems.push('amount.total');
    if (body.amount?.currency !== 'CNY') problems.push('amount.currency');
    if (typeof body.notify_url !== 'string' || !/^https?:\/\//.test(body.notify_url))
      problems.push('notify_url');
    if (
      typeof body.time_expire !== 'string' ||
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(body.time_expire)
    )
      problems.push('time_expire');
    if (isH5 && (body.scene_info?.h5_info?.type !== 'Wap' || !body.scene_info?.payer_client_ip))
      problems.push('scene_info');
    // A JSAPI payer is an openid 网页授权 gave at this AppID's 公众号.
    const openid = body.payer?.openid;
    const isKnownPayer = [...this.oauthCodes.values()].some(
      (issued) => issued.used && issued.appId === body.appid && issued.openid === openid,
    );
    if (kind === 'jsapi' && !isKnownPayer) problems.push('payer.openid');
    if (problems.length > 0) {
      return this.send(response, 400, { code: 'PARAM_ERROR', message: `参数错误：${problems.join(',')}` });
    }
    if (this.orders.has(body.out_trade_no)) {
      return this.send(response, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
    }
    this.orders.set(body.out_trade_no, {
      mchId: merchant.mchId,
      appId: merchant.appId,
      outTradeNo: body.out_trade_no,
      tradeType: kind === 'jsapi' ? 'JSAPI' : isH5 ? 'MWEB' : 'NATIVE',
      prepayId: '',
      openid: kind === 'jsapi' ? openid : 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      description: body.description,
      total: body.amount.total,
      currency: 'CNY',
      notifyUrl: body.notify_url,
      timeExpire: body.time_expire,
      attach: body.attach ?? '',
      state: 'NOTPAY',
      transactionId: '',
      successTime: '',
      refunded: 0,
    });
    const prepay = `wx${randomDigits(20)}`;
    if (kind === 'jsapi') {
      this.orders.get(body.out_trade_no)!.prepayId = prepay;
      return this.send(response, 200, { prepay_id: prepay });
    }
    return this.send(
      response,
      200,
      isH5
        ? {
            h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=${randomDigits(10)}`,
          }
        : { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` },
    );
  }

  private refund(response: http.ServerResponse, merchant: FakeWechatMerchant, body: any): void {
    const order = [...this.orders.values()].find(
      (entry) =>
        entry.mchId === merchant.mchId &&
        (entry.transactionId === body.transaction_id || entry.outTradeNo === body.out_trade_no),
    );
    if (!order || (order.state !== 'SUCCESS' && order.state !== 'REFUND')) {
      return this.send(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    }
    const amount = body.amount ?? {};
    if (amount.total !== order.total || amount.currency !== 'CNY' || !Number.isInteger(amount.refund)) {
      return this.send(response, 400, { code: 'PARAM_ERROR', message: '退款金额参数错误' });
    }
    const existing = this.refunds.get(body.out_refund_no);
    if (existing) return this.send(response, 200, this.refundAnswer(existing));
    if (this.refundMode === 'refuse' || order.refunded + amount.refund > order.total) {
      return this.send(response, 403, { code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' });
    }
    order.refunded += amount.refund;
    order.state = 'REFUND';
    const refund: FakeRefund = {
      mchId: merchant.mchId,
      outRefundNo: body.out_refund_no,
      refundId: `50${randomDigits(30)}`,
      outTradeNo: order.outTradeNo,
      transactionId: order.transactionId,
      refund: amount.refund,
      total: order.total,
      notifyUrl: body.notify_url ?? '',
      status: 'PROCESSING',
    };
    this.refunds.set(refund.outRefundNo, refund);
    return this.send(response, 200, this.refundAnswer(refund));
  }

  private refundAnswer(refund: FakeRefund) {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: refund.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: '2026-11-21T10:00:00+08:00',
      status: refund.status,
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        currency: 'CNY',
      },
    };
  }

  private transaction(order: FakeOrder, override: Partial<Record<string, unknown>> = {}) {
    return {
      appid: order.appId,
      mchid: order.mchId,
      out_trade_no: order.outTradeNo,
      transaction_id: order.transactionId,
      trade_type: order.tradeType,
      trade_state: order.state,
      trade_state_desc: order.state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      attach: order.attach,
      success_time: order.successTime,
      payer: { openid: order.openid },
      amount: { total: order.total, payer_total: order.total, currency: 'CNY', payer_currency: 'CNY' },
      ...override,
    };
  }

  /** The body of `GET /v3/certificates`: every certificate encrypted under the APIv3 key. */
  certificateList(apiV3Key: string) {
    return {
      data: this.certificates.map((certificate) => {
        const x509 = new X509Certificate(certificate.pem);
        const nonce = randomBytes(6).toString('hex');
        const cipher = createCipheriv(
          'aes-256-gcm',
          Buffer.from(apiV3Key, 'utf8'),
          Buffer.from(nonce, 'utf8'),
        );
        cipher.setAAD(Buffer.from('certificate', 'utf8'));
        const ciphertext = Buffer.concat([
          cipher.update(certificate.pem, 'utf8'),
          cipher.final(),
          cipher.getAuthTag(),
        ]);
        return {
          serial_no: certificate.serialNo,
          // The certificate's own dates, as 微信支付 gives them (made around the test clock).
          effective_time: new Date(x509.validFrom).toISOString(),
          expire_time: new Date(x509.validTo).toISOString(),
          encrypt_certificate: {
            algorithm: 'AEAD_AES_256_GCM',
            nonce,
            associated_data: 'certificate',
            ciphertext: ciphertext.toString('base64'),
          },
        };
      }),
    };
  }

  /** A notification body with `plain` encrypted under the merchant's APIv3 key. */
  encryptedNotification(apiV3Key: string, eventType: string, plain: unknown, originalType: string): string {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(originalType, 'utf8'));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(plain), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: '2026-11-21T10:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '退款成功',
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: originalType,
        nonce,
      },
    });
  }

  /** Delivers a notification body with these headers to a notify_url; returns the answer. */
  async deliver(notifyUrl: string, body: string, headers: Record<string, string>): Promise<DeliveredNotice> {
    const response = await fetch(this.target(notifyUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/4.0', ...headers },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  /**
   * The payer pays the trade: it is marked paid here, and (unless `notify` is false) the signed,
   * encrypted notification goes to its notify_url. `tamper` changes what the notification says.
   */
  async pay(
    outTradeNo: string,
    options: {
      notify?: boolean;
      tamper?: Partial<Record<string, unknown>>;
      /** Encrypt with another merchant's APIv3 key / sign with another key. */
      apiV3Key?: string;
      signingKey?: string;
    } = {},
  ): Promise<DeliveredNotice | null> {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`no fake order ${outTradeNo}`);
    if (order.state === 'NOTPAY') {
      order.state = 'SUCCESS';
      order.transactionId = `42000${randomDigits(23)}`;
      order.successTime = '2026-11-21T10:01:00+08:00';
    }
    if (options.notify === false) return null;
    return this.notifyPaid(outTradeNo, options);
  }

  /** (Again) the payment notification of a paid trade. */
  async notifyPaid(
    outTradeNo: string,
    options: { tamper?: Partial<Record<string, unknown>>; apiV3Key?: string; signingKey?: string } = {},
  ): Promise<DeliveredNotice> {
    const { body, headers, notifyUrl } = this.paidNotification(outTradeNo, options);
    return this.deliver(notifyUrl, body, headers);
  }

  /** The payment notification of a paid trade, not yet sent: body, headers and where it goes. */
  paidNotification(
    outTradeNo: string,
    options: { tamper?: Partial<Record<string, unknown>>; apiV3Key?: string; signingKey?: string } = {},
  ): { body: string; headers: Record<string, string>; notifyUrl: string } {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`no fake order ${outTradeNo}`);
    const merchant = this.merchants.get(order.mchId)!;
    const body = this.encryptedNotification(
      options.apiV3Key ?? merchant.apiV3Key,
      'TRANSACTION.SUCCESS',
      this.transaction(order, options.tamper),
      'transaction',
    );
    return { body, headers: this.signedHeaders(body, options.signingKey), notifyUrl: order.notifyUrl };
  }

  /** The refund ends (SUCCESS or ABNORMAL) and its notification is sent. */
  async finishRefund(
    outRefundNo: string,
    status: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS',
  ): Promise<DeliveredNotice> {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`no fake refund ${outRefundNo}`);
    refund.status = status;
    const merchant = this.merchants.get(refund.mchId)!;
    const body = this.encryptedNotification(
      merchant.apiV3Key,
      `REFUND.${status}`,
      {
        mchid: refund.mchId,
        out_trade_no: refund.outTradeNo,
        transaction_id: refund.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: status,
        success_time: '2026-11-21T10:05:00+08:00',
        user_received_account: '支付用户零钱',
        amount: {
          total: refund.total,
          refund: refund.refund,
          payer_total: refund.total,
          payer_refund: refund.refund,
        },
      },
      'refund',
    );
    return this.deliver(refund.notifyUrl, body, this.signedHeaders(body));
  }
}
