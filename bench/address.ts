/**
 * Address recognition throughput over the labelled fixture (target: 20,000 recognitions per second).
 * Run with `npx tsx bench/address.ts`. The baseline, measured in the same run over the same lines,
 * is one plain regular-expression pass (phone number plus a greedy province/city/district split)
 * with no region table: the cost floor of reading each line once.
 */
import fixture from '../packages/domain/src/address/address-fixture.json' with { type: 'json' };
import { recogniseAddress } from '../packages/domain/src/address-regions.ts';

const TARGET_PER_SECOND = 20_000;
const MIN_DURATION_MS = 1_500;

const lines: readonly string[] = fixture.map((entry) => entry.input);

const BASELINE_PATTERN =
  /(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})[^\u4e00-\u9fff]*(.+?(?:省|自治区|市))?(.+?(?:市|州|盟|地区))?(.+?(?:区|县|市|旗))?(.*)$/;

function baselinePass(text: string): number {
  return BASELINE_PATTERN.exec(text)?.length ?? 0;
}

function recognitionPass(text: string): number {
  return recogniseAddress(text).ok ? 1 : 0;
}

/** Lines per second of `pass` over the fixture, repeated for at least MIN_DURATION_MS after a warm-up. */
function measure(pass: (text: string) => number): number {
  let sink = 0;
  for (const line of lines) sink += pass(line);
  let count = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_DURATION_MS) {
    for (const line of lines) sink += pass(line);
    count += lines.length;
    elapsed = performance.now() - started;
  }
  if (sink < 0) console.log(sink);
  return (count / elapsed) * 1000;
}

const format = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');

const baseline = measure(baselinePass);
const recognition = measure(recognitionPass);

console.log(`fixture lines:          ${lines.length}`);
console.log(
  `recogniseAddress:       ${format(recognition)} recognitions/s (target ${format(TARGET_PER_SECOND)})`,
);
console.log(`baseline regex pass:    ${format(baseline)} lines/s`);
console.log(`baseline / recognition: ${(baseline / recognition).toFixed(1)}x`);
if (recognition < TARGET_PER_SECOND) {
  // Timing depends on the machine and its load, so a miss is reported rather than failing the run.
  console.log(`BELOW TARGET: ${format(recognition)} < ${format(TARGET_PER_SECOND)} recognitions/s`);
}
