/**
 * bench:price — in one run: (1) the price engine's quotes per second on one core for the heaviest
 * demo product (企业画册 2003: two printed parts, three presses each, four technologies), target
 * ≥ 300,000/s; (2) throughput of CalculationProductPriceToOffer for that product on the real
 * server against a bare route that receives the same request and returns the same bytes, so the
 * ratio is what tenancy, token, validation, catalogue cache, engine and envelope cost together.
 * Target: ratio ≥ 0.6 on SQLite. The load generator runs in a separate process. The server
 * process's CPU time per request of each is printed too, and their ratio: on a shared machine it
 * moves less with the other work than requests per second do. The two loads alternate for
 * BENCH_ROUNDS rounds (default 3) and the ratio printed is the median of the rounds' ratios: on a
 * noisy machine one pair of loads a minute apart gave 0.39 and 0.71 for the same build.
 * BENCH_CPU_PROF=<file.cpuprofile> records the server's CPU profile during the quote call's load
 * only (the first round's), BENCH_CPU_PROF_BARE=<file.cpuprofile> during the bare route's. BENCH_HEAP_PROF and
 * BENCH_HEAP_PROF_BARE=<file.heapprofile> likewise sample what the server allocates (collected or
 * not) during each load.
 * BENCH_PRICE_LAYERS=<rounds> then measures the call layer by layer, rounds alternating: the bare
 * route; the same bytes from a route with the call's auth (tenancy and the app token); that with
 * the call's request validation; that returning the call's reply as an object for the server's
 * serialiser; the call itself. Each layer's server CPU a request (median) and what it adds.
 */
import type { FastifyReply } from 'fastify';
import { bizcontentSchema, envelopeSchema, ok, productsCalls } from '@inkstone/contracts';
import {
  calculateOfferPrice,
  compileCatalog,
  getDemoCatalog,
  type CompiledProduct,
  type QuoteSelection,
} from '@inkstone/domain';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  describePeakRss,
  measure,
  recordProfiles,
  requestDemoAppToken,
  startBenchApp,
} from './bench-support.ts';
import { median } from './bench-stats.ts';

const TARGET_QUOTES_PER_SECOND = 300_000;
const TARGET_RATIO = 0.6;
const HEAVIEST_PRODUCT_ID = 2003;
const ROUND_MS = 400;
const ROUNDS = 7;
const POOL_SIZE = 1024;

/** Valid 企业画册 selections varied over size, pages and quantity (as bench/price-engine.ts). */
function heaviestSelection(turn: number): QuoteSelection {
  const quantity = turn * 7919;
  return {
    sizeId: turn % 2 === 0 ? 'a4' : 'd16',
    styleId: 'cb250',
    innerStyleId: 'cb157',
    pageCount: 8 + 4 * (turn % 10),
    colourId: '4c2',
    technologyIds: ['qmd', 'fmlm', 'fmuv', 'fmtj'],
    quantity: 20 + 10 * (quantity % 1000),
  };
}

let sink = 0;

/** Median quotes per second over ROUNDS rounds of ROUND_MS, after one warm-up round. */
function measureEngine(product: CompiledProduct): number {
  const pool = Array.from({ length: POOL_SIZE }, (_, turn) => heaviestSelection(turn));
  for (const selection of pool) {
    const result = calculateOfferPrice(product, selection);
    if (!result.ok) throw new Error(`benchmark selection refused: ${result.reason}`);
  }
  const round = (): number => {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ROUND_MS) {
      for (const selection of pool) {
        const result = calculateOfferPrice(product, selection);
        sink += result.ok ? result.totalFen : 0;
      }
      calls += POOL_SIZE;
      elapsed = performance.now() - start;
    }
    return calls / (elapsed / 1000);
  };
  round();
  return median(Array.from({ length: ROUNDS }, round));
}

/**
 * Load on `url` (as `measure`) with the server process's CPU time per request served and, when
 * `profileFile` is given, its CPU profile during this load only.
 */
