/**
 * Stand-ins for Alibaba Cloud SMS and Tencent Cloud SMS on this machine (docs/sms.md), for the
 * tests and for trying the server without a provider account. Each listens on 127.0.0.1, checks
 * every request's signature the way the real API does — Alibaba's ACS3-HMAC-SHA256, Tencent's
 * TC3-HMAC-SHA256, computed here from the published algorithms, not with the SDKs — and answers
 * SendSms in the real API's shape: success, business refusals (unknown signature or template,
 * missing template parameters, a bad number, flow control) and authentication errors. A test can
 * make the next answers fail or hang.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An account at the fake provider: its secret, approved signatures and templates. */
export interface FakeSmsAccount {
  /** Alibaba AccessKey ID / Tencent SecretId. */
  id: string;
  /** Alibaba AccessKey Secret / Tencent SecretKey. */
  secret: string;
  /** Tencent: the SMS application's SDK AppID. */
  sdkAppId?: string;
  /** Approved signatures; any when absent. */
  signNames?: string[];
  /** Approved templates and the names of their parameters, in order; any when absent. */
  templates?: Record<string, string[]>;
}

/** One message the fake accepted and "sent". */
export interface FakeSms {
  accountId: string;
  mobileNo: string;
  signName: string;
  template: string;
  /** Alibaba: the TemplateParam object; Tencent: {1: …, 2: …} from TemplateParamSet. */
  params: Record<string, string>;
  messageId: string;
}

/** What the next request gets instead of the normal answer. */
export type FakeFault =
  /** A business refusal with this provider error code. */
  | { code: string; message?: string }
  /** No answer at all (the client times out). */
  | 'hang';

interface ReceivedRequest {
  method: string;
  rawUrl: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

abstract class FakeSmsProvider {
  readonly sent: FakeSms[] = [];
  /** Every request that arrived, signed correctly or not. */
  requests = 0;
  /** Requests refused for their signature or credentials. */
  readonly authFailures: string[] = [];
  /** Milliseconds each answer waits (to widen races in tests). */
  delayMs = 0;
  protected readonly accounts = new Map<string, FakeSmsAccount>();
  private readonly faults: FakeFault[] = [];
  private server: http.Server | null = null;
  private port = 0;

  addAccount(account: FakeSmsAccount): void {
    this.accounts.set(account.id, account);
  }

  /** The next `count` requests (after authentication) get `fault`. */
  failNext(fault: FakeFault, count = 1): void {
    for (let i = 0; i < count; i++) this.faults.push(fault);
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  protected takeFault(): FakeFault | undefined {
    return this.faults.shift();
  }

  /** The messages sent to one number, oldest first. */
  sentTo(mobileNo: string): FakeSms[] {
    return this.sent.filter((sms) => sms.mobileNo === mobileNo);
  }

  protected abstract readonly hostName: string;

  /** Where the server's SMS_*_ENDPOINT should point. */
  get url(): string {
    return `http://${this.hostName}:${this.port}`;
  }

  async start(port = 0): Promise<this> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests += 1;
        const received: ReceivedRequest = {
          method: request.method ?? 'GET',
          rawUrl: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks),
        };
        void this.answer(received).then((answer) => {
          if (answer === 'hang') return;
          const send = () => {
            response.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
            response.end(JSON.stringify(answer.body));
          };
          if (this.delayMs > 0) setTimeout(send, this.delayMs);
          else send();
        });
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  protected abstract answer(request: ReceivedRequest): Promise<{ status: number; body: unknown } | 'hang'>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding, as Alibaba Cloud's signature specification asks. */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function header(headers: http.IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
}

/** The query of a raw request URL as decoded pairs (form-style `+` is a space). */
function queryPairs(rawUrl: string): [string, string][] {
  const index = rawUrl.indexOf('?');
  if (index < 0) return [];
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
  return rawUrl
    .slice(index + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const equals = part.indexOf('=');
      return equals < 0
        ? [decode(part), '']
        : [decode(part.slice(0, equals)), decode(part.slice(equals + 1))];
    });
}

/**
 * Alibaba Cloud SMS, API 2017-05-25, with the V3 request signature (ACS3-HMAC-SHA256): the
 * canonical request (method, path, sorted and encoded query, the signed headers, the body's
 * SHA-256), its SHA-256 signed with HMAC-SHA256 under the AccessKey Secret.
 */
export class FakeAliyunSms extends FakeSmsProvider {
  protected readonly hostName = '127.0.0.1';
  private readonly nonces = new Set<string>();

