import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODES, getDemoCatalog, type DemoMerchantCode } from '../catalog/demo/demo-catalogs.ts';
import { compileCatalog } from './compile.ts';
import { calculatePrice } from './fixed.ts';
import type { QuoteSelection } from './quote.types.ts';

/** One worked example of docs/pricing.md, as written in its `json quote-example` block. */
interface DocumentedExample {
  merchant: DemoMerchantCode;
  productId: number;
  selection: QuoteSelection;
  totalFen: number;
  lines: [string, number][];
  weightGrams: number;
  productionDays: number;
  skuCode?: string;
}

const markdown = readFileSync(new URL('../../../../docs/pricing.md', import.meta.url), 'utf8');
const examples = [...markdown.matchAll(/```json quote-example\n([\s\S]*?)```/g)].map(
  (match) => JSON.parse(match[1] ?? '') as DocumentedExample,
);
const catalogs = Object.fromEntries(
  DEMO_MERCHANT_CODES.map((code) => [code, compileCatalog(getDemoCatalog(code))]),
);

describe('docs/pricing.md worked examples', () => {
  it('has one worked example for every demo product', () => {
    for (const code of DEMO_MERCHANT_CODES) {
      const documented = new Set(
        examples.filter((example) => example.merchant === code).map((example) => example.productId),
      );
      expect([...(catalogs[code]?.keys() ?? [])].filter((id) => !documented.has(id))).toEqual([]);
    }
  });

  it.each(
    examples.map(
      (example) =>
        [`${example.merchant} ${example.productId} × ${example.selection.quantity}`, example] as const,
    ),
  )('prices %s to the fen', (_name, example) => {
    const product = catalogs[example.merchant]?.get(example.productId);
    if (!product) throw new Error(`unknown product ${example.productId}`);
    const result = calculatePrice(product, example.selection);
    if (!result.ok) throw new Error(result.reason);
    expect(result.lines.map((line) => [line.label, line.amountFen])).toEqual(example.lines);
    expect(result.totalFen).toBe(example.totalFen);
    expect(example.lines.reduce((sum, [, fen]) => sum + fen, 0)).toBe(example.totalFen);
    expect(result.weightGrams).toBe(example.weightGrams);
    expect(result.productionDays).toBe(example.productionDays);
    if (example.skuCode) expect(result.skuCode).toBe(example.skuCode);
  });
});
