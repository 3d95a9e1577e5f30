/**
 * bench:checkout — 100 concurrent customers, each looping add-to-cart (addorderitem) → checkout
 * (addorder; the first with a coupon) → balance payment (BalancePaymannet) for 30 s against the
 * real server, from a separate load process (plain fetch loops). Prints throughput, p50/p99
 * latency per call and errors (target 0), then audits the database: every balance equals its
 * ledger, no order paid twice, no coupon used twice or beyond its stock, no stock below zero.
 *
 * SQLite in a temporary directory by default; BENCH_PG_URL=postgres://… runs on a fresh schema of
 * that database. BENCH_SECONDS and BENCH_CUSTOMERS change the run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from './app.ts';
import { loadConfig, withoutRateLimits } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { hashPassword } from './lib/crypto.ts';
import { DEMO_STAFF } from './modules/staff/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
const PRODUCT_ID = 1001;
const PASSWORD = 'Bench2026';

interface Plan {
  base: string;
  seconds: number;
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
}

// ---------------------------------------------------------------------------------------------
// The load process
// ---------------------------------------------------------------------------------------------

async function runLoad(plan: Plan): Promise<LoadResult> {
  const calls: Record<string, CallStats> = {};
  const errorSamples: string[] = [];
  let cycles = 0;
  const deadline = Date.now() + plan.seconds * 1000;

  const call = async (name: string, headers: Record<string, string>, body: unknown): Promise<any> => {
    const stats = (calls[name] ??= { count: 0, errors: 0, latencies: [] });
    const started = performance.now();
    let failure = '';
    let data: any = null;
    try {
      const response = await fetch(`${plan.base}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ bizcontent: body }),
      });
      const envelope = (await response.json()) as { success: boolean; message: string; data: any };
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

  const started = Date.now();
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
        const paid = await call('payment/BalancePaymannet', headers, { OrderIds: [order.Id] });
        if (paid) cycles++;
      }
    }),
  );
  return { elapsedMs: Date.now() - started, cycles, calls, errorSamples };
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

/** The audit the run must pass; returns the problems found. */
async function audit(db: Db): Promise<{ lines: string[]; problems: string[] }> {
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

async function serve(): Promise<void> {
  let dir = '';
  let schema = '';
  const pgUrl = process.env.BENCH_PG_URL ?? '';
  let db: Db;
  if (pgUrl) {
    schema = `bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = createDatabase({ url: pgUrl, file: '', schema });
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-bench-checkout-'));
    db = createDatabase({ url: '', file: path.join(dir, 'bench.sqlite') });
  }
  // One address signs in every customer: the request-rate limits would stop the set-up.
  const config = {
    ...loadConfig({}),
    ...withoutRateLimits(),
    LOG_LEVEL: 'warn' as const,
    WEB_DIST_DIR: 'off',
  };
  const { app, context } = await buildApp({ config, db });

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

    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const plan: Plan = { base, seconds: SECONDS, productId: PRODUCT_ID, selection, expressId, customers };
    console.log(
      `bench:checkout — Node ${process.version}, ${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${CUSTOMERS} customers × (addorderitem → addorder → BalancePaymannet) for ${SECONDS}s`,
    );
    const result = await new Promise<LoadResult>((resolve, reject) => {
      const load = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--load'], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let output = '';
      load.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      load.on('error', reject);
      load.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(output) as LoadResult)
          : reject(new Error(`load process exited ${code}`)),
      );
      load.stdin.end(JSON.stringify(plan));
    });

    const seconds = result.elapsedMs / 1000;
    const all = Object.values(result.calls)
      .flatMap((stats) => stats.latencies)
      .sort((a, b) => a - b);
    const requests = all.length;
    const errors = Object.values(result.calls).reduce((sum, stats) => sum + stats.errors, 0);
    console.log(
      `\nrequests ${requests} in ${seconds.toFixed(1)}s = ${(requests / seconds).toFixed(0)} req/s; checkouts paid ${result.cycles} = ${(result.cycles / seconds).toFixed(1)}/s`,
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

    const report = await audit(db);
    console.log('\naudit');
    for (const line of report.lines) console.log(`  ${line}`);
    if (report.problems.length > 0) {
      console.log(`  FAILED:\n    ${report.problems.slice(0, 20).join('\n    ')}`);
      process.exitCode = 1;
    } else {
      console.log('  PASSED');
    }
    if (errors > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await db.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (schema) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

if (process.argv.includes('--load')) {
  readStdin()
    .then((text) => runLoad(JSON.parse(text) as Plan))
    .then((result) => process.stdout.write(JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
} else {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
