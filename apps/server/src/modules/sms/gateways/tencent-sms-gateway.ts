import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { LookupFunction } from 'node:net';
import type * as TencentSmsModule from 'tencentcloud-sdk-nodejs-sms';
import {
  SmsGatewayError,
  withDeadline,
  withoutQuery,
  type GatewayAccount,
  type GatewayEndpoint,
  type GatewayMessage,
  type GatewayReceipt,
  type SmsGateway,
} from './sms-gateway.ts';

type TencentSms = typeof TencentSmsModule;

/** CommonJS, loaded with `require` at the first send (see aliyun-sms-gateway.ts). */
let sdk: TencentSms | null = null;
function loadSdk(): TencentSms {
  sdk ??= createRequire(import.meta.url)('tencentcloud-sdk-nodejs-sms') as TencentSms;
  return sdk;
}

/**
 * Names under `.localhost` are this machine (RFC 6761). The SDK names the signed service after
 * the endpoint's first label (`sms.…`), so a test double on this machine is reached as
 * `sms.localhost:PORT`, which the system resolver may not know.
 */
const lookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    if (options.all) {
      (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [
        { address: '127.0.0.1', family: 4 },
      ]);
    } else {
      callback(null, '127.0.0.1', 4);
    }
    return;
  }
  (dns.lookup as unknown as LookupFunction)(hostname, options, callback);
};

/**
 * Tencent Cloud SMS (短信, API version 2021-01-11) through its official SDK,
 * `tencentcloud-sdk-nodejs-sms`: SendSms with the merchant's SecretId/SecretKey, signed by the SDK
 * (TC3-HMAC-SHA256). The template's parameters go in order (TemplateParamSet), the number with
 * +86.
 */
export class TencentSmsGateway implements SmsGateway {
  readonly provider = 'tencent';
  private readonly host: string;
  private readonly protocol: string;
  private readonly agent: http.Agent;

  constructor(private readonly endpoint: GatewayEndpoint) {
    const url = new URL(endpoint.url);
    this.host = url.host;
    this.protocol = url.protocol === 'http:' ? 'http://' : 'https://';
    this.agent =
      url.protocol === 'http:'
        ? new http.Agent({ keepAlive: true, lookup })
        : new https.Agent({ keepAlive: true, lookup });
  }

  async send(account: GatewayAccount, message: GatewayMessage): Promise<GatewayReceipt> {
    const client = new (loadSdk().sms.v20210111.Client)({
      credential: { secretId: account.accessKeyId, secretKey: account.accessKeySecret },
      region: account.region || 'ap-guangzhou',
      profile: {
        httpProfile: {
          endpoint: this.host,
          protocol: this.protocol,
          reqMethod: 'POST',
          reqTimeout: this.endpoint.timeoutMs / 1000,
          agent: this.agent,
        },
      },
    });
    let reply;
    try {
      reply = await withDeadline(
        client.SendSms({
          PhoneNumberSet: [`+86${message.mobileNo}`],
          SmsSdkAppId: account.sdkAppId,
          SignName: account.signName,
          TemplateId: message.template,
          TemplateParamSet: message.params.map(([, value]) => value),
        }),
        this.endpoint.timeoutMs + 1000,
      );
    } catch (error) {
      throw toGatewayError(error);
    }
    // A request accepted as a whole still says per number whether it was sent.
    const status = reply.SendStatusSet?.[0];
    if (!status || status.Code !== 'Ok') {
      throw new SmsGatewayError('rejected', status?.Code ?? 'EmptyResponse', status?.Message ?? '');
    }
    return { messageId: status.SerialNo ?? '' };
  }
}

/** The SDK's error as ours: a refusal with Tencent's code, a time-out, or no connection. */
function toGatewayError(error: unknown): SmsGatewayError {
  if (error instanceof SmsGatewayError) return error;
  const failure = (error ?? {}) as { code?: unknown; httpCode?: unknown; message?: string };
  const message = withoutQuery(String(failure.message ?? error));
  if (typeof failure.code === 'string' && failure.code !== '') {
    return new SmsGatewayError('rejected', failure.code, message);
  }
  if (typeof failure.httpCode === 'number') {
    return new SmsGatewayError('rejected', `HTTP ${failure.httpCode}`, message);
  }
  if (/timeout/i.test(message)) return new SmsGatewayError('timeout', 'Timeout', message);
  return new SmsGatewayError('unreachable', 'Network', message);
}
