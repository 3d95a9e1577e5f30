/**
 * File-name analysis throughput over the labelled fixture (target: 10,000 names per second), and
 * how many names of the labelled set and of the held-out set (labelled without looking at the
 * analyser, `held-out-file-names.ts`) it reads fully right.
 * Run with `npm run bench:file-names`. The baseline, measured in the same run over the same names,
 * is a plain regular-expression split (separators `- _ space × x *`) with one pass for a quantity:
 * the cost floor of reading each name once, knowing no catalogue.
 */
import fixture from '../packages/domain/src/file-names/file-name-fixture.json' with { type: 'json' };
import { fileNameMistakes, type FileNameLabel } from '../packages/domain/src/file-names/file-name-scoring.ts';
import { HELD_OUT_FILE_NAMES } from '../packages/domain/src/file-names/held-out-file-names.ts';
import { analyseFileName, buildFileNameIndex, getDemoCatalog } from '../packages/domain/src/index.ts';

const TARGET_PER_SECOND = 10_000;
const MIN_DURATION_MS = 1_500;

const indexes = {
  demo: buildFileNameIndex(getDemoCatalog('demo')),
  maple: buildFileNameIndex(getDemoCatalog('maple')),
} as const;
interface Labelled {
  merchant: string;
  name: string;
  pageSize?: readonly number[];
  expected: FileNameLabel;
  mustFlag?: boolean;
}

/** `right/total (percent)` of a labelled set read fully right. */
function accuracy(entries: readonly Labelled[]): string {
  const right = entries.filter((entry) => {
    const hint = entry.pageSize ? { widthMm: entry.pageSize[0]!, heightMm: entry.pageSize[1]! } : null;
    const index = indexes[entry.merchant as keyof typeof indexes];
    const analysis = analyseFileName(index, entry.name, hint);
    return fileNameMistakes(analysis, entry.expected, entry.mustFlag).length === 0;
  }).length;
  return `${right}/${entries.length} (${((right / entries.length) * 100).toFixed(1)}%)`;
}

const names = fixture.map((entry) => ({
  index: indexes[entry.merchant as keyof typeof indexes],
  name: entry.name,
  hint: entry.pageSize ? { widthMm: entry.pageSize[0]!, heightMm: entry.pageSize[1]! } : null,
}));

const SPLIT = /[-_\s×x*]+/;
const QUANTITY = /(\d+)(盒|张|本|个|条|块)/;

function baselinePass(name: string): number {
  const parts = name.split(SPLIT);
  return parts.length + (QUANTITY.exec(name) ? 1 : 0);
}

/** Names per second of `pass` over the fixture, repeated for at least MIN_DURATION_MS after a warm-up. */
function measure(pass: (entry: (typeof names)[number]) => number): number {
  let sink = 0;
  for (const entry of names) sink += pass(entry);
  let count = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_DURATION_MS) {
    for (const entry of names) sink += pass(entry);
    count += names.length;
    elapsed = performance.now() - started;
  }
  if (sink < 0) console.log(sink);
  return (count / elapsed) * 1000;
}

const format = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');

const indexStarted = performance.now();
const rounds = 20;
for (let i = 0; i < rounds; i += 1) buildFileNameIndex(getDemoCatalog('demo'));
const indexMs = (performance.now() - indexStarted) / rounds;

const baseline = measure((entry) => baselinePass(entry.name));
const analysis = measure(
  (entry) => (analyseFileName(entry.index, entry.name, entry.hint).product.value ?? 0) + 1,
);

console.log(`fixture names:            ${names.length}`);
console.log(`labelled set fully right: ${accuracy(fixture as readonly Labelled[])}`);
console.log(`held-out fully right:     ${accuracy(HELD_OUT_FILE_NAMES)}`);
console.log(`index build (demo):       ${indexMs.toFixed(2)} ms per catalogue version`);
console.log(`analyseFileName:          ${format(analysis)} names/s (target ${format(TARGET_PER_SECOND)})`);
console.log(`baseline regex split:     ${format(baseline)} names/s`);
console.log(`baseline / analysis:      ${(baseline / analysis).toFixed(1)}x`);
if (analysis < TARGET_PER_SECOND) {
  // Timing depends on the machine and its load, so a miss is reported rather than failing the run.
  console.log(`BELOW TARGET: ${format(analysis)} < ${format(TARGET_PER_SECOND)} names/s`);
}
