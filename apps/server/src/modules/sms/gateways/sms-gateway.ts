/**
 * An SMS gateway of a merchant's own account (docs/sms.md): the message is a template approved at
 * the provider, with the merchant's signature, filled with named parameters. Each adapter speaks
 * its provider's published API through the provider's official SDK.
 */

/** The account and addressing of one merchant at one provider. */
export interface GatewayAccount {
  accessKeyId: string;
  accessKeySecret: string;
  /** Tencent Cloud: the SMS application's SDK AppID. */
  sdkAppId: string;
  /** Tencent Cloud: the API region. */
  region: string;
  signName: string;
}

/**
 * One message: a template and its parameters by name, in the template's order (Tencent Cloud's
 * templates number their parameters {1}, {2}…; Alibaba Cloud's name them ${code}, ${order}…).
 */
export interface GatewayMessage {
  mobileNo: string;
  template: string;
  params: readonly (readonly [name: string, value: string])[];
}

export interface GatewayReceipt {
  /** The provider's receipt: Alibaba's BizId, Tencent's SerialNo. */
  messageId: string;
}

export interface SmsGateway {
  readonly provider: 'aliyun' | 'tencent';
  send(account: GatewayAccount, message: GatewayMessage): Promise<GatewayReceipt>;
}

/** A merchant's gateway, ready to send: the provider, the account, and a template per purpose. */
export interface MerchantGateway {
  provider: 'aliyun' | 'tencent';
  account: GatewayAccount;
  /** Template code or id by purpose (register, login, reset_password, order_shipped); '' none. */
  templates: Record<string, string>;
}

/** Where a gateway is and how long it may take (configuration). */
export interface GatewayEndpoint {
  /** `https://dysmsapi.aliyuncs.com`, or a test double's `http://127.0.0.1:PORT`. */
  url: string;
  timeoutMs: number;
}

/**
 * The gateway did not send: it refused (`rejected`, with its error code), did not answer in time
 * (`timeout`: it may still deliver, but the customer is told to retry), or could not be reached.
 */
export class SmsGatewayError extends Error {
  constructor(
    readonly kind: 'rejected' | 'timeout' | 'unreachable',
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}

/** An error message without the query of any URL in it (it may carry a verification code). */
export function withoutQuery(message: string): string {
  return message.replace(/(https?:\/\/[^\s?]*)\?\S*/g, '$1');
}

/** `promise`, or a timeout error once `ms` have passed (a guard beyond the SDK's own time-outs). */
export async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new SmsGatewayError('timeout', 'Timeout', `no answer within ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
