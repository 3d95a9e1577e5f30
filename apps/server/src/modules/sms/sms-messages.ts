import { SMS_PROVIDERS, type SmsPurpose } from '@inkstone/contracts';

/** The provider's Chinese name (阿里云短信…), '' the outbox. */
export function providerName(provider: string): string {
  return SMS_PROVIDERS.find((entry) => entry.value === provider)?.name ?? provider;
}

/** How long a verification code lives, in minutes (SMS_CODE_TTL_MS). */
export const CODE_MINUTES = 5;

/**
 * One text message before it is sent: its purpose (which of the merchant's templates), the
 * parameters each provider's template takes, and the whole text the outbox shows.
 * docs/sms.md lists the parameters a merchant's templates must have.
 */
export interface OutgoingSms {
  purpose: SmsPurpose;
  /** The parameters of the provider's template, in order, by name. */
  params(provider: 'aliyun' | 'tencent'): [name: string, value: string][];
  /** The text the outbox stores and logs (a gateway sends its own template's text). */
  content: string;
  /** What the message is about, for the delivery log (an order number); '' for codes. */
  reference: string;
}

const CODE_PURPOSE_NAMES: Record<string, string> = {
  register: '注册',
  login: '登录',
  reset_password: '找回密码',
};

/**
 * A verification code. Alibaba Cloud: `${code}`. Tencent Cloud: {1} the code, {2} the minutes
 * it is valid (the shape of Tencent's own verification templates).
 */
export function verificationSms(
  merchantName: string,
  purpose: 'register' | 'login' | 'reset_password',
  code: string,
): OutgoingSms {
  return {
    purpose,
    params: (provider) =>
      provider === 'aliyun'
        ? [['code', code]]
        : [
            ['code', code],
            ['minutes', String(CODE_MINUTES)],
          ],
    content: `【${merchantName}】您的${CODE_PURPOSE_NAMES[purpose]}验证码是${code}，${CODE_MINUTES}分钟内有效，请勿告诉他人。`,
    reference: '',
  };
}

/**
 * 已发货: the order, the express company and the tracking number. Alibaba Cloud: `${order}`,
 * `${company}`, `${number}`. Tencent Cloud: {1} order, {2} company, {3} number.
 */
export function orderShippedSms(
  merchantName: string,
  order: { orderNo: string; expressCompany: string; trackingNo: string },
): OutgoingSms {
  const company = order.expressCompany || '快递';
  const params: [string, string][] = [
    ['order', order.orderNo],
    ['company', company],
    ['number', order.trackingNo],
  ];
  return {
    purpose: 'order_shipped',
    params: () => params,
    content: `【${merchantName}】您的订单${order.orderNo}已发货，${company}，运单号${order.trackingNo}，请注意查收。`,
    reference: order.orderNo,
  };
}
