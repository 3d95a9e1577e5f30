/**
 * A server killed (SIGKILL) in the middle of payments and started again: every payment is whole
 * or absent — no order paid without its ledger line and deduction, no ledger line without its
 * order moved, no balance that differs from its ledger. The server runs as a child process (the
 * real entry point, through tsx) on a database prepared in this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Db } from '../../db/database.ts';
import { isPostgres, PG_URL, type TestServer } from '../../test/harness.ts';
import { Shopper } from '../orders/orders.test-support.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SECRET = 'crash-test-signing-secret';
const CUSTOMERS = 8;
const ORDERS_PER_CUSTOMER = 30;

let dir = '';
let schema = '';
let environment: Record<string, string> = {};
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startChild(port: number): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...environment, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  started.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.exitCode !== null) throw new Error(`server exited: ${errors}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.kill('SIGKILL');
  throw new Error(`server did not start: ${errors}`);
}

function killChild(running: ChildProcess): Promise<void> {
  if (running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

beforeAll(async () => {
  if (isPostgres) {
    schema = `crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const separator = PG_URL.includes('?') ? '&' : '?';
    environment = { DATABASE_URL: `${PG_URL}${separator}options=-c%20search_path%3D${schema}` };
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-crash-'));
    environment = { DATABASE_URL: '', DATABASE_FILE: path.join(dir, 'crash.sqlite') };
  }
  Object.assign(environment, {
    SIGNING_SECRET: SECRET,
    WEB_DIST_DIR: 'off',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  });
});

afterAll(async () => {
  if (child) await killChild(child);
  if (isPostgres) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  } else if (dir) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function openDb(): Db {
  return createDatabase({ url: environment.DATABASE_URL ?? '', file: environment.DATABASE_FILE ?? '' });
}

interface Prepared {
  shoppers: { accesstoken: string; authtoken: string; orders: number[] }[];
  notices: unknown[];
}

/** Customers with balance, unpaid orders, and signed gateway notifications for some of them. */
async function prepare(): Promise<Prepared> {
  const db = openDb();
  const config = { ...loadConfig(environment), LOG_LEVEL: 'silent' as const };
  const { app, context } = await buildApp({ config, db, logger: false });
  await app.ready();
  const server = { app, context } as unknown as TestServer;
  const gateway = new SimulatorGateway(SECRET);
  const prepared: Prepared = { shoppers: [], notices: [] };
  for (let index = 0; index < CUSTOMERS; index++) {
    const shopper = await Shopper.register(
      server,
      '127.0.0.1',
      `1370000${5000 + index}`,
      `198.21.0.${index + 1}`,
    );
    await shopper.recharge(ORDERS_PER_CUSTOMER * 2500);
    const line = await shopper.addToCart(1001);
    const orders: number[] = [];
    for (let count = 0; count < ORDERS_PER_CUSTOMER; count++) {
      const again = await shopper.addToCart(1001);
      const placed = await shopper.checkout([again.Id]);
      expect(placed.success, placed.message).toBe(true);
      orders.push(placed.data.Id);
    }
    await shopper.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id] });
    // Every third order is paid by QR code: its notification races the balance payments.
    for (const orderId of orders.filter((_, at) => at % 3 === 0)) {
      const payment = await shopper.createPayment([orderId]);
      await shopper.qrCode(payment.PaymentNo);
      prepared.notices.push(
        gateway.buildNotification({
          paymentNo: payment.PaymentNo,
          amountFen: payment.AmountFen,
          payType: 'wechat',
          status: 'SUCCESS',
          now: Date.now(),
        }),
      );
    }
    prepared.shoppers.push({
      accesstoken: shopper.client.accesstoken,
      authtoken: shopper.client.authtoken,
      orders: orders.filter((_, at) => at % 3 !== 0),
    });
  }
  await app.close();
  await db.destroy();
  return prepared;
}

