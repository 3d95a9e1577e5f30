/**
 * bench:checkout — 100 concurrent customers, each looping add-to-cart (addorderitem) → checkout
 * (addorder; the first with a coupon) → balance payment (BalancePaymannet) for 30 s, after 5 s of
 * warm-up that is not counted, against the real server, from a separate load process (node:http
 * on kept-alive connections, opened before the clock starts). Prints throughput, p50/p99 latency
 * per call and errors (target 0), then audits the database in a process of its own: every balance
 * equals its ledger, no order paid twice, no coupon used twice or beyond its stock, no stock below
 * zero.
 *
 * The database is prepared by a set-up process of its own (the first start's migrations and demo
 * seed, the customers signed in with an address, a coupon and a balance each); the server then
 * starts on it as a real server does after its first start, so its peak memory is the load's.
 *
 * Before the load, one customer's cycle is run alone and the SQL statements each call sends to the
 * database are counted at the driver (better-sqlite3's statements, pg's client queries; transaction
 * begin and commit included) and printed, with their text when BENCH_SQL_LOG=1; during the load
 * the statements per request are counted the same way, and the server process's CPU time per
 * request is measured (the figure least moved by other work on a shared machine).
 *
 * BENCH_CPU_PROF=<file.cpuprofile> records the server process's CPU profile during the load only,
 * BENCH_HEAP_PROF=<file.heapprofile> samples what it allocates then (collected or not);
 * BENCH_SQL_TIME=1 prints SQLite's time in each statement during the load (and how many took more
 * than a millisecond: a checkpoint or the process losing its core).
 *
 * The load process's CPU time per request is printed too: on a two-core machine it shares the
 * cores with the server, so what it costs bounds the throughput of either build.
 *
 * SQLite in a temporary directory by default; BENCH_PG_URL=postgres://… runs on a fresh schema of
 * that database. BENCH_SECONDS, BENCH_WARMUP_SECONDS (the uncounted load before them, default 5)
 * and BENCH_CUSTOMERS change the run.
 *
 * CHECKOUT_BENCH_COMPARE=<dir> runs an older build in the same run, back to back with this one
 * (a copy of an earlier commit's apps/server/dist placed under apps/server, e.g.
 * apps/server/dist-before, not inside dist, so that it finds the same node_modules; the build must
 * contain this harness, i.e. be of this commit or later), BENCH_ROUNDS times each alternately (default 1), and
 * prints old and new side by side.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { buildApp } from './app.ts';
import { median } from './bench-stats.ts';
import { describePeakRss, recordProfiles, watchServerStalls } from './bench-support.ts';
import { loadConfig, withoutRateLimits } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { hashPassword } from './lib/crypto.ts';
import { DEMO_STAFF } from './modules/staff/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/**
 * The load runs this long before the measured seconds begin, its calls not counted. Over the first
 * seconds of a new server process V8 is still compiling the hot paths: the event loop's turns took
 * 1.5–6.8 ms of CPU a request there against 0.6–1.7 later, and in one pair of runs p99 was 241 ms
 * counting them and 196 without (docs/performance.md, fourteenth round). Their p99 is printed apart.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
const PRODUCT_ID = 1001;
const PASSWORD = 'Bench2026';
const PROBE_CYCLES = 3;
/** Set by the comparing run: the child prints its figures as one JSON line after this marker. */
const RESULT_MARKER = 'CHECKOUT_BENCH_RESULT ';

