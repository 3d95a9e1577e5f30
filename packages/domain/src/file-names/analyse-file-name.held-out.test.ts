import { describe, expect, it } from 'vitest';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { analyseFileName } from './analyse-file-name.ts';
import { buildFileNameIndex } from './file-name-index.ts';
import { fileNameMistakes } from './file-name-scoring.ts';
import { HELD_OUT_FILE_NAMES, type HeldOutFileName } from './held-out-file-names.ts';

/** Share of the held-out names that must be read fully right. */
const REQUIRED_ACCURACY = 0.9;

const indexes = {
  demo: buildFileNameIndex(getDemoCatalog('demo')),
  maple: buildFileNameIndex(getDemoCatalog('maple')),
};

describe('file-name analysis over the held-out names (labelled without looking at the analyser)', () => {
  it('holds at least 80 names of both merchants, every product and names of no product', () => {
    expect(HELD_OUT_FILE_NAMES.length).toBeGreaterThanOrEqual(80);
    const products = new Set(HELD_OUT_FILE_NAMES.map((entry) => entry.expected.product));
    for (const catalog of [getDemoCatalog('demo'), getDemoCatalog('maple')]) {
      for (const product of catalog.Products) expect(products, product.Title).toContain(product.Id);
    }
    expect(products).toContain(null);
    const names = HELD_OUT_FILE_NAMES.map((entry) => `${entry.merchant} ${entry.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it(`reads at least ${REQUIRED_ACCURACY * 100}% fully right, flagging what it cannot read`, () => {
    const failures = new Set<HeldOutFileName>();
    const lines: string[] = [];
    for (const entry of HELD_OUT_FILE_NAMES) {
      const { merchant, name, pageSize, expected, mustFlag } = entry;
      const hint = pageSize ? { widthMm: pageSize[0], heightMm: pageSize[1] } : null;
      const found = fileNameMistakes(analyseFileName(indexes[merchant], name, hint), expected, mustFlag);
      if (found.length === 0) continue;
      failures.add(entry);
      lines.push(`${merchant} ${name}: ${found.join('; ')}`);
    }
    const figure = (label: string, entries: readonly HeldOutFileName[]) => {
      const right = entries.filter((entry) => !failures.has(entry)).length;
      return `${label} ${right}/${entries.length} (${((right / entries.length) * 100).toFixed(1)}%)`;
    };
    const first = HELD_OUT_FILE_NAMES.filter((entry) => !entry.second);
    const second = HELD_OUT_FILE_NAMES.filter((entry) => entry.second);
    console.log(
      `file-name analysis, held-out: ${figure('all', HELD_OUT_FILE_NAMES)}; ${figure('first batch', first)}; ${figure('second batch', second)} fully right`,
    );
    if (lines.length > 0) console.log(lines.join('\n'));
    expect(1 - failures.size / HELD_OUT_FILE_NAMES.length).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });
});
