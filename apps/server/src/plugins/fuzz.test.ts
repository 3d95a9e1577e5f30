import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER, findApiCodeEntry } from '@inkstone/contracts';
import {
  TestClient,
  expectEnvelope,
  findLeak,
  listApiRoutes,
  startTestServer,
  type RegisteredRoute,
  type TestServer,
} from '../test/harness.ts';

/**
 * Property: whatever arrives at any registered call (any body, header, host, query, method or
 * letter case) the reply is the envelope with a catalogue code and its HTTP status, never a 500,
 * never a trace of the server's insides, and nothing already stored changes.
 */

const RUNS = 500;

let server: TestServer;
let routes: RegisteredRoute[];
/** The JSON schema of each call's body, from the OpenAPI document. */
const bodySchemaOf = new Map<string, JsonSchema>();
/** Live credentials, looked up when a request is sent (a fuzzed Logout may revoke one). */
const live = { demoApp: '', mapleApp: '', demoAccess: '' };
const FUZZ_ACCOUNT = '13700009999';
const FUZZ_PASSWORD = 'Fuzz2026ok';
let session: TestClient;

/** One key for a call, whether its path is written the router's way (:id) or OpenAPI's ({id}). */
const routeKey = (method: string, path: string) =>
  `${method} ${path.toLowerCase().replace(/\{(\w+)\}/g, ':$1')}`;

beforeAll(async () => {
  server = await startTestServer();
  routes = listApiRoutes(server.app);
  const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, any>>;
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      if (schema) bodySchemaOf.set(routeKey(method.toUpperCase(), path), schema);
    }
  }

  const registrar = new TestClient(server, 'demo.localhost', '192.0.2.200');
  await registrar.start();
  expect((await registrar.register(FUZZ_ACCOUNT, FUZZ_PASSWORD)).success).toBe(true);
  session = new TestClient(server, 'demo.localhost', '192.0.2.201');
  await signInSession();
  const maple = new TestClient(server, 'maple.localhost');
  await maple.start();
  live.mapleApp = maple.authtoken;
});
afterAll(async () => server.close());

async function signInSession(): Promise<void> {
  await session.start();
  expect((await session.login(FUZZ_ACCOUNT, FUZZ_PASSWORD)).success).toBe(true);
  live.demoApp = session.authtoken;
  live.demoAccess = session.accesstoken;
}

const HOSTILE_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE customers;--",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000',
  '\ud800',
  '\uffff',
  '\u202e\u0644\u0627',
  '𠮷野家',
  '%00',
  '%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e309',
  ' ',
  '',
  'null',
  '１３８００１３８０００',
  '13800138000 ',
  '+8613800138000',
];
// The fuzz session's own account stays out: locking it would stop the session signing in again.
const PLAUSIBLE_TEXT = ['13800138000', '13900139000', 'Demo1234', '123456', 'demo', 'maple'];

const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(...PLAUSIBLE_TEXT),
  fc.nat({ max: 20_000 }).map((length) => 'x'.repeat(length)),
);

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(0, 1, 2, 3, 4, -1, 150, 900, Number.MAX_SAFE_INTEGER, 1e308),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
}));

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const clamp = (n: number, low: number, high: number) => Math.min(Math.max(n, low), high);

/**
 * Values that mostly fit the call's published schema, so requests get past validation into the
 * handlers; every field is sometimes replaced by a hostile value or left out, and junk is added.
 */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return value;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      const minLength = Math.min(schema.minLength ?? 0, 24);
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
      const fitting = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : fc.oneof(fc.string({ minLength, maxLength }), fc.constantFrom(...PLAUSIBLE_TEXT));
      // A fitting value with something hostile inside still passes length-only checks.
      const tainted = fc
        .tuple(fitting, fc.constantFrom(...HOSTILE_TEXT), fc.nat())
        .map(
          ([good, bad, at]) =>
            good.slice(0, at % (good.length + 1)) + bad + good.slice(at % (good.length + 1)),
        );
      return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 2, arbitrary: tainted });
    }
    case 'integer':
      return fc.integer({
        min: clamp(schema.minimum ?? -1e6, -1e6, 1e6),
        max: clamp(schema.maximum ?? 1e6, -1e6, 1e6),
      });
    case 'number':
      return fc.double({
        min: clamp(schema.minimum ?? -1e6, -1e6, 1e6),
        max: clamp(schema.maximum ?? 1e6, -1e6, 1e6),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(([name, property]) =>
        fc
          .option(fc.oneof({ weight: 8, arbitrary: fromSchema(property, depth + 1) }, value), {
            freq: required.has(name) ? 12 : 2,
            nil: undefined,
          })
          .map((item) => [name, item] as const),
      );
      const junk = fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        fc.dictionary(text, value, { maxKeys: 3 }),
      );
      return fc.tuple(fc.tuple(...fields), junk).map(([entries, extra]) => ({
        ...extra,
        ...Object.fromEntries(entries.filter(([, item]) => item !== undefined)),
      }));
    }
    default:
      return value;
  }
}