/** The figures a run reports, for the side-by-side comparison. */
interface RunFigures {
  database: string;
  seconds: number;
  requestsPerSecond: number;
  paidPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  statementsPerCall: Record<string, number>;
  transactionsPerCall: Record<string, number>;
  statementsPerRequest: number;
  /** The server process's CPU time (user + system) during the load, per request served. */
  serverCpuUsPerRequest: number;
  /** The load process's CPU time per request (the same harness for either build). */
  loadCpuUsPerRequest: number;
  /** The server process's peak resident memory, MB. */
  peakRssMb: number;
  auditPassed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Counting SQL statements at the driver
// ---------------------------------------------------------------------------------------------

/** Every statement sent to the database since the start, and the text of those logged. */
const sqlCount = { statements: 0, transactions: 0, log: null as string[] | null };

/** BENCH_SQL_TIME=1: SQLite's time in each statement during the load, by its text. */
let sqlTimes: Map<string, { count: number; ns: bigint; slow: number; slowNs: bigint }> | null = null;

function noteStatement(text: string): void {
  sqlCount.statements += 1;
  if (/^\s*begin\b/i.test(text)) sqlCount.transactions += 1;
  sqlCount.log?.push(text.replace(/\s+/g, ' ').trim());
}

/**
 * Wraps better-sqlite3's statement runners and pg's client query, the two places every statement
 * of either database passes, so that the count covers what Kysely sends, transactions included.
 */
function countStatements(postgres: typeof pg | null): void {
  const require = createRequire(import.meta.url);
  const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;
  const probe = new Sqlite(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = statementPrototype[method]!;
    statementPrototype[method] = function (this: { source: string }, ...args: unknown[]) {
      noteStatement(this.source);
      if (!sqlTimes) return original.apply(this, args);
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const entry = sqlTimes.get(this.source) ?? { count: 0, ns: 0n, slow: 0, slowNs: 0n };
        const took = process.hrtime.bigint() - started;
        entry.count += 1;
        entry.ns += took;
        if (took > 1_000_000n) {
          entry.slow += 1;
          entry.slowNs += took;
        }
        sqlTimes.set(this.source, entry);
      }
    };
  }
  if (!postgres) return;
  const clientPrototype = postgres.Client.prototype as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const query = clientPrototype.query!;
  clientPrototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    noteStatement(typeof first === 'string' ? first : (first?.text ?? ''));
    return query.apply(this, args);
  };
}

interface Plan {
  base: string;
  seconds: number;
  warmupSeconds: number;
  productId: number;
  selection: Record<string, unknown>;
  expressId: number;
  customers: { authtoken: string; accesstoken: string; addressId: number; couponId: number | null }[];
}

interface CallStats {
  count: number;
  errors: number;
  latencies: number[];
}

interface LoadResult {
  elapsedMs: number;
  cycles: number;
  calls: Record<string, CallStats>;
  errorSamples: string[];
  /** The load process's own CPU time (user + system) during the load. */
  cpuUs: number;
  /** The warm-up's calls (started before the measured seconds), counted apart. */
  warmup: { count: number; errors: number; p99: number };
}

// ---------------------------------------------------------------------------------------------
// The load process
// ---------------------------------------------------------------------------------------------

