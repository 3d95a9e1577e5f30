import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, withoutRateLimits, type Config } from '../config.ts';
import type { Services } from '../composition.ts';
import type { ServerContext } from '../context.ts';
import { createDatabase, migrateToLatest, type Db } from '../db/database.ts';
import { ManualClock } from '../lib/clock.ts';
import { adminQuery, copyTemplateRows, isPostgres, PG_URL } from './seeded-template.ts';

export { isPostgres, PG_URL };

/**
 * A real server on a fresh database for one test file: SQLite in a temp directory by default,
 * or its own PostgreSQL schema when TEST_DB=postgres (PG_TEST_URL, default the local `test`
 * database as user root). Requests go through Fastify's real HTTP handling via inject. The
 * database starts with the demo data the run seeded once (test/seeded-template.ts), as a server
 * restarted on seeded data finds it; with SEED_DEMO off it starts empty.
 */
export interface TestServer {
  app: FastifyInstance;
  context: ServerContext;
  /** The services the composition root built (composition.ts), for tests that drive them. */
  services: Services;
  clock: ManualClock;
  /** Where this server's data lives; another instance may be started on it (startSecondInstance). */
  database: TestDatabase;
  close(): Promise<void>;
}

/** A fresh database of one test file: a SQLite file, or a PostgreSQL schema of its own. */
export interface TestDatabase {
  /** Opens a new connection to it. */
  connect(): Db;
  /** Deletes it. */
  drop(): Promise<void>;
}

/**
 * A fresh database; `seeded`, a copy of the run's seeded demo data when the run made it (the API
 * suite's global setup does). Without it, the server's first start seeds it (app.ts).
 */
