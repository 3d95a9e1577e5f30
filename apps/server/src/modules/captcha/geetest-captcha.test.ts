import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import {
  TestClient,
  outboxCount,
  startTestServer,
  type CaptchaAnswer,
  type TestServer,
} from '../../test/harness.ts';

const GEETEST_ID = 'a'.repeat(32);
const GEETEST_KEY = 'k'.repeat(32);
const md5 = (value: string) => createHash('md5').update(value).digest('hex');

/**
 * A stand-in for geetest's v3 server API on 127.0.0.1: register.php hands out a 32-character
 * challenge, validate.php confirms a seccode the widget would have produced for a challenge it
 * issued (`{seccode: md5(seccode)}`) and answers `{seccode: 'false'}` to anything else.
 */
class FakeGeetest {
  down = false;
  readonly registered: URLSearchParams[] = [];
  readonly validated: URLSearchParams[] = [];
  private readonly server = http.createServer((request, response) => this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (this.down) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://geetest');
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && url.pathname === '/register.php') {
        this.registered.push(url.searchParams);
        if (url.searchParams.get('gt') !== GEETEST_ID) {
          response.end(JSON.stringify({ challenge: '0' }));
          return;
        }
        response.end(JSON.stringify({ challenge: randomBytes(16).toString('hex') }));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/validate.php') {
        const form = new URLSearchParams(body);
        this.validated.push(form);
        const challenge = form.get('challenge') ?? '';
        const seccode = form.get('seccode') ?? '';
        const good =
          form.get('captchaid') === GEETEST_ID &&
          seccode === `${md5(GEETEST_KEY + 'geetest' + challenge)}|jordan`;
        response.end(JSON.stringify({ seccode: good ? md5(seccode) : 'false' }));
        return;
      }
      response.statusCode = 404;
      response.end('{}');
    });
  }
}

const geetest = new FakeGeetest();
let server: TestServer;
beforeAll(async () => {
  const apiUrl = await geetest.start();
  server = await startTestServer({
    CAPTCHA_PROVIDER: 'geetest',
    GEETEST_ID,
    GEETEST_KEY,
    GEETEST_API_URL: apiUrl,
  });
});
afterAll(async () => {
  await server?.close();
  await geetest.close();
});
beforeEach(() => {
  geetest.down = false;
});

let lastIp = 0;
async function freshClient(): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, 'demo.localhost', `198.51.100.${lastIp}`);
  await client.start();
  return client;
}

/** What geetest's browser widget hands back after a solved puzzle. */
function widgetAnswer(challenge: string, sessionId = challenge): CaptchaAnswer {
  const validate = md5(GEETEST_KEY + 'geetest' + challenge);
  return { SessionId: sessionId, Challenge: challenge, Validate: validate, Seccode: `${validate}|jordan` };
}

describe('geetest v3 captcha', () => {
  it('starts a check with geetest and sends the code for a solved one, once', async () => {
    const client = await freshClient();
    const captcha = await client.get('/api/common/GetCaptcha');
    expect(captcha).toMatchObject({
      success: true,
      data: { provider: 'geetest', gt: GEETEST_ID, success: 1, slider: null },
    });
    expect(captcha.data.challenge).toMatch(/^[0-9a-f]{32}$/);
    expect(captcha.data.sessionId).toBe(captcha.data.challenge);
    expect(geetest.registered.at(-1)?.get('gt')).toBe(GEETEST_ID);
    expect(geetest.registered.at(-1)?.get('ip_address')).toBe(client.ip);

    const answer = widgetAnswer(captcha.data.challenge, captcha.data.sessionId);
    const sent = await client.sendSmsWith(answer, '13600000001');
    expect(sent).toMatchObject({ success: true, apiCode: 0 });
    expect(await outboxCount(server, '13600000001')).toBe(1);
    expect(geetest.validated.at(-1)?.get('seccode')).toBe(answer.Seccode);
    expect(geetest.validated.at(-1)?.get('challenge')).toBe(answer.Challenge);

    const reused = await client.sendSmsWith(answer, '13600000002');
    expect(reused).toMatchObject({ success: false, apiCode: ApiCode.CaptchaUsed, data: null });
    expect(await outboxCount(server, '13600000002')).toBe(0);
  });

  it('refuses a wrong validate without asking geetest', async () => {
    const client = await freshClient();
    const captcha = await client.get('/api/common/GetCaptcha');
    const validated = geetest.validated.length;
    const forged = md5('someone else' + captcha.data.challenge);
    const reply = await client.sendSmsWith(
      { ...widgetAnswer(captcha.data.challenge), Validate: forged, Seccode: `${forged}|jordan` },
      '13600000003',
    );
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.CaptchaInvalid, data: null });
    expect(geetest.validated.length).toBe(validated);
    expect(await outboxCount(server, '13600000003')).toBe(0);
  });

  it('refuses a seccode geetest does not confirm', async () => {
    const client = await freshClient();
    const captcha = await client.get('/api/common/GetCaptcha');
    const reply = await client.sendSmsWith(
      { ...widgetAnswer(captcha.data.challenge), Seccode: `${'0'.repeat(32)}|jordan` },
      '13600000004',
    );
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.CaptchaInvalid, data: null });
    expect(geetest.validated.at(-1)?.get('challenge')).toBe(captcha.data.challenge);
    expect(await outboxCount(server, '13600000004')).toBe(0);
  });

  it('refuses an answer for an unknown challenge or one left empty', async () => {
    const client = await freshClient();
    const unknown = await client.sendSmsWith(widgetAnswer('f'.repeat(32)), '13600000005');
    expect(unknown.apiCode).toBe(ApiCode.CaptchaInvalid);
    const missing = await client.sendSmsWith(
      { SessionId: '', Challenge: '', Validate: '', Seccode: '' },
      '13600000005',
    );
    expect(missing.apiCode).toBe(ApiCode.CaptchaRequired);
    expect(await outboxCount(server, '13600000005')).toBe(0);
  });

  it('falls back when geetest is unreachable and refuses SendSms', async () => {
    const client = await freshClient();
    geetest.down = true;
    const captcha = await client.get('/api/common/GetCaptcha');
    expect(captcha).toMatchObject({
      success: true,
      data: { provider: 'geetest', gt: GEETEST_ID, success: 0 },
    });
    const reply = await client.sendSmsWith(widgetAnswer(captcha.data.challenge), '13600000006');
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.CaptchaInvalid, data: null });
    expect(await outboxCount(server, '13600000006')).toBe(0);
  });

  it('refuses SendSms when geetest goes down between the check and the answer', async () => {
    const client = await freshClient();
    const captcha = await client.get('/api/common/GetCaptcha');
    expect(captcha.data.success).toBe(1);
    geetest.down = true;
    const answer = widgetAnswer(captcha.data.challenge);
    const reply = await client.sendSmsWith(answer, '13600000007');
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.CaptchaInvalid, data: null });
    expect(await outboxCount(server, '13600000007')).toBe(0);

    geetest.down = false;
    expect((await client.sendSmsWith(answer, '13600000007')).success).toBe(true);
  });
});