async function runLoad(plan: Plan): Promise<LoadResult> {
  const calls: Record<string, CallStats> = {};
  const errorSamples: string[] = [];
  let cycles = 0;
  // Every call started before the measured seconds, whichever its name.
  const warmup: CallStats = { count: 0, errors: 0, latencies: [] };
  let measuring = false;
  const deadline = Date.now() + (plan.warmupSeconds + plan.seconds) * 1000;

  // node:http with kept-alive sockets, one per customer: fetch costs the load process about as much
  // CPU per request as the server spends serving it, and both share the machine's cores.
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.customers.length });
  const url = new URL(plan.base);
  const post = (name: string, headers: Record<string, string>, payload: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/api/${name}`,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });

  const call = async (name: string, headers: Record<string, string>, body: unknown): Promise<any> => {
    const stats = measuring ? (calls[name] ??= { count: 0, errors: 0, latencies: [] }) : warmup;
    const started = performance.now();
    let failure = '';
    let data: any = null;
    try {
      const response = await post(name, headers, JSON.stringify({ bizcontent: body }));
      const envelope = JSON.parse(response.text) as { success: boolean; message: string; data: any };
      if (response.status !== 200 || !envelope.success)
        failure = `${name}: ${response.status} ${envelope.message}`;
      data = envelope.data;
    } catch (error) {
      failure = `${name}: ${String(error)}`;
    }
    stats.count++;
    stats.latencies.push(performance.now() - started);
    if (failure) {
      stats.errors++;
      if (errorSamples.length < 10) errorSamples.push(failure);
      return null;
    }
    return data;
  };

  // Each customer's connection is opened before the clock starts (one /healthz each, all at
  // once): opened by the first checkout calls instead, 100 new connections at the same moment as
  // 100 first calls on a cold process made those calls take seconds, whichever the build.
  await Promise.all(
    plan.customers.map(
      () =>
        new Promise<void>((resolve, reject) => {
          http
            .get({ agent, host: url.hostname, port: url.port, path: '/healthz' }, (response) => {
              response.resume();
              response.on('end', resolve);
            })
            .on('error', reject);
        }),
    ),
  );
  let started = Date.now();
  let cpuBefore = process.cpuUsage();
  // The measured seconds begin: from here calls are counted, and the server, told over the IPC
  // channel, starts its own counters (CPU, statements, event loop, profiles).
  const beginMeasuring = () => {
    measuring = true;
    started = Date.now();
    cpuBefore = process.cpuUsage();
    process.send?.('measuring');
  };
  if (plan.warmupSeconds > 0) setTimeout(beginMeasuring, plan.warmupSeconds * 1000);
  else beginMeasuring();
  await Promise.all(
    plan.customers.map(async (customer) => {
      const headers = { authtoken: customer.authtoken, accesstoken: customer.accesstoken };
      let couponId = customer.couponId;
      while (Date.now() < deadline) {
        const line = await call('order/addorderitem', headers, {
          ProductId: plan.productId,
          ...plan.selection,
        });
        if (!line) continue;
        const order = await call('order/addorder', headers, {
          CartIds: [line.Id],
          AddressId: customer.addressId,
          ExpressCompanyId: plan.expressId,
          ...(couponId !== null ? { CouponId: couponId } : {}),
        });
        if (!order) continue;
        couponId = null;
        const counted = measuring;
        const paid = await call('payment/BalancePaymannet', headers, { OrderIds: [order.Id] });
        if (paid && counted) cycles++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  warmup.latencies.sort((a, b) => a - b);
  return {
    elapsedMs: Date.now() - started,
    cycles,
    calls,
    errorSamples,
    cpuUs: cpu.user + cpu.system,
    warmup: { count: warmup.count, errors: warmup.errors, p99: percentile(warmup.latencies, 0.99) },
  };
}

// ---------------------------------------------------------------------------------------------
// The server process: prepare, serve, audit
// ---------------------------------------------------------------------------------------------

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function inject(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  url: string,
  headers: Record<string, string>,
  body: unknown,
) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { host: 'demo.localhost', ...headers },
    payload: body as object,
  });
  const envelope = response.json() as { success: boolean; message: string; data: any };
  if (!envelope.success) throw new Error(`${url}: ${envelope.message}`);
  return envelope.data;
}

interface AuditReport {
  lines: string[];
  problems: string[];
}

/** The audit the run must pass; returns the problems found. */
async function audit(db: Db): Promise<AuditReport> {
  const problems: string[] = [];
  const balances = await db.selectFrom('customer_balances').selectAll().execute();
  const sums = new Map(
    (
      await db
        .selectFrom('ledger_entries')
        .select(['customer_id', (eb) => eb.fn.sum<number>('balance_change_fen').as('sum')])
        .groupBy('customer_id')
        .execute()
    ).map((row) => [row.customer_id, Number(row.sum ?? 0)]),
  );
  for (const balance of balances) {
    if (balance.balance_fen < 0) problems.push(`customer ${balance.customer_id}: balance below zero`);
    if ((sums.get(balance.customer_id) ?? 0) !== balance.balance_fen) {
      problems.push(
        `customer ${balance.customer_id}: balance ${balance.balance_fen} ≠ ledger ${sums.get(balance.customer_id)}`,
      );
    }
  }
  const applied = await db
    .selectFrom('payment_orders')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('outcome', '=', 'applied')
    .groupBy('order_id')
    .execute();
  for (const row of applied)
    if (Number(row.count) > 1) problems.push(`order ${row.order_id} paid ${row.count} times`);
  const appliedSet = new Set(applied.map((row) => row.order_id));
  const paidOrders = await db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('status', 'in', [2, 3, 4, 5])
    .execute();
  for (const order of paidOrders)
    if (!appliedSet.has(order.id)) problems.push(`order ${order.id} paid without a payment`);
  const paymentLines = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type', '=', 'payment')
    .executeTakeFirstOrThrow();
  const paidPayments = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'paid')
    .where('purpose', '=', 'orders')
    .executeTakeFirstOrThrow();
  if (Number(paymentLines.count) !== Number(paidPayments.count)) {
    problems.push(`payments paid ${paidPayments.count} ≠ payment ledger lines ${paymentLines.count}`);
  }
  const couponUses = await db
    .selectFrom('orders')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('coupon_id', 'is not', null)
    .where('status', '<>', 9)
    .groupBy('coupon_id')
    .execute();
  for (const row of couponUses)
    if (Number(row.count) > 1) problems.push(`customer coupon ${row.coupon_id} used by ${row.count} orders`);
  const coupons = await db
    .selectFrom('coupons')
    .select(['id', 'code', 'total_stock', 'remaining_stock'])
    .execute();
  for (const coupon of coupons) {
    const issued = await db
      .selectFrom('customer_coupons')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('coupon_id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    if (coupon.remaining_stock < 0) problems.push(`coupon ${coupon.code}: stock below zero`);
    if (coupon.total_stock - coupon.remaining_stock !== Number(issued.count)) {
      problems.push(
        `coupon ${coupon.code}: ${coupon.total_stock - coupon.remaining_stock} taken from stock, ${issued.count} issued`,
      );
    }
  }
  const usedCoupons = await db
    .selectFrom('customer_coupons')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    lines: [
      `balances checked        ${balances.length} (each equals the sum of its ledger)`,
      `orders paid             ${paidOrders.length} (each by exactly one payment)`,
      `payment ledger lines    ${paymentLines.count} = paid payments ${paidPayments.count}`,
      `coupons used            ${usedCoupons.count} (each by one order); coupon stock never below zero`,
    ],
    problems,
  };
}

/**
 * One customer's cycle run alone PROBE_CYCLES times (no coupon, so the load's coupons stay
 * unused): the statements and transactions of each call in the last cycle, whose state (a
 * customer with earlier orders) is what the load sees.
 */
async function probeStatements(
  plan: Plan,
): Promise<{ statements: Record<string, number>; transactions: Record<string, number>; log: string[] }> {
  const customer = plan.customers[0]!;
  const headers = {
    'content-type': 'application/json',
    authtoken: customer.authtoken,
    accesstoken: customer.accesstoken,
  };
  const post = async (name: string, body: unknown): Promise<any> => {
    const response = await fetch(`${plan.base}/api/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ bizcontent: body }),
    });
    const envelope = (await response.json()) as { success: boolean; message: string; data: any };
    if (!envelope.success) throw new Error(`${name}: ${envelope.message}`);
    return envelope.data;
  };
  const statements: Record<string, number> = {};
  const transactions: Record<string, number> = {};
  const log: string[] = [];
  const counted = async (name: string, body: unknown): Promise<any> => {
    const [before, beforeTransactions] = [sqlCount.statements, sqlCount.transactions];
    sqlCount.log = [];
    const data = await post(name, body);
    statements[name] = sqlCount.statements - before;
    transactions[name] = sqlCount.transactions - beforeTransactions;
    log.push(`${name}:`, ...sqlCount.log.map((text) => `  ${text}`));
    sqlCount.log = null;
    return data;
  };
  for (let cycle = 0; cycle < PROBE_CYCLES; cycle++) {
    log.length = 0;
    const line = await counted('order/addorderitem', { ProductId: plan.productId, ...plan.selection });
    const order = await counted('order/addorder', {
      CartIds: [line.Id],
      AddressId: customer.addressId,
      ExpressCompanyId: plan.expressId,
    });
    await counted('payment/BalancePaymannet', { OrderIds: [order.Id] });
  }
  return { statements, transactions, log };
}

