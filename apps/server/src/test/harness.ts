import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { createDatabase } from '../db/database.ts';
import { ManualClock } from '../lib/clock.ts';

/**
 * A real server on a fresh database for one test file: SQLite in a temp directory by default,
 * or its own PostgreSQL schema when TEST_DB=postgres (PG_TEST_URL, default the local `test`
 * database as user root). Requests go through Fastify's real HTTP handling via inject.
 */
export interface TestServer {
  app: FastifyInstance;
  context: ServerContext;
  clock: ManualClock;
  close(): Promise<void>;
}

export const isPostgres = process.env.TEST_DB === 'postgres';
const PG_URL = process.env.PG_TEST_URL ?? 'postgres://root@127.0.0.1:5432/test';

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const config: Config = { ...loadConfig({}), LOG_LEVEL: 'silent', ...overrides };
  const clock = new ManualClock();
  let cleanup: () => Promise<void>;
  let db;
  if (isPostgres) {
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = createDatabase({ url: PG_URL, file: '', schema });
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-test-'));
    db = createDatabase({ url: '', file: path.join(dir, 'test.sqlite') });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const { app, context } = await buildApp({ config, db, clock, logger: false });
  await app.ready();
  return {
    app,
    context,
    clock,
    async close() {
      await app.close();
      await db.destroy();
      await cleanup();
    },
  };
}

export interface Envelope<T = any> {
  success: boolean;
  data: T;
  message: string;
  apiCode: number;
}

/** A browser-like client of one merchant: it keeps the app and access tokens it is given. */
export class TestClient {
  authtoken = '';
  accesstoken = '';
  appId = '';

  constructor(
    private readonly server: TestServer,
    readonly host: string,
    readonly ip = '203.0.113.10',
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      host: this.host,
      ...(this.authtoken ? { authtoken: this.authtoken } : {}),
      ...(this.accesstoken ? { accesstoken: this.accesstoken } : {}),
      ...extra,
    };
  }

  async post<T = any>(
    url: string,
    bizcontent: unknown,
    extra: Record<string, string> = {},
  ): Promise<Envelope<T>> {
    const response = await this.server.app.inject({
      method: 'POST',
      url,
      headers: this.headers(extra),
      payload: { bizcontent },
      remoteAddress: this.ip,
    });
    return response.json();
  }

  async get<T = any>(url: string, query: Record<string, string> = {}): Promise<Envelope<T>> {
    const response = await this.server.app.inject({
      method: 'GET',
      url,
      query,
      headers: this.headers(),
      remoteAddress: this.ip,
    });
    return response.json();
  }

  /** The start sequence of spec §4: company info by host, then the app token. */
  async start(): Promise<void> {
    const company = await this.post('/api/common/CheckDomainName', { domainName: this.host });
    if (!company.success) throw new Error(company.message);
    this.appId = company.data.AppId;
    const response = await this.server.app.inject({
      method: 'POST',
      url: '/api/oauth/RequestOauthToken',
      headers: { host: this.host },
      payload: { appid: company.data.AppId, bizcontent: { secret: company.data.AppSecret } },
    });
    const token = response.json() as Envelope;
    if (!token.success) throw new Error(token.message);
    this.authtoken = token.data.Token;
  }

  /** Solves the built-in slider by reading the answer the server stored. */
  async solveCaptcha(): Promise<{ SessionId: string; Challenge: string; Validate: string; Seccode: string }> {
    const captcha = await this.get('/api/common/GetCaptcha');
    if (!captcha.success) throw new Error(captcha.message);
    const row = await this.server.context.db
      .selectFrom('captchas')
      .select('answer_x')
      .where('challenge', '=', captcha.data.challenge)
      .executeTakeFirstOrThrow();
    const result = await this.post('/api/common/VerifyCaptcha', {
      challenge: captcha.data.challenge,
      x: row.answer_x + 2,
      durationMs: 900,
      trail: [],
    });
    if (!result.success) throw new Error(result.message);
    return {
      SessionId: captcha.data.sessionId,
      Challenge: result.data.geetest_challenge,
      Validate: result.data.geetest_validate,
      Seccode: result.data.geetest_seccode,
    };
  }

  async sendSms(mobileNo: string, messageType = 1): Promise<Envelope> {
    const answer = await this.solveCaptcha();
    return this.post('/api/common/SendSms', {
      MobileNo: mobileNo,
      MessageType: messageType,
      RoleType: 4,
      ...answer,
    });
  }

  /** The code in the newest outbox message to this number. */
  async latestSmsCode(mobileNo: string): Promise<string> {
    const row = await this.server.context.db
      .selectFrom('sms_outbox')
      .select('content')
      .where('mobile_no', '=', mobileNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1]!;
  }

  async register(mobileNo: string, password = 'Print2026'): Promise<Envelope> {
    const sent = await this.sendSms(mobileNo, 1);
    if (!sent.success) throw new Error(sent.message);
    const code = await this.latestSmsCode(mobileNo);
    return this.post('/api/cust/Register', {
      MobileNo: mobileNo,
      SmsCode: code,
      Password: password,
      ConfirmPassword: password,
    });
  }

  async login(account: string, password: string, rememberMe = false): Promise<Envelope> {
    const result = await this.post('/api/oauth/RequestAccessToken', {
      LoginType: 1,
      Account: account,
      Password: password,
      RememberMe: rememberMe,
    });
    if (result.success) this.accesstoken = result.data.AccessToken;
    return result;
  }
}