async function measureWithCpu(
  url: string,
  headers: Record<string, string>,
  body: string,
  profileFile: string | undefined,
  heapFile: string | undefined,
) {
  const profiles = await recordProfiles({ cpuFile: profileFile, heapFile });
  const before = process.cpuUsage();
  const result = await measure(url, headers, body);
  const used = process.cpuUsage(before);
  await profiles.stop();
  const requests = result.rps * DURATION_SECONDS;
  return { ...result, cpuMicros: (used.user + used.system) / requests, systemMicros: used.system / requests };
}

/** The call measured against the bare route. */
const CALL = productsCalls.CalculationProductPriceToOffer;

/** The routes that answer the call's bytes with less of its work (registered in main). */
const ROUTES = {
  bare: '/bench/bare',
  authorised: '/api/bench/authorised',
  validated: '/api/bench/validated',
  serialised: '/api/bench/serialised',
} as const;

/** The call's layers, outermost first: each adds one part of the call's work to the one before. */
const LAYERS = [
  { path: ROUTES.bare, label: 'bare route' },
  { path: ROUTES.authorised, label: '+ tenancy and app token' },
  { path: ROUTES.validated, label: '+ request validation' },
  { path: ROUTES.serialised, label: '+ serialising the reply object' },
  { path: CALL.path, label: '+ catalogue, engine, reply objects' },
] as const;

/**
 * BENCH_PRICE_LAYERS: every layer's load once a round, rounds alternating; the median server CPU
 * a request of each and what it adds to the layer before. Every layer answers the call's bytes,
 * `expected`.
 */
async function measureLayers(
  app: Awaited<ReturnType<typeof startBenchApp>>['app'],
  address: string,
  headers: Record<string, string>,
  body: string,
  expected: string,
  rounds: number,
): Promise<void> {
  for (const { path } of LAYERS) {
    const answer = await app.inject({ method: 'POST', url: path, headers, payload: body });
    if (answer.body !== expected) throw new Error(`${path} does not answer the call's bytes`);
  }
  const cpu: number[][] = LAYERS.map(() => []);
  const rps: number[][] = LAYERS.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, { path }] of LAYERS.entries()) {
      const figures = await measureWithCpu(`${address}${path}`, headers, body, undefined, undefined);
      if (figures.errors > 0) throw new Error(`${path}: ${figures.errors} errors`);
      cpu[index]!.push(figures.cpuMicros);
      rps[index]!.push(figures.rps);
    }
  }
  console.log(`\nthe call layer by layer (${rounds} rounds alternating, medians; server CPU µs a request)`);
  let previous = 0;
  for (const [index, layer] of LAYERS.entries()) {
    const micros = median(cpu[index]!);
    const added = index === 0 ? '' : `  adds ${(micros - previous).toFixed(1).padStart(5)}`;
    console.log(
      `  ${layer.label.padEnd(36)}${median(rps[index]!).toFixed(0).padStart(8)} req/s ${micros.toFixed(1).padStart(7)} µs${added}  (rounds: ${cpu[index]!.map((value) => value.toFixed(0)).join(', ')})`,
    );
    previous = micros;
  }
}

/**
 * Thousands separated by commas, without Intl: this process is also the server measured, and
 * Intl's number formatting would load ICU's tables into it (about 6 MB of its peak RSS).
 */
const format = (value: number): string => String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');