async function createTestDatabase(seeded: boolean): Promise<TestDatabase> {
  const template = seeded ? inject('seededTemplate') : undefined;
  if (isPostgres) {
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(PG_URL, `create schema ${schema}`);
    const database: TestDatabase = {
      connect: () => createDatabase({ url: PG_URL, file: '', schema }),
      drop: () => adminQuery(PG_URL, `drop schema ${schema} cascade`),
    };
    if (template?.kind === 'postgres') {
      try {
        const db = database.connect();
        await migrateToLatest(db).finally(() => db.destroy());
        await copyTemplateRows(PG_URL, template.schema, schema);
      } catch (error) {
        await database.drop();
        throw error;
      }
    }
    return database;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-test-'));
  const file = path.join(dir, 'test.sqlite');
  if (template?.kind === 'sqlite') fs.copyFileSync(template.file, file);
  return {
    connect: () => createDatabase({ url: '', file }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function startOn(
  database: TestDatabase,
  config: Config,
  clock: ManualClock,
  ownsDatabase: boolean,
): Promise<TestServer> {
  const db = database.connect();
  let built;
  try {
    built = await buildApp({ config, db, clock, logger: false });
    await built.app.ready();
  } catch (error) {
    await db.destroy();
    if (ownsDatabase) await database.drop();
    throw error;
  }
  const { app, context, services } = built;
  return {
    app,
    context,
    services,
    clock,
    database,
    async close() {
      await app.close();
      await db.destroy();
      if (ownsDatabase) await database.drop();
    },
  };
}

/**
 * A test server on a fresh database. Its request-rate limits are out of reach (tests sign in far
 * more often than a person); a test of the limits sets the ones it checks in `overrides`.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const config: Config = { ...loadConfig({}), LOG_LEVEL: 'silent', ...withoutRateLimits(), ...overrides };
  return startOn(await createTestDatabase(config.SEED_DEMO), config, new ManualClock(), true);
}

/**
 * Another app server on the same database as `first` (its own connection, caches and in-memory
 * state; the same clock), as a deployment runs several behind a load balancer. Closing it leaves
 * the database to `first`.
 */
export async function startSecondInstance(
  first: TestServer,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  return startOn(first.database, { ...first.context.config, ...overrides }, first.clock, false);
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
  /** The company code CheckDomainName named at start(). */
  companyCode = '';
  /** Sent with every request, e.g. a `domainname` header on a generic host. */
  defaultHeaders: Record<string, string> = {};

  constructor(
    private readonly server: TestServer,
    readonly host: string,
    readonly ip = '203.0.113.10',
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      host: this.host,
      ...this.defaultHeaders,
      ...(this.authtoken ? { authtoken: this.authtoken } : {}),
      ...(this.accesstoken ? { accesstoken: this.accesstoken } : {}),
      ...extra,
    };
  }

  /** A raw request with this client's host, headers and IP; for status codes and headers. */
  request(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.server.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: this.headers(options.headers as Record<string, string> | undefined),
    });
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

  /**
   * The start sequence of spec §4: company info by host (or by `domainName`), then the app token.
   * Any tokens held before are dropped.
   */
  async start(domainName = this.host): Promise<void> {
    this.authtoken = '';
    this.accesstoken = '';
    const company = await this.post('/api/common/CheckDomainName', { domainName });
    if (!company.success) throw new Error(company.message);
    this.appId = company.data.AppId;
    this.companyCode = company.data.DomainName;
    const response = await this.server.app.inject({
      method: 'POST',
      url: '/api/oauth/RequestOauthToken',
      headers: this.headers(),
      payload: { appid: company.data.AppId, bizcontent: { secret: company.data.AppSecret } },
      remoteAddress: this.ip,
    });
    const token = response.json() as Envelope;
    if (!token.success) throw new Error(token.message);
    this.authtoken = token.data.Token;
  }

  /** Starts a slider puzzle; returns its challenge and the gap position the server stored. */
  async startCaptcha(): Promise<{ challenge: string; sessionId: string; answerX: number }> {
    const captcha = await this.get('/api/common/GetCaptcha');
    if (!captcha.success) throw new Error(captcha.message);
    const row = await this.server.context.db
      .selectFrom('captchas')
      .select('answer_x')
      .where('challenge', '=', captcha.data.challenge)
      .executeTakeFirstOrThrow();
    return { challenge: captcha.data.challenge, sessionId: captcha.data.sessionId, answerX: row.answer_x };
  }

  /** Drops the piece at `x` after a human-paced drag. */
  slide(challenge: string, x: number): Promise<Envelope> {
    return this.post('/api/common/VerifyCaptcha', { challenge, x, durationMs: 900, trail: [] });
  }

  /** Solves the built-in slider by reading the answer the server stored. */
  async solveCaptcha(): Promise<CaptchaAnswer> {
    const { challenge, sessionId, answerX } = await this.startCaptcha();
    const result = await this.slide(challenge, answerX + 2);
    if (!result.success) throw new Error(result.message);
    return {
      SessionId: sessionId,
      Challenge: result.data.geetest_challenge,
      Validate: result.data.geetest_validate,
      Seccode: result.data.geetest_seccode,
    };
  }

  /** SendSms with a captcha answer the caller already holds. */
  sendSmsWith(answer: CaptchaAnswer, mobileNo: string, messageType = 1): Promise<Envelope> {
    return this.post('/api/common/SendSms', {
      MobileNo: mobileNo,
      MessageType: messageType,
      RoleType: 4,
      ...answer,
    });
  }

  async sendSms(mobileNo: string, messageType = 1): Promise<Envelope> {
    return this.sendSmsWith(await this.solveCaptcha(), mobileNo, messageType);
  }

  /** The code in the newest outbox message to this number from this client's merchant. */
  async latestSmsCode(mobileNo: string): Promise<string> {
    let query = this.server.context.db
      .selectFrom('sms_outbox as o')
      .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
      .select('o.content')
      .where('o.mobile_no', '=', mobileNo);
    if (this.companyCode) query = query.where('m.code', '=', this.companyCode);
    const row = await query.orderBy('o.id', 'desc').executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1]!;
  }

  async register(mobileNo: string, password = 'Print2026', nickName?: string): Promise<Envelope> {
    const sent = await this.sendSms(mobileNo, 1);
    if (!sent.success) throw new Error(sent.message);
    const code = await this.latestSmsCode(mobileNo);
    return this.post('/api/cust/Register', {
      MobileNo: mobileNo,
      SmsCode: code,
      Password: password,
      ConfirmPassword: password,
      ...(nickName === undefined ? {} : { NickName: nickName }),
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

/** The three captcha fields SendSms carries, plus the session id. */
export interface CaptchaAnswer {
  SessionId: string;
  Challenge: string;
  Validate: string;
  Seccode: string;
}

/**
 * Checks that a reply is the envelope of the wire contract and returns it: JSON with exactly
 * success, data, message (Chinese) and apiCode; a failure carries null data and a non-zero code.
 */
export function expectEnvelope(response: LightMyRequestResponse): Envelope {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Envelope;
  expect(Object.keys(body).sort()).toEqual(['apiCode', 'data', 'message', 'success']);
  expect(typeof body.success).toBe('boolean');
  expect(Number.isInteger(body.apiCode)).toBe(true);
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(body.success).toBe(body.apiCode === 0);
  if (!body.success) expect(body.data).toBeNull();
  return body;
}

/** Traces of the server's insides that must never reach a caller. */
const LEAK_PATTERNS: readonly RegExp[] = [
  /\bat [^\s()]+ \(/, // a stack frame: "at fn (file:line:col)"
  /\bat (?:file:|\/|[A-Za-z]:\\)/, // an anonymous stack frame
  /(?:^|[\s"'(])(?:\/[\w.@-]+){2,}\.(?:ts|js|mjs|cjs)\b/, // an absolute source path
  /file:\/\//,
  /node_modules/,
  /\b[A-Z]\w*Error\b|\bError:/,
  /\bFST_\w+/,
  /SQLITE_|sqlite/i,
  /\b(?:select|insert|update|delete)\b[\s\S]{0,80}\b(?:from|into|set|where)\b/i,
  /\b(?:relation|column|constraint|syntax error)\b/i,
];

/**
 * The first internal detail found in a reply that the request itself did not carry (a reply may
 * legitimately echo what it was sent, such as a domain name); null when there is none.
 */
export function findLeak(replyText: string, requestText = ''): string | null {
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(replyText);
    if (match && !requestText.toLowerCase().includes(match[0].toLowerCase())) return match[0];
  }
  return null;
}

/** How many SMS the outbox holds for this mobile number (any merchant). */
export async function outboxCount(server: TestServer, mobileNo: string): Promise<number> {
  const rows = await server.context.db
    .selectFrom('sms_outbox')
    .select('id')
    .where('mobile_no', '=', mobileNo)
    .execute();
  return rows.length;
}

export interface RegisteredRoute {
  method: string;
  /** The path as the router keeps it (lower-case: routes are case-insensitive). */
  path: string;
}

/**
 * Every call under /api the server registered, read from the router's own tree (so a call
 * missing from the OpenAPI document is still found). The documentation pages are left out.
 */
export function listApiRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== '-') routes.push({ method, path });
    }
  }
  return routes;
}
