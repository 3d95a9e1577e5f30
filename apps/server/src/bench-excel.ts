/**
 * bench:excel — exports 100,000 orders of one customer as .xlsx through the real call
 * (POST /api/v1/post_export_excel) from a server in a child process on a fresh SQLite file, and
 * prints: rows per second against a baseline (the same rows read through the orders module's
 * export pages with no workbook written), the file's size, and how much the server's RSS grew
 * while it streamed (target ≤ 50 MB), once for a download read as fast as it comes and once for a
 * slow one (BENCH_EXCEL_SLOW_MBPS, default 1 MB/s), where the export must wait for the reader
 * instead of filling memory. The file of the fast run is read back and its rows counted.
 *
 * BENCH_EXCEL_ROWS (default 100000) sets the number of orders. Exits 1 when a target is missed.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from './app.ts';
import { describePeakRss } from './bench-support.ts';
import { loadConfig, withoutRateLimits } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { exportCustomerOrders } from './modules/orders/index.ts';

const ROWS = Number(process.env.BENCH_EXCEL_ROWS ?? 100_000);
const SLOW_MBPS = Number(process.env.BENCH_EXCEL_SLOW_MBPS ?? 1);
const RSS_GROWTH_LIMIT_MB = 50;
const HOST = 'demo.localhost';
const MB = 1024 * 1024;

interface ServerMessage {
  port?: number;
  /** RSS when asked (before an export), and the highest RSS seen since, in bytes. */
  rssBefore?: number;
  rssPeak?: number;
  /** The server process's peak RSS since it started (resourceUsage().maxRSS), in KiB. */
  maxRssKb?: number;
  baselineRowsPerSecond?: number;
  seededSeconds?: number;
}

type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** The demo merchant's seeded customer. */
function demoCustomer(app: BenchApp) {
  return app.context.db
    .selectFrom('customers as c')
    .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
    .select(['c.id as customerId', 'c.merchant_id as merchantId'])
    .where('m.code', '=', 'demo')
    .where('c.account', '=', DEMO_ACCOUNTS[0].account)
    .executeTakeFirstOrThrow();
}

/** The demo customer's orders, written straight into the database: `count` of them, one line each. */
async function seedOrders(app: BenchApp, count: number): Promise<void> {
  const { db, clock } = app.context;
  const owner = await demoCustomer(app);
  const address = JSON.stringify({
    Contacts: '张经理',
    PhoneNumber: '13800138000',
    Province: '广东省',
    City: '深圳市',
    Region: '南山区',
    Address: '科技园南区深南大道 9988 号',
    Citys: ['440000', '440300', '440305'],
    ProvinceCode: '440000',
  });
  const start = clock.now() - count * 60_000;
  const batch = 500;
  for (let from = 0; from < count; from += batch) {
    await db.transaction().execute(async (trx) => {
      const size = Math.min(batch, count - from);
      const orders = Array.from({ length: size }, (_, k) => {
        const i = from + k;
        const at = start + i * 60_000;
        return {
          merchant_id: owner.merchantId,
          customer_id: owner.customerId,
          order_no: `B${String(i).padStart(9, '0')}`,
          status: 1 + (i % 5),
          goods_fen: 3_800 + (i % 97) * 100,
          express_fen: 1_200,
          discount_fen: i % 10 === 0 ? 500 : 0,
          total_fen: 3_800 + (i % 97) * 100 + 1_200 - (i % 10 === 0 ? 500 : 0),
          weight_grams: 850,
          coupon_id: null,
          address_id: null,
          address_json: address,
          express_company_id: null,
          express_company_name: '顺丰速运',
          tracking_no: i % 5 >= 3 ? `SF${String(i).padStart(12, '0')}` : '',
          remarks: i % 7 === 0 ? '请在周五前送达，前台签收' : '',
          payment_id: null,
          pay_method: i % 5 === 0 ? '' : 'balance',
          unpaid_expires_at: at + 86_400_000,
          paid_at: i % 5 === 0 ? null : at + 30_000,
          production_started_at: null,
          shipped_at: null,
          completed_at: null,
          cancelled_at: null,
          created_at: at,
          updated_at: at,
        };
      });
      const ids = await trx.insertInto('orders').values(orders).returning('id').execute();
      await trx
        .insertInto('order_lines')
        .values(
          ids.map(({ id }, k) => ({
            merchant_id: owner.merchantId,
            customer_id: owner.customerId,
            order_id: id,
            product_id: 1001,
            product_title: '商务名片',
            unit: '盒',
            price_mode: 'offer',
            catalog_version: 1,
            selection_json: '{}',
            spec_text: '90×54mm · 300g铜版纸 · 双面四色 · 覆哑膜',
            quantity: 1 + ((from + k) % 10),
            amount_fen: orders[k]!.goods_fen,
            unit_price_fen: orders[k]!.goods_fen,
            weight_grams: 850,
            production_days: 2,
            sku_code: null,
            quote_json: '[]',
            source_order_id: null,
            created_at: orders[k]!.created_at,
            updated_at: orders[k]!.created_at,
            removed_at: null,
          })),
        )
        .execute();
    });
  }
}