/** What an HTTP parser could hand the server: UTF-8 bytes read as latin1, no control characters. */
function asHeaderValue(raw: string): string {
  const latin1 = Buffer.from(raw, 'utf8').toString('latin1');
  return [...latin1].filter((char) => char === '\t' || (char >= ' ' && char !== '\u007f')).join('');
}

/** Percent-encodes the UTF-8 bytes of a string, as a browser would (lone surrogates included). */
function percentEncode(raw: string): string {
  return [...Buffer.from(raw, 'utf8')]
    .map((byte) =>
      /[\w.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

/** Stand-ins for live credentials: the app token of the host's merchant or of the other one. */
type Credential = 'app' | 'otherApp' | 'access';
const credential = (...names: Credential[]) => fc.constantFrom(...names).map((name) => `$${name}`);

function resolveCredential(name: Credential, host: string | undefined): string {
  const onMaple = (host ?? '').toLowerCase().startsWith('maple.');
  if (name === 'access') return live.demoAccess;
  return (name === 'app') === onMaple ? live.mapleApp : live.demoApp;
}

/** Mostly right, sometimes hostile: one bad part at a time lets a request reach further in. */
function mostly<T>(usual: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 8, arbitrary: usual }, { weight: 1, arbitrary: hostile });
}

/** A header that is mostly right, sometimes hostile, and absent with weight `absent` (of 9). */
function header(usual: fc.Arbitrary<string | undefined>, hostile: fc.Arbitrary<string>, absent: number) {
  return fc.oneof(
    { weight: 8, arbitrary: usual },
    { weight: 1, arbitrary: hostile },
    { weight: absent, arbitrary: fc.constant(undefined) },
  );
}
const hostileHeader = text.map(asHeaderValue);

const headersArb = fc.record({
  host: mostly(
    fc.constantFrom('demo.localhost', 'demo.localhost', 'maple.localhost', 'localhost', '127.0.0.1:3000'),
    fc.oneof(
      fc.constantFrom('nobody.localhost', 'DEMO.LOCALHOST.', '[::1]', '[::1', '', '.localhost', 'a..b'),
      hostileHeader,
    ),
  ),
  authtoken: header(
    fc.oneof({ weight: 6, arbitrary: credential('app') }, credential('otherApp')),
    hostileHeader,
    1,
  ),
  accesstoken: header(credential('access'), hostileHeader, 4),
  domainname: header(
    fc.constant(undefined),
    fc.oneof(fc.constantFrom('demo', 'maple', 'DEMO', 'nobody'), hostileHeader),
    0,
  ),
  appid: header(fc.constant(undefined), fc.oneof(fc.constantFrom('web-demo', 'web-maple'), hostileHeader), 0),
  [REQUEST_ID_HEADER]: header(fc.constant(undefined), hostileHeader, 0),
});

const queryArb = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(text, text), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, item]) => `${percentEncode(key)}=${percentEncode(item)}`).join('&')),
  fc.constantFrom(
    '%zz',
    '%E0%A4%A',
    'a=%00',
    'a[b][c]=1',
    'a=1&a=2',
    '&&&=',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
  ),
);

interface Body {
  contentType?: string;
  payload?: string;
}

function bodyArb(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const json = (payload: unknown): Body => ({
    contentType: 'application/json',
    payload: JSON.stringify(payload),
  });
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fromSchema(schema ?? { type: 'object', properties: { bizcontent: { type: 'object' } } }).map(
        json,
      ),
    },
    { weight: 2, arbitrary: value.map(json) },
    { weight: 1, arbitrary: text.map((payload) => ({ contentType: 'application/json', payload })) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/json; charset=gbk',
          'APPLICATION/JSON',
          'application/json;;;',
          'image/png',
        ),
        payload: text,
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

interface FuzzRequest {
  route: RegisteredRoute;
  method: string;
  path: string;
  query: string;
  headers: Partial<Record<string, string>>;
  body: Body;
}

const parameterArb = fc.oneof(
  fc.constantFrom('1', '0', '-1', '99999999999999999999', 'abc', '..', '%2e%2e', '%00', 'a.png'),
  text.map(percentEncode),
);

/** The route's path with every `:parameter` (and a trailing `*`) filled in. */
function pathArb(path: string): fc.Arbitrary<string> {
  const segments = path.split('/');
  return fc
    .tuple(...segments.map((segment) => (/^[:*]/.test(segment) ? parameterArb : fc.constant(segment))))
    .map((parts) => parts.join('/'));
}

