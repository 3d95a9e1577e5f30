/**
 * 微信内支付 (JSAPI, docs/payments.md): inside 微信's browser the payer pays with the 公众号 bound
 * to the merchant's 商户号. The first time, the payer is sent through 网页授权 (snsapi_base) for
 * their openid at that 公众号 — with a state bound to the merchant, the customer, the session and
 * the payment, good once and for ten minutes — and the openid is kept, so it happens once. Then
 * each 微信支付 opens a JSAPI trade through the same path as a QR code (PaymentsService,
 * GatewayTradesService) and answers the bridge's signed parameters. What the bridge reports is
 * never believed: only the notification or a query settles the payment.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  WechatJsapiPay,
  WechatJsapiPayBody,
  WechatJsapiRechargeBody,
  WechatOauthCallback,
  WechatOauthCallbackBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import type { GatewayMerchant, PaymentGateways } from './create-gateway.ts';
import {
  GatewayError,
  isJsapiGateway,
  type JsapiGateway,
  type PaymentGateway,
} from './gateways/payment-gateway.ts';
import type { PaymentRow } from './payments.repository.ts';
import { exchangeWechatCode, wechatAuthorizeUrl, type WechatOauthOptions } from './gateways/wechat-oauth.ts';
import type { PaymentsService } from './payments.service.ts';

/** How long a 网页授权 state may be brought back. */
const STATE_TTL_MS = 10 * 60_000;
/** Used or expired states are deleted this long after they expired. */
const STATE_KEEP_MS = 24 * 60 * 60_000;

/** The refusal where the merchant's 微信支付 has no 公众号 for 微信内支付. */
export const WECHAT_JSAPI_UNAVAILABLE_MESSAGE =
  '本站暂未开通微信内支付，请点右上角「…」选择「在浏览器打开」后付款';

export interface WechatJsapiDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  gateways: PaymentGateways;
  payments: PaymentsService;
  oauth: WechatOauthOptions;
}

/** The signed-in session a state is bound to: the hash of its access token. */
export interface CustomerSession {
  tokenHash: string;
}