/**
 * pg, loaded only for a PostgreSQL run: the server itself loads it only for a PostgreSQL database,
 * and loaded for nothing it adds about 15 MB to the server process's resident memory.
 */
function loadPg(): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg;
}

/** Where the bench's database is: a SQLite file, or a PostgreSQL schema. */
interface Target {
  file: string;
  pgUrl: string;
  schema: string;
  /** Shared by the set-up process and the server, as by the instances of one deployment. */
  signingSecret: string;
}

function benchConfig(target: Target) {
  // One address signs in every customer: the request-rate limits would stop the set-up.
  return {
    ...loadConfig({}),
    ...withoutRateLimits(),
    LOG_LEVEL: 'warn' as const,
    WEB_DIST_DIR: 'off',
    SIGNING_SECRET: target.signingSecret,
  };
}

function openTarget(target: Target): Db {
  return target.pgUrl
    ? createDatabase({ url: target.pgUrl, file: '', schema: target.schema })
    : createDatabase({ url: '', file: target.file });
}

type Setup = Pick<Plan, 'selection' | 'expressId' | 'customers'>;

/**
 * The set-up, run in a process of its own before the server starts (`--setup`): the first start
 * on the empty database (migrations and the demo seed), customers, their app and access tokens,
 * an address each, a coupon each, and a balance. The server then starts on the prepared
 * database as a real server does after its first start, so that its peak memory is the load's,
 * not the seed's and 100 sign-ins' (docs/performance.md#checkout).
 */