const requestArb: fc.Arbitrary<FuzzRequest> = fc.constant(null).chain(() =>
  fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: mostly(
        fc.constant(route.method),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      ),
      path: fc
        .tuple(
          pathArb(route.path).chain((path) =>
            fc.oneof({ weight: 3, arbitrary: fc.constant(path) }, fc.mixedCase(fc.constant(path))),
          ),
          mostly(fc.constantFrom('', '', '/'), fc.constantFrom('//', '/%zz', '/..', '%00', '/x', '%2F')),
        )
        .map(([path, suffix]) => path + suffix),
      query: mostly(fc.constant(''), queryArb),
      headers: headersArb,
      body: bodyArb(bodySchemaOf.get(routeKey(route.method, route.path))),
    }),
  ),
);

function toInjectOptions(request: FuzzRequest): InjectOptions {
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(request.headers)) {
    if (raw === undefined) continue;
    const isStandIn = ['$app', '$otherApp', '$access'].includes(raw);
    headers[name] = isStandIn ? resolveCredential(raw.slice(1) as Credential, request.headers.host) : raw;
  }
  if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
  return {
    method: request.method as InjectOptions['method'],
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers,
    ...(request.body.payload !== undefined ? { payload: request.body.payload } : {}),
    remoteAddress: '198.18.0.1',
  };
}

/** 微信支付's and 支付宝's notification addresses answer in the gateway's own protocol (docs/payments.md). */
const GATEWAY_NOTIFY = /^\/api\/payment\/notify\/(wechat|alipay)\//i;

/** True when the reply is a gateway's own answer (checked here); false for the usual envelope. */
function isGatewayAnswer(options: InjectOptions, response: LightMyRequestResponse, context: string): boolean {
  const gateway =
    options.method === 'POST' ? GATEWAY_NOTIFY.exec(String(options.url))?.[1]?.toLowerCase() : '';
  const contentType = String(response.headers['content-type']);
  if (gateway === 'alipay' && /^text\/plain/.test(contentType)) {
    expect(response.body, context).toMatch(/^(success|fail)$/);
    return true;
  }
  if (gateway === 'wechat' && /^application\/json/.test(contentType)) {
    const body = JSON.parse(response.body) as Record<string, unknown>;
    if (!('code' in body) || 'apiCode' in body) return false;
    expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
    expect(body.code, context).toBe('FAIL');
    expect(String(body.message), context).toMatch(/[\u4e00-\u9fff]/);
    return true;
  }
  return false;
}

function checkReply(options: InjectOptions, response: LightMyRequestResponse): void {
  const context = `${options.method} ${options.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).not.toBe(500);
  expect(response.headers[REQUEST_ID_HEADER], context).toMatch(/^[\w.-]{1,64}$/);
  if (isGatewayAnswer(options, response, context)) return;
  const isJson = /^application\/json/.test(String(response.headers['content-type']));
  if (!isJson && [200, 206, 304].includes(response.statusCode)) {
    // A file, a print page or an export: binary by design (spec §7), and only ever a success.
    expect(findLeak(response.body, JSON.stringify(options)), context).toBeNull();
    return;
  }
  const body = expectEnvelope(response);
  expect(body.apiCode, context).not.toBe(-1500);
  const entry = findApiCodeEntry(body.apiCode);
  expect(entry, `unknown apiCode: ${context}`).toBeDefined();
  expect(response.statusCode, context).toBe(entry!.httpStatus);
  expect(findLeak(response.body, JSON.stringify(options)), context).toBeNull();
}

/**
 * The rows a hostile request must never alter. Sign-in counters may move; identities may not. The
 * fuzz session's own nickname may change: UpdateCustomerInfo is a call it is allowed to make.
 */
async function snapshot() {
  const db = server.context.db;
  return {
    merchants: await db.selectFrom('merchants').selectAll().orderBy('id').execute(),
    apiClients: await db.selectFrom('api_clients').selectAll().orderBy('id').execute(),
    customers: (
      await db
        .selectFrom('customers')
        .select([
          'id',
          'merchant_id',
          'account',
          'mobile_no',
          'nick_name',
          'password_hash',
          'is_active',
          'created_at',
          'password_changed_at',
        ])
        .orderBy('id')
        .execute()
    ).map(({ nick_name, ...row }) => (row.account === FUZZ_ACCOUNT ? row : { ...row, nick_name })),
  };
}

describe('every call under hostile input', () => {
  it('answers with the envelope, no 500, no internals, and changes nothing stored', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const before = await snapshot();

    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const options = toInjectOptions(request);
        const response = await server.app.inject(options);
        checkReply(options, response);
        if (request.route.path === '/api/oauth/logout') {
          const body = JSON.parse(response.body) as { success: boolean };
          if (body.success) await signInSession();
        }
      }),
      { numRuns: RUNS },
    );

    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  }, 90_000);
});
