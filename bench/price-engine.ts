/**
 * Price-engine benchmark: quotes per second of CPU time on one core (JavaScript runs quotes on a
 * single thread; CPU time rather than the clock, so that other work on the machine counts less)
 * for every demo product, then the heaviest one against a trivial baseline measured in the same
 * run, so that the ratio is comparable across machines.
 *
 *   npx tsx bench/price-engine.ts
 *
 * PRICE_BENCH_COMPARE=<dir> also quotes the heaviest product with an older engine in the same
 * run, rounds alternating with this one: <dir> holds an earlier commit's packages/domain (e.g.
 * `git archive <commit> packages/domain | tar -x -C .tmp/before`, then
 * PRICE_BENCH_COMPARE=.tmp/before), inside the repository so that it finds the same node_modules.
 */
import path from 'node:path';
import type * as CatalogPricing from '../packages/domain/src/catalog-pricing.ts';
import { pathToFileURL } from 'node:url';
import { median } from '../apps/server/src/bench-stats.ts';
import {
  calculatePrice,
  compileCatalog,
  getDemoCatalog,
  type CompiledProduct,
  type QuoteSelection,
} from '../packages/domain/src/catalog-pricing.ts';

/** Throughput goal for the heaviest demo product (issue: catalogue, price engine and quotation). */
const TARGET_QUOTES_PER_SECOND = 100_000;
const ROUND_MS = 400;
const ROUNDS = 7;

/** Valid selections of the product, varied over quantity, so no single input is cached. */
const SELECTIONS: Record<number, (quantity: number, turn: number) => QuoteSelection> = {
  1001: (q, t) => ({
    widthMm: 80 + (t % 20),
    heightMm: 50,
    styleId: 'cb300',
    colourId: '4c2',
    technologyIds: ['lm', 'yj', 'uv'],
    quantity: 1 + (q % 200),
  }),
  2001: (q) => ({
    sizeId: 'd16',
    styleId: 'cb157',
    colourId: '4c2',
    technologyIds: ['lm', 'zy3', 'dk'],
    quantity: 50 * (1 + (q % 2000)),
  }),
  2002: (q) => ({
    sizeId: 'a3',
    styleId: 'cb200',
    colourId: '4c1',
    technologyIds: ['lg'],
    quantity: 1 + (q % 5000),
  }),
  2003: (q, t) => ({
    sizeId: t % 2 === 0 ? 'a4' : 'd16',
    styleId: 'cb250',
    innerStyleId: 'cb157',
    pageCount: 8 + 4 * (t % 10),
    colourId: '4c2',
    technologyIds: ['qmd', 'fmlm', 'fmuv', 'fmtj'],
    quantity: 20 + 10 * (q % 1000),
  }),
  3001: (q) => ({
    sizeId: 's6040',
    styleId: 'bgj',
    colourId: '4c1',
    technologyIds: ['mq', 'lm'],
    quantity: 100 * (1 + (q % 1000)),
  }),
  4001: (q) => ({
    widthMm: 3000,
    heightMm: 1000 + (q % 5000),
    styleId: 'pbu',
    colourId: '4c1',
    technologyIds: ['dk', 'hq'],
    quantity: 1 + (q % 100),
  }),
  4002: (q) => ({
    widthMm: 400,
    heightMm: 600,
    styleId: 'ppbj',
    colourId: '4c1',
    technologyIds: ['lm', 'kt'],
    quantity: 1 + (q % 500),
  }),
  5001: (q) => ({
    sizeId: 'm',
    styleId: 'bk250',
    colourId: '4c1',
    technologyIds: ['lm', 'mq', 'sg'],
    quantity: 100 * (1 + (q % 1000)),
  }),
  5002: (q) => ({
    sizeId: 'no5',
    styleId: 'sj120',
    colourId: 'k1',
    technologyIds: ['hk', 'fk'],
    quantity: 500 * (1 + (q % 400)),
  }),
};

const POOL_SIZE = 1024;
let sink = 0;

/** Calls per second of `run` over a pool of inputs during one timed round. */
function timeRound<T>(pool: readonly T[], run: (input: T) => number): number {
  let calls = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  while (performance.now() - start < ROUND_MS) {
    for (let index = 0; index < POOL_SIZE; index += 1) sink += run(pool[index] as T);
    calls += POOL_SIZE;
  }
  // Per second of this process's CPU time, not of the clock: on a shared machine the time the
  // process waits for a core is not the engine's (the CPU time includes V8's helper threads).
  const cpu = process.cpuUsage(cpuStart);
  return calls / ((cpu.user + cpu.system) / 1_000_000);
}