function benchConfig(dir: string) {
  return {
    ...loadConfig({}),
    ...withoutRateLimits(),
    DATABASE_FILE: path.join(dir, 'bench.sqlite'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    LOG_LEVEL: 'warn' as const,
  };
}

/** A first child writes the orders and exits, so the server starts without the seeding's garbage. */
async function runSeed(dir: string): Promise<void> {
  const built = await buildApp({ config: benchConfig(dir) });
  const started = performance.now();
  await seedOrders(built, ROWS);
  process.send!({ seededSeconds: (performance.now() - started) / 1000 } satisfies ServerMessage);
  await built.app.close();
}

/** The second child: a real server on the seeded SQLite file, measuring its own RSS. */
async function runServer(dir: string): Promise<void> {
  const built = await buildApp({ config: benchConfig(dir) });
  const owner = await demoCustomer(built);
  const address = await built.app.listen({ host: '127.0.0.1', port: 0 });

  let rssBefore = 0;
  let rssPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 5);
  sampler.unref();

  process.send!({ port: Number(new URL(address).port) } satisfies ServerMessage);
  process.on('message', (message) => {
    void (async () => {
      if (message === 'baseline') {
        const started = performance.now();
        let rows = 0;
        const orders = exportCustomerOrders(built.context.db, owner, { Status: 0, Keyword: '' });
        for await (const page of orders.pages()) rows += page.length;
        const seconds = (performance.now() - started) / 1000;
        process.send!({ baselineRowsPerSecond: rows / seconds } satisfies ServerMessage);
      }
      if (message === 'reset') {
        rssBefore = process.memoryUsage.rss();
        rssPeak = rssBefore;
        process.send!({ rssBefore } satisfies ServerMessage);
      }
      if (message === 'rss') {
        process.send!({
          rssBefore,
          rssPeak,
          maxRssKb: process.resourceUsage().maxRSS,
        } satisfies ServerMessage);
      }
      if (message === 'stop') await built.app.close().then(() => process.exit(0));
    })();
  });
}

async function call(base: string, url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: HOST, ...headers },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { success: boolean; message: string; data: any };
  if (!reply.success) throw new Error(`${url}: ${reply.message}`);
  return reply.data;
}

async function signIn(base: string): Promise<Record<string, string>> {
  const company = await call(base, '/api/common/CheckDomainName', {}, { bizcontent: { domainName: HOST } });
  const token = await call(
    base,
    '/api/oauth/RequestOauthToken',
    {},
    { appid: company.AppId, bizcontent: { secret: company.AppSecret } },
  );
  const demo = DEMO_ACCOUNTS[0];
  const access = await call(
    base,
    '/api/oauth/RequestAccessToken',
    { authtoken: token.Token },
    { bizcontent: { LoginType: 1, Account: demo.account, Password: demo.password } },
  );
  return { host: HOST, authtoken: token.Token, accesstoken: access.AccessToken };
}

/**
 * Makes the export call and reads the reply; with `mbPerSecond` the reading is held to that pace
 * (a slow connection). Writes the file to `savePath` when given. Returns bytes and seconds.
 */