async function setUp(target: Target): Promise<Setup> {
  const db = openTarget(target);
  const { app, context } = await buildApp({ config: benchConfig(target), db });
  try {
    // Customers, their app and access tokens, an address each, a coupon each, and a balance.
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(PASSWORD);
    const now = context.clock.now();
    for (let index = 0; index < CUSTOMERS; index++) {
      const account = `139${String(index).padStart(8, '0')}`;
      await db
        .insertInto('customers')
        .values({
          merchant_id: merchant.id,
          account,
          mobile_no: account,
          nick_name: `客户${index}`,
          password_hash: passwordHash,
          created_at: now,
          password_changed_at: now,
        })
        .execute();
    }
    const company = await inject(
      app,
      '/api/common/CheckDomainName',
      {},
      { bizcontent: { domainName: 'demo.localhost' } },
    );
    const oauth = await inject(
      app,
      '/api/oauth/RequestOauthToken',
      {},
      { appid: company.AppId, bizcontent: { secret: company.AppSecret } },
    );
    const staffLogin = await inject(
      app,
      '/api/staff/Login',
      {},
      { bizcontent: { Account: DEMO_STAFF[0].account, Password: DEMO_STAFF[0].password } },
    );
    const coupon = await db
      .selectFrom('coupons')
      .select('id')
      .where('code', '=', 'WELCOME-10')
      .executeTakeFirstOrThrow();
    const customers: Plan['customers'] = [];
    let selection: Record<string, unknown> = {};
    let expressId = 0;
    for (let index = 0; index < CUSTOMERS; index++) {
      const account = `139${String(index).padStart(8, '0')}`;
      const login = await inject(
        app,
        '/api/oauth/RequestAccessToken',
        { authtoken: oauth.Token },
        { bizcontent: { LoginType: 1, Account: account, Password: PASSWORD } },
      );
      const headers = { authtoken: oauth.Token, accesstoken: login.AccessToken };
      const address = await inject(app, '/api/cust/AddDeliverGoodsAddress', headers, {
        bizcontent: {
          contacts: `客户${index}`,
          phoneNumber: account,
          citys: ['440000', '440300', '440305'],
          address: '科技园 1 号',
        },
      });
      let couponId: number | null = null;
      if (index % 2 === 0)
        couponId = (await inject(app, '/api/coupon/receive', headers, { bizcontent: { id: coupon.id } })).Id;
      await inject(
        app,
        '/api/staff/AdjustBalance',
        { stafftoken: staffLogin.StaffToken },
        {
          bizcontent: { CustomerId: login.UserInfo.CustomerId, AmountFen: 10_000_000, Remark: '压测预存' },
        },
      );
      if (index === 0) {
        selection = (
          await inject(app, '/api/product/GetCompanyProductInfo', headers, {
            bizcontent: { ProductId: PRODUCT_ID },
          })
        ).DefaultSelection;
        const companies = (await inject(app, '/api/v2/s2b.expressinfo.all.post', headers, {
          bizcontent: {},
        })) as { Id: number; IsDefault: boolean }[];
        expressId = (companies.find((item) => item.IsDefault) ?? companies[0]!).Id;
      }
      customers.push({ ...headers, addressId: address.Id, couponId });
    }
    return { selection, expressId, customers };
  } finally {
    await app.close();
    await db.destroy();
  }
}