/** Median calls per second of each runner; rounds alternate between runners so that both see the same machine load. */
function measure<T>(pool: readonly T[], ...runs: ((input: T) => number)[]): number[] {
  const rates = runs.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round += 1)
    runs.forEach((run, at) => rates[at]?.push(timeRound(pool, run)));
  return rates.map(median);
}

function poolFor(product: CompiledProduct): QuoteSelection[] {
  const make = SELECTIONS[product.id];
  if (!make) throw new Error(`no benchmark selections for product ${product.id}`);
  const pool = Array.from({ length: POOL_SIZE }, (_, turn) => make(turn * 7919, turn));
  for (const selection of pool) {
    const result = calculatePrice(product, selection);
    if (!result.ok) throw new Error(`benchmark selection refused for ${product.id}: ${result.reason}`);
  }
  return pool;
}

const quote =
  (product: CompiledProduct) =>
  (selection: QuoteSelection): number => {
    const result = calculatePrice(product, selection);
    return result.ok ? result.totalFen : 0;
  };
/** Trivial baseline: reads the same inputs and does a little integer arithmetic. */
const baseline = (selection: QuoteSelection): number =>
  (selection.quantity * 137 + (selection.pageCount ?? 0)) % 1009;

const products = [...compileCatalog(getDemoCatalog('demo')).values()];
const format = (value: number): string => Math.round(value).toLocaleString('en-US');

console.log(
  `Price engine benchmark — Node ${process.version}, one thread, median of ${ROUNDS} rounds of ${ROUND_MS} ms\n`,
);
const results = products.map((product) => {
  const pool = poolFor(product);
  timeRound(pool, quote(product)); // warm-up
  return { product, pool, rate: measure(pool, quote(product))[0] ?? 0 };
});
for (const { product, rate } of results)
  console.log(
    `  ${String(product.id).padEnd(5)} ${product.title.padEnd(8, '　')} ${format(rate).padStart(12)} quotes/s`,
  );

// 企业画册 does the most work per quote: two printed parts, each tried on three presses, four
// technologies. Chosen by structure, not by the noisy table above.
const HEAVIEST_PRODUCT_ID = 2003;
const heaviest = results.find((item) => item.product.id === HEAVIEST_PRODUCT_ID);
if (!heaviest) throw new Error(`demo product ${HEAVIEST_PRODUCT_ID} is missing`);
timeRound(heaviest.pool, baseline); // warm-up
const [engineRate = 0, baselineRate = 0] = measure(heaviest.pool, quote(heaviest.product), baseline);

console.log(`\nHeaviest demo product: ${heaviest.product.id} ${heaviest.product.title}`);
console.log(`  price engine   ${format(engineRate).padStart(14)} quotes/s`);
console.log(
  `  baseline       ${format(baselineRate).padStart(14)} calls/s (trivial arithmetic on the same inputs)`,
);
console.log(
  `  ratio          ${(baselineRate / engineRate).toFixed(1).padStart(14)} × slower than the baseline`,
);
console.log(
  `  target         ${format(TARGET_QUOTES_PER_SECOND).padStart(14)} quotes/s — ${engineRate >= TARGET_QUOTES_PER_SECOND ? 'met' : 'NOT met'}`,
);

if (process.env.PRICE_BENCH_COMPARE) {
  const before = (await import(
    pathToFileURL(path.resolve(process.env.PRICE_BENCH_COMPARE, 'packages/domain/src/catalog-pricing.ts'))
      .href
  )) as typeof CatalogPricing;
  const oldProduct = before.compileCatalog(before.getDemoCatalog('demo')).get(HEAVIEST_PRODUCT_ID);
  if (!oldProduct) throw new Error(`demo product ${HEAVIEST_PRODUCT_ID} is missing from the older engine`);
  const oldQuote = (selection: QuoteSelection): number => {
    const result = before.calculatePrice(oldProduct, selection);
    return result.ok ? result.totalFen : 0;
  };
  for (const selection of heaviest.pool) {
    if (oldQuote(selection) !== quote(heaviest.product)(selection))
      throw new Error('the older engine prices a benchmark selection differently');
  }
  timeRound(heaviest.pool, oldQuote); // warm-up
  const [oldRate = 0, newRate = 0] = measure(heaviest.pool, oldQuote, quote(heaviest.product));
  console.log(`\nSame run, ${HEAVIEST_PRODUCT_ID}, rounds alternating (${process.env.PRICE_BENCH_COMPARE}):`);
  console.log(`  before         ${format(oldRate).padStart(14)} quotes/s`);
  console.log(`  this           ${format(newRate).padStart(14)} quotes/s`);
  console.log(`  this/before    ${(newRate / oldRate).toFixed(2).padStart(14)}`);
}
if (sink === Number.MIN_SAFE_INTEGER) console.log(sink);
