/**
 * SQLite result rows: better-sqlite3's own row objects against rows read as arrays and built by
 * the statement's generated row builder (apps/server/src/db/sqlite-rows.ts), on the same statement
 * text, the same rows, rounds alternating. Run with `npx tsx bench/sqlite-rows.ts`.
 *
 * The table has the orders table's 32 columns (apps/server/src/db/schema.ts); the statements are
 * the checkout's shapes: one row by its id, and a customer's page of 20.
 */
import SqliteDatabase from 'better-sqlite3';
import { ArrayRowStatement } from '../apps/server/src/db/sqlite-rows.ts';
import { median } from '../apps/server/src/bench-stats.ts';

const ROUNDS = 7;
const ROUND_MS = 400;

const COLUMNS = [
  'merchant_id integer',
  'customer_id integer',
  'order_no text',
  'status integer',
  'review_state text',
  'reject_reason text',
  'goods_fen integer',
  'express_fen integer',
  'discount_fen integer',
  'total_fen integer',
  'refund_fen integer',
  'weight_grams integer',
  'coupon_id integer',
  'coupon_name text',
  'address_id integer',
  'address_json text',
  'express_company_id integer',
  'express_company_name text',
  'tracking_no text',
  'remarks text',
  'cancel_reason text',
  'payment_id integer',
  'pay_method text',
  'unpaid_expires_at integer',
  'paid_at integer',
  'production_started_at integer',
  'shipped_at integer',
  'completed_at integer',
  'cancelled_at integer',
  'created_at integer',
  'updated_at integer',
];

function openDatabase(): SqliteDatabase.Database {
  const db = new SqliteDatabase(':memory:');
  db.exec(`create table orders (id integer primary key, ${COLUMNS.join(', ')})`);
  db.exec('create index orders_customer on orders (merchant_id, customer_id, id)');
  const names = COLUMNS.map((column) => column.split(' ')[0]!);
  const insert = db.prepare(
    `insert into orders (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
  );
  for (let index = 0; index < 2_000; index++) {
    insert.run(
      names.map((name, column) =>
        name.endsWith('_json')
          ? JSON.stringify({ Province: '浙江省', City: '杭州市', Detail: `文三路 ${index} 号` })
          : COLUMNS[column]!.endsWith('text')
            ? `${name}-${index}`
            : name === 'customer_id'
              ? index % 100
              : name === 'merchant_id'
                ? 1
                : index * 7 + column,
      ),
    );
  }
  return db;
}

interface Case {
  label: string;
  sql: string;
  parameters: (round: number) => unknown[];
}

const CASES: Case[] = [
  {
    label: 'one order by id',
    sql: 'select * from orders where id = ?',
    parameters: (i) => [(i % 2_000) + 1],
  },
  {
    label: 'a customer’s 20 orders',
    sql: 'select * from orders where merchant_id = ? and customer_id = ? order by id desc limit 20',
    parameters: (i) => [1, i % 100],
  },
];

/** Statements run a second by `all` over ROUND_MS. */
function rate(all: (parameters: unknown[]) => unknown[], parameters: Case['parameters']): number {
  let count = 0;
  let sink = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let index = 0; index < 200; index++) sink += all(parameters(count++)).length;
    elapsed = performance.now() - started;
  }
  if (sink < 0) console.log(sink);
  return (count / elapsed) * 1000;
}

const db = openDatabase();
console.log(
  `SQLite result rows — Node ${process.version}, one thread, median of ${ROUNDS} × ${ROUND_MS} ms\n`,
);
for (const testCase of CASES) {
  const objects = db.prepare(testCase.sql);
  const arrays = new ArrayRowStatement(db.prepare(testCase.sql));
  const same =
    JSON.stringify(objects.all(testCase.parameters(5))) ===
    JSON.stringify(arrays.all(testCase.parameters(5)));
  const objectRates: number[] = [];
  const arrayRates: number[] = [];
  rate((parameters) => objects.all(parameters), testCase.parameters);
  rate((parameters) => arrays.all(parameters), testCase.parameters);
  for (let round = 0; round < ROUNDS; round++) {
    objectRates.push(rate((parameters) => objects.all(parameters), testCase.parameters));
    arrayRates.push(rate((parameters) => arrays.all(parameters), testCase.parameters));
  }
  const before = median(objectRates);
  const after = median(arrayRates);
  console.log(
    `${testCase.label.padEnd(24)} better-sqlite3's objects ${Math.round(before).toLocaleString('en').padStart(8)}/s   ` +
      `arrays + row builder ${Math.round(after).toLocaleString('en').padStart(8)}/s   × ${(after / before).toFixed(2)}   same rows: ${same}`,
  );
}