async function main(): Promise<void> {
  const product = compileCatalog(getDemoCatalog('demo')).get(HEAVIEST_PRODUCT_ID);
  if (!product) throw new Error(`demo product ${HEAVIEST_PRODUCT_ID} is missing`);
  const engineRate = measureEngine(product);
  console.log(`bench:price — Node ${process.version}`);
  console.log(
    `\nprice engine, one core, ${product.id} ${product.title} (median of ${ROUNDS} × ${ROUND_MS} ms)`,
  );
  console.log(
    `  ${format(engineRate).padStart(10)} quotes/s (target ≥ ${format(TARGET_QUOTES_PER_SECOND)}) ${engineRate >= TARGET_QUOTES_PER_SECOND ? 'MET' : 'NOT MET'}`,
  );

  const { app, close } = await startBenchApp();
  // The bare route receives the same request and returns exactly the bytes the call returns,
  // with no hooks' work done.
  let sameBytes = '';
  const sendSame = async (_request: unknown, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(sameBytes);
  app.post(ROUTES.bare, { config: { auth: 'public' } }, sendSame);

  // The call's layers, each answering the same bytes (BENCH_PRICE_LAYERS).
  const requestSchema = bizcontentSchema(CALL.input);
  const replySchema = { 200: envelopeSchema(CALL.output) };
  let sameReply: unknown = null;
  app.post(ROUTES.authorised, { config: { auth: 'app' } }, sendSame);
  app.post(ROUTES.validated, { config: { auth: 'app' }, schema: { body: requestSchema } }, sendSame);
  app.post(
    ROUTES.serialised,
    { config: { auth: 'app' }, schema: { body: requestSchema, response: replySchema } },
    async () => ok(sameReply),
  );

  const authtoken = await requestDemoAppToken(app);
  const headers = {
    host: 'demo.localhost',
    authtoken,
    domainname: 'demo',
    'content-type': 'application/json',
  };
  const selection = heaviestSelection(7);
  const body = JSON.stringify({
    bizcontent: {
      ProductId: HEAVIEST_PRODUCT_ID,
      SizeId: selection.sizeId,
      StyleId: selection.styleId,
      InnerStyleId: selection.innerStyleId,
      PageCount: selection.pageCount,
      ColourId: selection.colourId,
      TechnologyIds: selection.technologyIds,
      Quantity: selection.quantity,
    },
  });
  const url = CALL.path;
  const sample = await app.inject({ method: 'POST', url, headers, payload: body });
  if (!sample.json().success) throw new Error(`benchmark request refused: ${sample.body}`);
  sameBytes = sample.body;
  sameReply = (JSON.parse(sameBytes) as { data: unknown }).data;

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  console.log(
    `\n${url} — ${DURATION_SECONDS}s each, ${rounds} round(s) alternating, ${CONNECTIONS} connections, SQLite, reply ${Buffer.byteLength(sameBytes)} bytes`,
  );
  const line = (label: string, figures: Awaited<ReturnType<typeof measureWithCpu>>) =>
    console.log(
      `  ${label.padEnd(32)}${figures.rps.toFixed(0).padStart(8)} req/s  p99 ${figures.p99} ms  errors ${figures.errors}  server CPU ${figures.cpuMicros.toFixed(0)} µs a request (kernel ${figures.systemMicros.toFixed(0)})`,
    );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Profiles, when asked for, cover the first round's loads only.
    const first = round === 0;
    const bare = await measureWithCpu(
      `${address}${ROUTES.bare}`,
      headers,
      body,
      first ? process.env.BENCH_CPU_PROF_BARE : undefined,
      first ? process.env.BENCH_HEAP_PROF_BARE : undefined,
    );
    const full = await measureWithCpu(
      `${address}${url}`,
      headers,
      body,
      first ? process.env.BENCH_CPU_PROF : undefined,
      first ? process.env.BENCH_HEAP_PROF : undefined,
    );
    if (rounds > 1) console.log(`  round ${round + 1} of ${rounds}`);
    line('bare route', bare);
    line('CalculationProductPriceToOffer', full);
    ratios.push(full.rps / bare.rps);
    cpuRatios.push(bare.cpuMicros / full.cpuMicros);
  }
  const ratio = median(ratios);
  // Three decimals: at two, a median of 0.598 would print as 0.60 beside NOT MET.
  const each = rounds > 1 ? ` (rounds ${ratios.map((value) => value.toFixed(3)).join(', ')})` : '';
  console.log(
    `  ratio ${ratio.toFixed(3)}${rounds > 1 ? ', median of the rounds' : ''}${each} (target ≥ ${TARGET_RATIO.toFixed(2)}) ${ratio >= TARGET_RATIO ? 'MET' : 'NOT MET'}` +
      `; by server CPU a request ${median(cpuRatios).toFixed(3)}`,
  );
  const layerRounds = Number(process.env.BENCH_PRICE_LAYERS ?? 0);
  if (layerRounds > 0) await measureLayers(app, address, headers, body, sameBytes, layerRounds);
  console.log(describePeakRss());
  await close();
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
