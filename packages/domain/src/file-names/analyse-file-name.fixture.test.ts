import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { analyseFileName } from './analyse-file-name.ts';
import fixtureJson from './file-name-fixture.json' with { type: 'json' };
import { buildFileNameIndex } from './file-name-index.ts';
import { fileNameMistakes } from './file-name-scoring.ts';

/** Share of the labelled names that must be read fully right. */
const REQUIRED_ACCURACY = 0.95;

const expectedSchema = z.strictObject({
  product: z.number().int().nullable(),
  size: z.union([z.string(), z.tuple([z.number(), z.number()])]).optional(),
  paper: z.string().optional(),
  innerPaper: z.string().optional(),
  pages: z.number().int().optional(),
  colour: z.string().optional(),
  technologies: z.array(z.string()).optional(),
  quantity: z.number().int().optional(),
});
const fixtureSchema = z.array(
  z.strictObject({
    merchant: z.enum(['demo', 'maple']),
    name: z.string(),
    pageSize: z.tuple([z.number(), z.number()]).optional(),
    expected: expectedSchema,
    tags: z.array(z.string()).optional(),
  }),
);
const fixture = fixtureSchema.parse(fixtureJson);

const indexes = {
  demo: buildFileNameIndex(getDemoCatalog('demo')),
  maple: buildFileNameIndex(getDemoCatalog('maple')),
};

describe('file-name analysis over the labelled names', () => {
  it('covers at least 200 labelled names of both merchants, every product and the hard cases', () => {
    expect(fixture.length).toBeGreaterThanOrEqual(200);
    const products = new Set(fixture.map((entry) => entry.expected.product));
    for (const catalog of [getDemoCatalog('demo'), getDemoCatalog('maple')]) {
      for (const product of catalog.Products) expect(products, product.Title).toContain(product.Id);
    }
    const tags = new Set(fixture.flatMap((entry) => entry.tags ?? []));
    for (const tag of ['brief', 'page-size', 'unrecognised', 'other-merchant', 'unit-conversion', 'alias']) {
      expect(tags, tag).toContain(tag);
    }
  });

  it(`reads at least ${REQUIRED_ACCURACY * 100}% of the names fully right`, () => {
    const failures = fixture.flatMap(({ merchant, name, pageSize, expected }) => {
      const hint = pageSize ? { widthMm: pageSize[0], heightMm: pageSize[1] } : null;
      const found = fileNameMistakes(analyseFileName(indexes[merchant], name, hint), expected);
      return found.length === 0 ? [] : [`${merchant} ${name}: ${found.join('; ')}`];
    });
    const accuracy = 1 - failures.length / fixture.length;
    console.log(
      `file-name analysis: ${fixture.length - failures.length}/${fixture.length} fully right (${(accuracy * 100).toFixed(1)}%)`,
    );
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });

  it('never reads a product of another merchant', () => {
    for (const entry of fixture.filter((item) => item.tags?.includes('other-merchant'))) {
      const analysis = analyseFileName(indexes[entry.merchant], entry.name);
      expect(analysis.status, entry.name).toBe('unrecognised');
      expect(analysis.selection, entry.name).toBeNull();
    }
  });
});