/** The merchant's 公众号 (网页授权 and the JSAPI trade's AppID). */
type OfficialAccount = { appId: string; appSecret: string };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class WechatJsapiService {
  constructor(private readonly deps: WechatJsapiDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * WechatJsapiPay: without the payer's openid at the merchant's 公众号, the 网页授权 link (back
   * to `ReturnPath`); with it, a JSAPI trade and the parameters of getBrandWCPayRequest.
   */
  async pay(
    owner: CustomerScope,
    session: CustomerSession,
    body: WechatJsapiPayBody,
    origin: string,
  ): Promise<WechatJsapiPay> {
    const { merchant, gateway, payment } = await this.deps.payments.payableAtGateway(
      owner,
      body.PaymentNo,
      'wechat',
    );
    const jsapi = await this.requireJsapi(owner, gateway);
    return this.payWith(owner, session, { merchant, ...jsapi }, payment, body.ReturnPath, origin);
  }

  /**
   * WechatJsapiRecharge: a recharge inside 微信 — refused, with nothing stored, where 微信内支付 is
   * not open; otherwise a new pending recharge payment, paid exactly as WechatJsapiPay pays one.
   * `ReturnPath` gets `no=<PaymentNo>`, so 网页授权 comes back to the page following the recharge.
   */
  async recharge(
    owner: CustomerScope,
    session: CustomerSession,
    body: WechatJsapiRechargeBody,
    origin: string,
  ): Promise<WechatJsapiPay> {
    const { merchant, gateway } = await this.deps.payments.gatewayOf(owner, 'wechat');
    const jsapi = await this.requireJsapi(owner, gateway);
    const payment = await this.deps.payments.createRecharge(owner, body.AmountFen);
    const back = new URL(body.ReturnPath, origin);
    back.searchParams.set('no', payment.payment_no);
    return this.payWith(
      owner,
      session,
      { merchant, ...jsapi },
      payment,
      `${back.pathname}${back.search}`,
      origin,
    );
  }

  /** The merchant's 微信支付 can take JSAPI trades: its 公众号 is the AppID bound to the 商户号. */
  private async requireJsapi(
    owner: CustomerScope,
    gateway: PaymentGateway,
  ): Promise<{ gateway: JsapiGateway; official: OfficialAccount }> {
    const official = isJsapiGateway(gateway)
      ? await this.deps.gateways.accounts.wechatOfficialAccount(owner.merchantId)
      : null;
    if (!official || !isJsapiGateway(gateway) || official.appId !== gateway.account.appId) {
      throw new AppError('PaymentMethodUnavailable', WECHAT_JSAPI_UNAVAILABLE_MESSAGE);
    }
    return { gateway, official };
  }

  /** 网页授权 link without the payer's openid, else a JSAPI trade and the bridge's parameters. */
  private async payWith(
    owner: CustomerScope,
    session: CustomerSession,
    {
      merchant,
      gateway,
      official,
    }: { merchant: GatewayMerchant; gateway: JsapiGateway; official: OfficialAccount },
    payment: PaymentRow,
    returnPath: string,
    origin: string,
  ): Promise<WechatJsapiPay> {
    const known = await this.db
      .selectFrom('wechat_payer_openids')
      .select('openid')
      .where('merchant_id', '=', owner.merchantId)
      .where('customer_id', '=', owner.customerId)
      .where('app_id', '=', official.appId)
      .executeTakeFirst();
    if (!known) {
      const state = await this.issueState(owner, session, payment.payment_no, official.appId);
      return {
        PaymentNo: payment.payment_no,
        AmountFen: payment.amount_fen,
        Step: 'authorize',
        AuthorizeUrl: wechatAuthorizeUrl(this.deps.oauth, official.appId, `${origin}${returnPath}`, state),
        Bridge: null,
        ExpiresAt: null,
      };
    }
    const { prepayId, expiresAt } = await this.deps.payments.openJsapiTrade(
      merchant,
      gateway,
      payment,
      origin,
      known.openid,
    );
    return {
      PaymentNo: payment.payment_no,
      AmountFen: payment.amount_fen,
      Step: 'pay',
      AuthorizeUrl: '',
      Bridge: gateway.bridgeParams(prepayId),
      ExpiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** A new state for 网页授权 (256 random bits, kept as a hash), and old ones of the merchant cleared. */
  private async issueState(
    owner: CustomerScope,
    session: CustomerSession,
    paymentNo: string,
    appId: string,
  ): Promise<string> {
    const now = this.deps.clock.now();
    await this.db
      .deleteFrom('wechat_oauth_states')
      .where('merchant_id', '=', owner.merchantId)
      .where('expires_at', '<', now - STATE_KEEP_MS)
      .execute();
    const state = randomBytes(32).toString('hex');
    await this.db
      .insertInto('wechat_oauth_states')
      .values({
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        state_hash: sha256(state),
        session_hash: sha256(session.tokenHash),
        payment_no: paymentNo,
        app_id: appId,
        expires_at: now + STATE_TTL_MS,
        used_at: null,
        created_at: now,
      })
      .execute();
    return state;
  }

  /**
   * WechatOauthCallback: the state must be one this server issued to this merchant, customer and
   * session, within ten minutes, and is used up by the first call that brings it (a conditional
   * update, so parallel replays cannot both pass); then 微信 exchanges the code (once) for the
   * openid, which is kept for the customer and 公众号.
   */
  async callback(
    owner: CustomerScope,
    session: CustomerSession,
    body: WechatOauthCallbackBody,
  ): Promise<WechatOauthCallback> {
    const now = this.deps.clock.now();
    const row = await this.db
      .selectFrom('wechat_oauth_states')
      .selectAll()
      .where('state_hash', '=', sha256(body.State))
      .executeTakeFirst();
    const refuse = (why: string, message: string): never => {
      this.deps.log.warn({ merchantId: owner.merchantId, why }, 'wechat oauth callback refused');
      throw new AppError('WechatAuthFailed', message);
    };
    if (
      !row ||
      row.merchant_id !== owner.merchantId ||
      row.customer_id !== owner.customerId ||
      row.session_hash !== sha256(session.tokenHash)
    ) {
      return refuse('state of another session', '微信授权不是本次登录发起的，请重新点击「微信支付」');
    }
    if (row.expires_at <= now) return refuse('state expired', '微信授权已过期，请重新点击「微信支付」');
    const taken = await this.db
      .updateTable('wechat_oauth_states')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      return refuse('state used', '微信授权已使用过，请重新点击「微信支付」');
    }
    const official = await this.deps.gateways.accounts.wechatOfficialAccount(owner.merchantId);
    if (!official || official.appId !== row.app_id) {
      throw new AppError('PaymentMethodUnavailable', WECHAT_JSAPI_UNAVAILABLE_MESSAGE);
    }
    let openid: string;
    try {
      ({ openid } = await exchangeWechatCode(this.deps.oauth, official, body.Code));
    } catch (error) {
      this.deps.log.warn({ merchantId: owner.merchantId, err: error }, 'wechat oauth code refused');
      const message = error instanceof GatewayError ? error.message : '微信网页授权没有应答';
      throw new AppError('WechatAuthFailed', `${message}，请重新点击「微信支付」`);
    }
    await this.db
      .insertInto('wechat_payer_openids')
      .values({
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        app_id: official.appId,
        openid,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(['merchant_id', 'customer_id', 'app_id']).doUpdateSet({ openid, updated_at: now }),
      )
      .execute();
    return { PaymentNo: row.payment_no, IsAuthorized: true };
  }
}