async function serve(): Promise<void> {
  let dir = '';
  let schema = '';
  const pgUrl = process.env.BENCH_PG_URL ?? '';
  const postgres = pgUrl ? loadPg() : null;
  countStatements(postgres);
  if (pgUrl) {
    schema = `bench_${process.pid}`;
    const admin = new postgres!.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-bench-checkout-'));
  }
  const target: Target = {
    file: dir ? path.join(dir, 'bench.sqlite') : '',
    pgUrl,
    schema,
    signingSecret: randomBytes(32).toString('hex'),
  };
  let db: Db | null = null;
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | null = null;
  try {
    const { selection, expressId, customers } = await runChild<Setup>(['--setup'], target);
    db = openTarget(target);
    ({ app } = await buildApp({ config: benchConfig(target), db }));
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const plan: Plan = {
      base,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      productId: PRODUCT_ID,
      selection,
      expressId,
      customers,
    };
    console.log(
      `bench:checkout — Node ${process.version}, ${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${CUSTOMERS} customers × (addorderitem → addorder → BalancePaymannet) for ${SECONDS}s after ${WARMUP_SECONDS}s of warm-up`,
    );
    const probe = await probeStatements(plan);
    console.log('\nSQL statements per call (one customer alone; transactions in brackets)');
    for (const [name, count] of Object.entries(probe.statements))
      console.log(`  ${name.padEnd(26)} ${String(count).padStart(4)} (${probe.transactions[name]})`);
    if (process.env.BENCH_SQL_LOG === '1') console.log(probe.log.join('\n'));
    // Started when the load process says the measured seconds begin, after its warm-up.
    let statementsBeforeLoad = sqlCount.statements;
    let profilesStarting: ReturnType<typeof recordProfiles> | undefined;
    let stalls: ReturnType<typeof watchServerStalls> | undefined;
    let cpuBefore = process.cpuUsage();
    const result = await runChild<LoadResult>(['--load'], plan, () => {
      statementsBeforeLoad = sqlCount.statements;
      if (process.env.BENCH_SQL_TIME === '1') sqlTimes = new Map();
      stalls = watchServerStalls();
      cpuBefore = process.cpuUsage();
      // Awaited below, after the load: a profile that failed to start fails the run there.
      profilesStarting = recordProfiles({
        cpuFile: process.env.BENCH_CPU_PROF,
        heapFile: process.env.BENCH_HEAP_PROF,
      });
      profilesStarting.catch(() => undefined);
    });

    const cpu = process.cpuUsage(cpuBefore);
    if (!stalls || !profilesStarting) throw new Error('the load process never began its measured seconds');
    const profiles = await profilesStarting;
    const stalled = stalls.stop();
    await profiles.stop();
    const seconds = result.elapsedMs / 1000;
    if (sqlTimes) {
      const times = sqlTimes;
      sqlTimes = null;
      console.log('\nSQLite time per statement during the load (µs per request, count, text)');
      const requestCount = Object.values(result.calls).reduce((sum, stats) => sum + stats.count, 0);
      for (const [text, entry] of [...times].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, 25))
        console.log(
          `  ${(Number(entry.ns) / 1000 / Math.max(1, requestCount)).toFixed(1).padStart(7)} ${String(entry.count).padStart(7)} ${String(entry.slow).padStart(4)} slow ${(Number(entry.slowNs) / 1e6).toFixed(0).padStart(5)} ms  ${text.replace(/\s+/g, ' ').slice(0, 150)}`,
        );
    }
    const all = Object.values(result.calls)
      .flatMap((stats) => stats.latencies)
      .sort((a, b) => a - b);
    const requests = all.length;
    // An error in the warm-up is an error: the target of none covers every call sent.
    const errors =
      Object.values(result.calls).reduce((sum, stats) => sum + stats.errors, 0) + result.warmup.errors;
    console.log(
      `\nwarm-up ${WARMUP_SECONDS}s, not counted below: ${result.warmup.count} calls, p99 ${result.warmup.p99.toFixed(1)} ms, errors ${result.warmup.errors}`,
    );
    console.log(
      `requests ${requests} in ${seconds.toFixed(1)}s = ${(requests / seconds).toFixed(0)} req/s; checkouts paid ${result.cycles} = ${(result.cycles / seconds).toFixed(1)}/s`,
    );
    console.log(
      `latency all calls      p50 ${percentile(all, 0.5).toFixed(1)} ms   p99 ${percentile(all, 0.99).toFixed(1)} ms`,
    );
    for (const [name, stats] of Object.entries(result.calls)) {
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(26)} ${String(stats.count).padStart(7)} calls  p50 ${percentile(sorted, 0.5).toFixed(1).padStart(6)} ms  p99 ${percentile(sorted, 0.99).toFixed(1).padStart(6)} ms  errors ${stats.errors}`,
      );
    }
    console.log(`errors ${errors} (target 0)${errors > 0 ? ` ${result.errorSamples.join(' | ')}` : ''}`);
    const statementsPerRequest = (sqlCount.statements - statementsBeforeLoad) / Math.max(1, requests);
    console.log(`SQL statements per request during the load ${statementsPerRequest.toFixed(1)}`);
    // Throughput follows whatever else the machine runs; the server's own CPU time per request
    // much less so, which makes it the figure to compare builds by on a shared machine.
    const serverCpuUsPerRequest = (cpu.user + cpu.system) / Math.max(1, requests);
    console.log(`server CPU time per request ${serverCpuUsPerRequest.toFixed(0)} µs`);
    const loadCpuUsPerRequest = result.cpuUs / Math.max(1, requests);
    console.log(`load process CPU time per request ${loadCpuUsPerRequest.toFixed(0)} µs`);
    console.log(stalled);

    // In a process of its own, as the set-up: reading every order back is the benchmark's check,
    // not the server's work, and would otherwise count in the server's peak memory.
    const report = await runChild<AuditReport>(['--audit'], target);
    console.log('\naudit');
    for (const line of report.lines) console.log(`  ${line}`);
    if (report.problems.length > 0) {
      console.log(`  FAILED:\n    ${report.problems.slice(0, 20).join('\n    ')}`);
      process.exitCode = 1;
    } else {
      console.log('  PASSED');
    }
    if (errors > 0) process.exitCode = 1;
    console.log(describePeakRss());
    if (process.env.CHECKOUT_BENCH_CHILD === '1') {
      const figures: RunFigures = {
        database: pgUrl ? 'PostgreSQL' : 'SQLite',
        seconds,
        requestsPerSecond: requests / seconds,
        paidPerSecond: result.cycles / seconds,
        p50: percentile(all, 0.5),
        p99: percentile(all, 0.99),
        errors,
        statementsPerCall: probe.statements,
        transactionsPerCall: probe.transactions,
        statementsPerRequest,
        serverCpuUsPerRequest,
        loadCpuUsPerRequest,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
        auditPassed: report.problems.length === 0,
      };
      console.log(`${RESULT_MARKER}${JSON.stringify(figures)}`);
    }
  } finally {
    await app?.close();
    await db?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (schema) {
      const admin = new postgres!.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
}

/**
 * Runs this script with `args` in a child process, `input` on its stdin; returns its JSON output.
 * `onMeasuring` is called when the child says, over the IPC channel, that its measured seconds begin.
 */
function runChild<T>(args: string[], input: unknown, onMeasuring?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], {
      stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      if (message === 'measuring') onMeasuring?.();
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // 'close', not 'exit': the output may still be arriving when the process has exited.
    child.on('close', (code) =>
      // The JSON is the last line: a log line the server printed may come before it.
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as T)
        : reject(new Error(`${args[0]} process exited ${code}`)),
    );
    child.stdin!.end(JSON.stringify(input));
  });
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

/** Runs one build's bench in a child process, its report passed through; returns its figures. */
function runBuild(script: string): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script], {
      env: { ...process.env, CHECKOUT_BENCH_CHILD: '1', CHECKOUT_BENCH_COMPARE: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk.toString().replace(new RegExp(`^${RESULT_MARKER}.*\n?`, 'm'), ''));
    });
    child.on('error', reject);
    child.on('exit', () => {
      const line = output.split('\n').find((text) => text.startsWith(RESULT_MARKER));
      if (line) resolve(JSON.parse(line.slice(RESULT_MARKER.length)) as RunFigures);
      else reject(new Error(`${script} printed no figures (is it a build of this harness or later?)`));
    });
  });
}

/** CHECKOUT_BENCH_COMPARE: the older build and this one back to back, then side by side. */
async function compare(): Promise<void> {
  const builds = [
    ['before', path.resolve(process.env.CHECKOUT_BENCH_COMPARE!, 'bench-checkout.js')],
    ['this', fileURLToPath(import.meta.url)],
  ] as const;
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
  const runs: Record<string, RunFigures[]> = { before: [], this: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [label, script] of builds) {
      console.log(`\n=== ${label} (${script}), round ${round + 1} of ${rounds}`);
      runs[label]!.push(await runBuild(script));
    }
  }
  const [before, after] = [runs.before!, runs.this!];
  const pick = (list: RunFigures[], read: (run: RunFigures) => number) => median(list.map(read));
  const rows: [string, (run: RunFigures) => number, number][] = [
    ['requests/s', (run) => run.requestsPerSecond, 0],
    ['paid checkouts/s', (run) => run.paidPerSecond, 1],
    ['p50 ms (all calls)', (run) => run.p50, 1],
    ['p99 ms (all calls)', (run) => run.p99, 1],
    ['errors', (run) => run.errors, 0],
    ['SQL statements/request (load)', (run) => run.statementsPerRequest, 1],
    ['server CPU µs/request', (run) => run.serverCpuUsPerRequest, 0],
    ['load process CPU µs/request', (run) => run.loadCpuUsPerRequest, 0],
    ['server RSS peak MB', (run) => run.peakRssMb, 0],
  ];
  // Statements of a call alone: the fewest seen, since a timer's statements (the instance
  // heartbeat) may fall into one run's call.
  const fewest = (list: RunFigures[], read: (run: RunFigures) => number) => Math.min(...list.map(read));
  const counts: [string, (run: RunFigures) => number][] = [];
  for (const name of Object.keys(after[0]!.statementsPerCall)) {
    counts.push([`SQL statements ${name}`, (run) => run.statementsPerCall[name] ?? 0]);
    counts.push([`  transactions`, (run) => run.transactionsPerCall[name] ?? 0]);
  }
  console.log(
    `\nbench:checkout compared — ${after[0]!.database}, ${CUSTOMERS} customers, ${SECONDS}s a run, ${rounds} run(s) of each build alternately${rounds > 1 ? ' (medians)' : ''}`,
  );
  console.log(`${''.padEnd(44)} ${'before'.padStart(9)} ${'this'.padStart(9)}   this/before`);
  for (const [label, read, digits] of rows) {
    const [old, now] = [pick(before, read), pick(after, read)];
    console.log(
      `  ${label.padEnd(42)} ${old.toFixed(digits).padStart(9)} ${now.toFixed(digits).padStart(9)}   ${old > 0 ? (now / old).toFixed(2) : '–'}`,
    );
  }
  for (const [label, read] of counts) {
    const [old, now] = [fewest(before, read), fewest(after, read)];
    console.log(
      `  ${label.padEnd(42)} ${String(old).padStart(9)} ${String(now).padStart(9)}   ${old > 0 ? (now / old).toFixed(2) : '–'}`,
    );
  }
  const audit = (list: RunFigures[]) => (list.every((run) => run.auditPassed) ? 'passed' : 'FAILED');
  console.log(`  ${'audit'.padEnd(42)} ${audit(before).padStart(9)} ${audit(after).padStart(9)}`);
  if (after.some((run) => !run.auditPassed || run.errors > 0)) process.exitCode = 1;
}

/** The audit in a process of its own, on its own connection to the run's database. */
async function auditTarget(target: Target): Promise<AuditReport> {
  const db = openTarget(target);
  try {
    return await audit(db);
  } finally {
    await db.destroy();
  }
}

/**
 * What this script does when runChild starts it with one of these arguments: it reads its input as
 * JSON on stdin and prints its result as the last line of JSON.
 */
const CHILD_ROLES: Record<string, (input: string) => Promise<unknown>> = {
  '--setup': (input) => setUp(JSON.parse(input) as Target),
  '--audit': (input) => auditTarget(JSON.parse(input) as Target),
  '--load': (input) => runLoad(JSON.parse(input) as Plan),
};

const exitWithError = (error: unknown) => {
  console.error(error);
  process.exit(1);
};
const childRole = Object.keys(CHILD_ROLES).find((role) => process.argv.includes(role));
if (childRole) {
  // The IPC channel only carries the start of the load's measured seconds; it must not keep the process.
  process.channel?.unref();
  readStdin()
    .then(CHILD_ROLES[childRole])
    .then((result) => process.stdout.write(`\n${JSON.stringify(result)}\n`))
    .catch(exitWithError);
} else if (process.env.CHECKOUT_BENCH_COMPARE) {
  compare().catch(exitWithError);
} else {
  serve().catch(exitWithError);
}