function download(
  base: string,
  headers: Record<string, string>,
  body: unknown,
  options: { mbPerSecond?: number; savePath?: string } = {},
): Promise<{ bytes: number; seconds: number; fileName: string; rows: string }> {
  const payload = JSON.stringify({ bizcontent: body });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/v1/post_export_excel`,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        if (!String(response.headers['content-type']).includes('spreadsheetml')) {
          reject(
            new Error(`not a workbook: ${response.statusCode} ${String(response.headers['content-type'])}`),
          );
          response.resume();
          return;
        }
        const file = options.savePath ? fs.createWriteStream(options.savePath) : null;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          file?.write(chunk);
          if (options.mbPerSecond) {
            const due = (bytes / (options.mbPerSecond * 1e6)) * 1000;
            const ahead = due - (performance.now() - started);
            if (ahead > 0) {
              response.pause();
              setTimeout(() => response.resume(), ahead);
            }
          }
        });
        response.on('error', reject);
        response.on('end', () => {
          const done = () =>
            resolve({
              bytes,
              seconds: (performance.now() - started) / 1000,
              fileName: decodeURIComponent(
                /filename\*=UTF-8''([^;]+)/.exec(String(response.headers['content-disposition']))?.[1] ?? '',
              ),
              rows: String(response.headers['x-export-rows']),
            });
          if (file) file.end(done);
          else done();
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Rows of the first sheet of an .xlsx file, read as a stream. */
async function countRows(filePath: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {});
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) if (row) rows += 1;
    break;
  }
  return rows;
}

async function main(): Promise<void> {
  if (process.argv[2] === '--seed') return runSeed(process.argv[3]!);
  if (process.argv[2] === '--server') return runServer(process.argv[3]!);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-bench-excel-'));
  const start = (role: string) =>
    fork(process.argv[1]!, [role, dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const seeder = start('--seed');
  const seeded = await new Promise<ServerMessage>((resolve) => seeder.once('message', resolve));
  await new Promise((resolve) => seeder.once('exit', resolve));
  const child = start('--server');
  const ask = (message: string) =>
    new Promise<ServerMessage>((resolve) => {
      child.once('message', (reply) => resolve(reply as ServerMessage));
      if (message) child.send(message);
    });
  /** Runs one export between two RSS readings of the server. */
  const measure = async <T>(
    name: string,
    run: () => Promise<T>,
  ): Promise<{ name: string; growthMb: number; beforeMb: number; peakMb: number; result: T }> => {
    const { rssBefore = 0 } = await ask('reset');
    const result = await run();
    const { rssPeak = 0 } = await ask('rss');
    return {
      name,
      growthMb: (rssPeak - rssBefore) / MB,
      beforeMb: rssBefore / MB,
      peakMb: rssPeak / MB,
      result,
    };
  };
  try {
    console.log(
      `bench:excel — ${ROWS} orders of one customer → .xlsx over HTTP, SQLite; ` +
        `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(`seed: ${ROWS} orders written in ${(seeded.seededSeconds ?? 0).toFixed(1)} s (not timed)`);
    const { port } = await ask('');
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    const body = { ExportExcelType: 'orders' };
    // Warm-up: the code paths and exceljs loaded, on a few rows.
    await download(base, headers, { ...body, Keyword: 'B00000001' });

    const savePath = path.join(dir, 'orders.xlsx');
    const runs: { name: string; growthMb: number; beforeMb: number; peakMb: number }[] = [];

    const fast = await measure('fast download', () => download(base, headers, body, { savePath }));
    // The baseline runs after the exports, so its garbage is not in their way.
    const { baselineRowsPerSecond = 0 } = await ask('baseline');
    const rowsPerSecond = ROWS / fast.result.seconds;
    console.log(
      `baseline   ${baselineRowsPerSecond.toFixed(0)} rows/s (the rows read through the orders module's export pages, no workbook)`,
    );
    console.log(
      `export     ${rowsPerSecond.toFixed(0)} rows/s, ${fast.result.seconds.toFixed(2)} s, ` +
        `${(fast.result.bytes / MB).toFixed(1)} MiB, ${(rowsPerSecond / baselineRowsPerSecond).toFixed(2)} of the baseline; ` +
        `file ${fast.result.fileName}, X-Export-Rows ${fast.result.rows}`,
    );
    runs.push(fast);
    const rowsInFile = await countRows(savePath);
    const isComplete = rowsInFile === ROWS + 2;
    console.log(
      `file       ${rowsInFile} rows read back (header, ${ROWS} orders, sum row) ${isComplete ? 'OK' : 'WRONG'}`,
    );

    const slow = await measure(`slow download (${SLOW_MBPS} MB/s)`, () =>
      download(base, headers, body, { mbPerSecond: SLOW_MBPS }),
    );
    console.log(
      `slow       ${(ROWS / slow.result.seconds).toFixed(0)} rows/s, ${slow.result.seconds.toFixed(1)} s at ${SLOW_MBPS} MB/s`,
    );
    runs.push(slow);

    let isMet = isComplete;
    for (const run of runs) {
      const ok = run.growthMb <= RSS_GROWTH_LIMIT_MB;
      isMet &&= ok;
      console.log(
        `RSS        ${run.name}: grew ${run.growthMb.toFixed(1)} MB, ${run.beforeMb.toFixed(0)} → ${run.peakMb.toFixed(0)} MB ` +
          `(target ≤ ${RSS_GROWTH_LIMIT_MB} MB) ${ok ? 'MET' : 'NOT MET'}`,
      );
    }
    const { maxRssKb = 0 } = await ask('rss');
    console.log(describePeakRss(maxRssKb));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
    if (!isMet) process.exitCode = 1;
  } finally {
    if (child.exitCode === null) child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