  protected async answer(request: ReceivedRequest) {
    const requestId = randomUUID().toUpperCase();
    const refuse = (status: number, code: string, message: string) => {
      this.authFailures.push(code);
      return {
        status,
        body: { RequestId: requestId, HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message },
      };
    };
    const authorization = header(request.headers, 'authorization');
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
    if (!match)
      return refuse(
        400,
        'IncompleteSignature',
        'The request signature does not conform to Aliyun standards.',
      );
    const [, accessKeyId, signedHeaderList, signature] = match as unknown as [string, string, string, string];
    const account = this.accounts.get(accessKeyId);
    if (!account) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');

    const signedHeaders = signedHeaderList.split(';');
    for (const required of [
      'host',
      'x-acs-action',
      'x-acs-version',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-content-sha256',
    ]) {
      if (!signedHeaders.includes(required)) {
        return refuse(400, 'IncompleteSignature', `The header ${required} is not signed.`);
      }
    }
    const bodyHash = sha256Hex(request.body);
    if (header(request.headers, 'x-acs-content-sha256') !== bodyHash) {
      return refuse(
        400,
        'SignatureDoesNotMatch',
        'The x-acs-content-sha256 header is not the hash of the body.',
      );
    }
    const path = request.rawUrl.split('?')[0] || '/';
    const canonicalQuery = queryPairs(request.rawUrl)
      .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    const canonicalHeaders = [...signedHeaders]
      .sort()
      .map((name) => `${name}:${header(request.headers, name)}\n`)
      .join('');
    const canonicalRequest = [
      request.method,
      path,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders.join(';'),
      bodyHash,
    ].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac('sha256', account.secret).update(stringToSign).digest('hex');
    if (expected !== signature) {
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const date = Date.parse(header(request.headers, 'x-acs-date'));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) {
      return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    const nonce = header(request.headers, 'x-acs-signature-nonce');
    if (this.nonces.has(nonce))
      return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    this.nonces.add(nonce);
    if (
      header(request.headers, 'x-acs-action') !== 'SendSms' ||
      header(request.headers, 'x-acs-version') !== '2017-05-25'
    ) {
      return refuse(
        400,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    }

    const fault = this.takeFault();
    if (fault === 'hang') return 'hang' as const;
    const business = (code: string, message: string) => ({
      status: 200,
      body: { RequestId: requestId, Code: code, Message: message },
    });
    if (fault) return business(fault.code, fault.message ?? fault.code);

    const params = new Map(queryPairs(request.rawUrl));
    for (const [key, value] of new URLSearchParams(request.body.toString('utf8'))) params.set(key, value);
    const mobileNo = params.get('PhoneNumbers') ?? '';
    const signName = params.get('SignName') ?? '';
    const template = params.get('TemplateCode') ?? '';
    if (!/^1\d{10}$/.test(mobileNo)) return business('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (account.signNames && !account.signNames.includes(signName)) {
      return business('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    }
    const names = account.templates?.[template];
    if (account.templates && !names) return business('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let templateParams: Record<string, string>;
    try {
      templateParams = JSON.parse(params.get('TemplateParam') ?? '{}') as Record<string, string>;
    } catch {
      return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (
      names &&
      names.some((name) => typeof templateParams[name] !== 'string' || templateParams[name] === '')
    ) {
      return business('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
    }
    const messageId = `${Math.floor(Math.random() * 1e15)}^0`;
    this.sent.push({
      accountId: accessKeyId,
      mobileNo,
      signName,
      template,
      params: templateParams,
      messageId,
    });
    return { status: 200, body: { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: messageId } };
  }
}

/**
 * Tencent Cloud SMS, API 2021-01-11, with the TC3-HMAC-SHA256 signature: the canonical request
 * (method, path, query, the signed headers in lower case, the body's SHA-256), signed under a key
 * derived from the SecretKey by the date, the service (`sms`) and `tc3_request`. Reached as
 * `sms.localhost` so the SDK signs for the service `sms`, as it does at sms.tencentcloudapi.com.
 */
export class FakeTencentSms extends FakeSmsProvider {
  protected readonly hostName = 'sms.localhost';

  protected async answer(request: ReceivedRequest) {
    const requestId = randomUUID();
    const error = (code: string, message: string) => ({
      status: 200,
      body: { Response: { Error: { Code: code, Message: message }, RequestId: requestId } },
    });
    const refuse = (code: string, message: string) => {
      this.authFailures.push(code);
      return error(code, message);
    };
    const authorization = header(request.headers, 'authorization');
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([\w-]+)\/tc3_request, SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return refuse('AuthFailure.InvalidAuthorization', 'Authorization is invalid.');
    const [, secretId, date, service, signedHeaderList, signature] = match as unknown as string[];
    const account = this.accounts.get(secretId!);
    if (!account) return refuse('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    if (service !== 'sms')
      return refuse('AuthFailure.InvalidAuthorization', `The service ${service} is not sms.`);
    const signedHeaders = signedHeaderList!.split(';');
    if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host')) {
      return refuse('AuthFailure.InvalidAuthorization', 'content-type and host must be signed.');
    }
    const timestamp = Number(header(request.headers, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return refuse('AuthFailure.SignatureExpire', 'Signature expired.');
    }
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
      return refuse('AuthFailure.InvalidAuthorization', 'The credential date is not the timestamp’s date.');
    }
    // The host as the real endpoint sees it: without a port (it is served on 443).
    const value = (name: string) =>
      (name === 'host'
        ? header(request.headers, 'host').replace(/:\d+$/, '')
        : header(request.headers, name)
      ).toLowerCase();
    const [path, query = ''] = request.rawUrl.split('?') as [string, string?];
    const canonicalRequest = [
      request.method,
      path || '/',
      query,
      signedHeaders.map((name) => `${name}:${value(name)}\n`).join(''),
      signedHeaders.join(';'),
      sha256Hex(request.body),
    ].join('\n');
    const scope = `${date}/${service}/tc3_request`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
    const signingKey = hmac(hmac(hmac(`TC3${account.secret}`, date!), service!), 'tc3_request');
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    if (expected !== signature) {
      return refuse(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    }
    if (
      header(request.headers, 'x-tc-action') !== 'SendSms' ||
      header(request.headers, 'x-tc-version') !== '2021-01-11'
    ) {
      return error('InvalidAction', 'The action is not SendSms of 2021-01-11.');
    }
    if (!['ap-guangzhou', 'ap-beijing', 'ap-nanjing'].includes(header(request.headers, 'x-tc-region'))) {
      return error('InvalidParameterValue.InvalidRegion', 'The region is not supported.');
    }

    const fault = this.takeFault();
    if (fault === 'hang') return 'hang' as const;
    if (fault && !fault.code.startsWith('LimitExceeded.PhoneNumber')) {
      return error(fault.code, fault.message ?? fault.code);
    }
    let body: {
      PhoneNumberSet?: string[];
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    try {
      body = JSON.parse(request.body.toString('utf8')) as typeof body;
    } catch {
      return error('InvalidParameter', 'The body is not JSON.');
    }
    if (account.sdkAppId && body.SmsSdkAppId !== account.sdkAppId) {
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail.');
    }
    if (account.signNames && !account.signNames.includes(body.SignName ?? '')) {
      return error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    }
    const names = account.templates?.[body.TemplateId ?? ''];
    if (account.templates && !names) {
      return error('FailedOperation.TemplateIncorrectOrUnapproved', '模版未审批或内容不合法。');
    }
    const values = body.TemplateParamSet ?? [];
    if (names && values.length !== names.length) {
      return error(
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        '请求内容与审核通过的模板内容不匹配。',
      );
    }
    const statuses = (body.PhoneNumberSet ?? []).map((phone) => {
      const status = {
        SerialNo: `${Math.floor(Math.random() * 1e10)}:${Math.floor(Math.random() * 1e15)}`,
        PhoneNumber: phone,
        Fee: 1,
        SessionContext: '',
        Code: 'Ok',
        Message: 'send success',
        IsoCode: 'CN',
      };
      if (fault)
        return { ...status, SerialNo: '', Fee: 0, Code: fault.code, Message: fault.message ?? fault.code };
      if (!/^\+861\d{10}$/.test(phone)) {
        return {
          ...status,
          SerialNo: '',
          Fee: 0,
          Code: 'InvalidParameterValue.IncorrectPhoneNumber',
          Message: '手机号格式错误。',
        };
      }
      this.sent.push({
        accountId: secretId!,
        mobileNo: phone.slice(3),
        signName: body.SignName ?? '',
        template: body.TemplateId ?? '',
        params: Object.fromEntries(values.map((item, index) => [String(index + 1), item])),
        messageId: status.SerialNo,
      });
      return status;
    });
    return { status: 200, body: { Response: { SendStatusSet: statuses, RequestId: requestId } } };
  }
}
