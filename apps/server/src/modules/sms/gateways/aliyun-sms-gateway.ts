import { createRequire } from 'node:module';
import type * as DysmsApiModule from '@alicloud/dysmsapi20170525';
import type * as OpenApiCoreModule from '@alicloud/openapi-core';
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

type DysmsApi = typeof DysmsApiModule;
type OpenApiCore = typeof OpenApiCoreModule;

/**
 * The SDKs are CommonJS; `require` gives the same module object under Node, the bundle and the
 * test runner (an ESM default import of them does not). Loaded at the first send only.
 */
let sdk: { dysms: DysmsApi; core: OpenApiCore } | null = null;
function loadSdk(): { dysms: DysmsApi; core: OpenApiCore } {
  if (!sdk) {
    const require = createRequire(import.meta.url);
    sdk = {
      dysms: require('@alicloud/dysmsapi20170525') as DysmsApi,
      core: require('@alicloud/openapi-core') as OpenApiCore,
    };
  }
  return sdk;
}

/**
 * Alibaba Cloud SMS (短信服务, API version 2017-05-25) through its official SDK,
 * `@alicloud/dysmsapi20170525`: SendSms with the merchant's AccessKey, signed by the SDK
 * (ACS3-HMAC-SHA256). The template's parameters go as named JSON (TemplateParam).
 */
export class AliyunSmsGateway implements SmsGateway {
  readonly provider = 'aliyun';
  private readonly host: string;
  private readonly protocol: string;

  constructor(private readonly endpoint: GatewayEndpoint) {
    const url = new URL(endpoint.url);
    this.host = url.host;
    this.protocol = url.protocol.replace(':', '');
  }

  async send(account: GatewayAccount, message: GatewayMessage): Promise<GatewayReceipt> {
    const { dysms, core } = loadSdk();
    const client = new dysms.default(
      new core.$OpenApiUtil.Config({
        accessKeyId: account.accessKeyId,
        accessKeySecret: account.accessKeySecret,
        endpoint: this.host,
        protocol: this.protocol,
        regionId: 'cn-hangzhou',
        connectTimeout: this.endpoint.timeoutMs,
        readTimeout: this.endpoint.timeoutMs,
      }),
    );
    const request = new dysms.SendSmsRequest({
      phoneNumbers: message.mobileNo,
      signName: account.signName,
      templateCode: message.template,
      templateParam: JSON.stringify(Object.fromEntries(message.params)),
    });
    let body;
    try {
      ({ body } = await withDeadline(client.sendSms(request), this.endpoint.timeoutMs + 1000));
    } catch (error) {
      throw toGatewayError(error);
    }
    // Business refusals (template, signature, flow control) come back as HTTP 200 with a Code.
    if (!body || body.code !== 'OK') {
      throw new SmsGatewayError('rejected', body?.code ?? 'EmptyResponse', body?.message ?? '');
    }
    return { messageId: body.bizId ?? '' };
  }
}

/** The SDK's error as ours: a refusal with Alibaba's code, a time-out, or no connection. */
function toGatewayError(error: unknown): SmsGatewayError {
  if (error instanceof SmsGatewayError) return error;
  const failure = (error ?? {}) as { name?: string; code?: unknown; message?: string; data?: unknown };
  // The SDK's own messages carry the request URL, whose query holds the template's parameters
  // (a verification code): it never reaches the log or the delivery record.
  const message = withoutQuery(String(failure.message ?? error));
  if (failure.name === 'RequestTimeoutError') return new SmsGatewayError('timeout', 'Timeout', message);
  const data = failure.data as { Code?: string; Message?: string } | undefined;
  if (typeof failure.code === 'string' && failure.name !== 'Error') {
    // ClientError, ServerError, ThrottlingError: the API answered with an error code.
    return new SmsGatewayError('rejected', data?.Code ?? failure.code, data?.Message ?? message);
  }
  if (/timeout/i.test(message)) return new SmsGatewayError('timeout', 'Timeout', message);
  return new SmsGatewayError(
    'unreachable',
    typeof failure.code === 'string' ? failure.code : 'Network',
    message,
  );
}
