import { describe, expect, it } from 'vitest';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { analyseFileName } from './analyse-file-name.ts';
import { buildFileNameIndex } from './file-name-index.ts';
import { fileNameMistakes } from './file-name-scoring.ts';
import { HELD_OUT_FILE_NAMES } from './held-out-file-names.ts';

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
    const failures = HELD_OUT_FILE_NAMES.flatMap(({ merchant, name, pageSize, expected, mustFlag }) => {
      const hint = pageSize ? { widthMm: pageSize[0], heightMm: pageSize[1] } : null;
      const analysis = analyseFileName(indexes[merchant], name, hint);
      const found = fileNameMistakes(analysis, expected, mustFlag);
      return found.length === 0 ? [] : [`${merchant} ${name}: ${found.join('; ')}`];
    });
    const total = HELD_OUT_FILE_NAMES.length;
    const accuracy = 1 - failures.length / total;
    console.log(
      `file-name analysis, held-out: ${total - failures.length}/${total} fully right (${(accuracy * 100).toFixed(1)}%)`,
    );
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });
});