/** What must hold in the database after any crash. */
async function checkInvariants(db: Db): Promise<{ paidOrders: number; unpaidOrders: number }> {
  const orders = await db.selectFrom('orders').selectAll().execute();
  const payments = new Map(
    (await db.selectFrom('payments').selectAll().execute()).map((row) => [row.id, row]),
  );
  const links = await db.selectFrom('payment_orders').selectAll().execute();
  const ledger = await db.selectFrom('ledger_entries').selectAll().execute();
  let paidOrders = 0;
  let unpaidOrders = 0;
  for (const order of orders) {
    const applied = links.filter((link) => link.order_id === order.id && link.outcome === 'applied');
    if (order.status === 1) {
      unpaidOrders++;
      expect(applied, `unpaid order ${order.id} has an applied payment`).toHaveLength(0);
      expect(order.payment_id).toBeNull();
      continue;
    }
    paidOrders++;
    expect(order.status).toBe(2);
    expect(applied, `order ${order.id} applied payments`).toHaveLength(1);
    const payment = payments.get(order.payment_id ?? 0);
    expect(payment?.status, `order ${order.id} payment`).toBe('paid');
    expect(ledger.some((line) => line.payment_id === payment!.id && line.type === 'payment')).toBe(true);
  }
  for (const payment of payments.values()) {
    if (payment.status !== 'paid') {
      expect(ledger.some((line) => line.payment_id === payment.id)).toBe(false);
      continue;
    }
    expect(
      ledger.filter((line) => line.payment_id === payment.id && line.type !== 'refund').length,
    ).toBeGreaterThanOrEqual(1);
    for (const link of links.filter((item) => item.payment_id === payment.id))
      expect(link.outcome).not.toBe('');
  }
  for (const balance of await db.selectFrom('customer_balances').selectAll().execute()) {
    const sum = ledger
      .filter((line) => line.customer_id === balance.customer_id)
      .reduce((total, line) => total + line.balance_change_fen, 0);
    expect(sum, `customer ${balance.customer_id}`).toBe(balance.balance_fen);
    expect(balance.balance_fen).toBeGreaterThanOrEqual(0);
  }
  return { paidOrders, unpaidOrders };
}

it('leaves no half-paid order and loses no ledger line when killed in the middle of payments', async () => {
  const prepared = await prepare();
  const port = await freePort();
  child = await startChild(port);
  const base = `http://127.0.0.1:${port}`;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(
      (response) => response.status,
      () => 0,
    );

  const work: (() => Promise<number>)[] = [];
  for (const shopper of prepared.shoppers) {
    const headers = { authtoken: shopper.authtoken, accesstoken: shopper.accesstoken };
    for (const orderId of shopper.orders) {
      work.push(() =>
        post('/api/payment/BalancePaymannet', { bizcontent: { OrderIds: [orderId] } }, headers),
      );
    }
  }
  for (const notice of prepared.notices) work.push(() => post('/api/payment/notify/simulator', notice));
  work.sort(() => Math.random() - 0.5);

  // Eight requests in flight at a time; the server is killed while they keep coming.
  let next = 0;
  let answered = 0;
  const runner = async () => {
    while (next < work.length) {
      const status = await work[next++]!();
      if (status === 200) answered++;
    }
  };
  const runners = Array.from({ length: 8 }, runner);
  while (answered < work.length / 4) await new Promise((resolve) => setTimeout(resolve, 5));
  await killChild(child);
  await Promise.all(runners);

  const db = openDb();
  try {
    const afterCrash = await checkInvariants(db);
    expect(afterCrash.paidOrders).toBeGreaterThan(0);
    expect(afterCrash.unpaidOrders).toBeGreaterThan(0);

    // Started again, the server finishes the job: every remaining order can be paid.
    child = await startChild(port);
    for (const job of work) await job();
    const afterRestart = await checkInvariants(db);
    expect(afterRestart.unpaidOrders).toBe(0);
  } finally {
    await killChild(child);
    await db.destroy();
  }
}, 180_000);
