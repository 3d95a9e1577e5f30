import { describe, expect, it } from 'vitest';
import { catalogJsonSchema, formatJsonPath, parseCatalog } from './catalog.ts';
import { DEMO_CATALOG_FILES, getDemoCatalog } from './demo/demo-catalogs.ts';

type Json = Record<string, any>;
const demoFile = (): Json => structuredClone(DEMO_CATALOG_FILES.demo) as Json;
const issuesOf = (file: unknown) => {
  const result = parseCatalog(file);
  if (result.ok) throw new Error('expected the catalogue to be refused');
  return result.issues;
};

describe('demo catalogues', () => {
  it.each(['demo', 'maple'] as const)('validates the %s catalogue file', (code) => {
    const result = parseCatalog(DEMO_CATALOG_FILES[code]);
    expect(result.ok ? [] : result.issues).toEqual([]);
  });

  it('gives the two merchants no category, product or paper id in common', () => {
    const demo = getDemoCatalog('demo');
    const maple = getDemoCatalog('maple');
    const shared = <T>(a: T[], b: T[]) => a.filter((value) => b.includes(value));
    expect(
      shared(
        demo.Categories.map((node) => node.Id),
        maple.Categories.map((node) => node.Id),
      ),
    ).toEqual([]);
    expect(
      shared(
        demo.Products.map((product) => product.Id),
        maple.Products.map((product) => product.Id),
      ),
    ).toEqual([]);
    expect(
      shared(
        demo.Papers.map((paper) => paper.Id),
        maple.Papers.map((paper) => paper.Id),
      ),
    ).toEqual([]);
    expect(
      shared(
        demo.Products.map((product) => product.Title),
        maple.Products.map((product) => product.Title),
      ),
    ).toEqual([]);
  });

  it('applies defaults to omitted optional fields', () => {
    const product = getDemoCatalog('demo').Products.find((candidate) => candidate.Id === 2001);
    expect(product?.PiecesPerUnit).toBe(1);
    expect(product?.Technologies.find((tech) => tech.Id === 'dk')?.ExcludeIds).toEqual([]);
  });

  it('keeps every fixed-price table rising with quantity', () => {
    for (const product of getDemoCatalog('demo').Products) {
      for (const table of product.FixedPrices) {
        const prices = [...table.Prices].sort((a, b) => a.Quantity - b.Quantity).map((row) => row.PriceFen);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }
    }
  });
});

describe('parseCatalog error paths', () => {
  const cases: { name: string; mutate: (file: Json) => void; path: string; message?: RegExp }[] = [
    { name: 'a missing merchant name', mutate: (f) => delete f.Merchant.Name, path: '$.Merchant.Name' },
    {
      name: 'a negative ton price',
      mutate: (f) => (f.Papers[2].PricePerTonFen = -1),
      path: '$.Papers[2].PricePerTonFen',
    },
    {
      name: 'a fractional press sheet width',
      mutate: (f) => (f.PressSheets[0].WidthMm = 787.5),
      path: '$.PressSheets[0].WidthMm',
    },
    {
      name: 'an unknown field',
      mutate: (f) => (f.Products[0].Colour = 'red'),
      path: '$.Products[0]',
      message: /Colour/,
    },
    {
      name: 'a bad cut-off time',
      mutate: (f) => (f.Calendar.CutoffTime = '25:00'),
      path: '$.Calendar.CutoffTime',
    },
    {
      name: 'a holiday ending before it starts',
      mutate: (f) => (f.Calendar.Holidays[0].To = '2025-12-31'),
      path: '$.Calendar.Holidays[0].To',
      message: /结束日期/,
    },
    {
      name: 'a duplicate category id',
      mutate: (f) => (f.Categories[1].Id = f.Categories[0].Id),
      path: '$.Categories[1].Id',
      message: /重复/,
    },
    {
      name: 'a category whose parent is missing',
      mutate: (f) => (f.Categories[1].ParentId = 999),
      path: '$.Categories[1].ParentId',
      message: /999/,
    },
    {
      name: 'a fourth category level',
      mutate: (f) => f.Categories.push({ ...f.Categories[5], Id: 112, ParentId: 111 }),
      path: '$.Categories[16].ParentId',
      message: /三级/,
    },
    {
      name: 'a product under a non-leaf category',
      mutate: (f) => (f.Products[0].CategoryId = 110),
      path: '$.Products[0].CategoryId',
      message: /末级/,
    },
    {
      name: 'a style on an unknown paper',
      mutate: (f) => (f.Products[1].Styles[0].PaperId = 'nope'),
      path: '$.Products[1].Styles[0].PaperId',
      message: /nope/,
    },
    {
      name: 'an exclusion of an unknown technology',
      mutate: (f) => (f.Products[0].Technologies[3].ExcludeIds = ['zz']),
      path: '$.Products[0].Technologies[3].ExcludeIds[0]',
      message: /zz/,
    },
    {
      name: 'a required group nobody belongs to',
      mutate: (f) => (f.Products[3].RequiredGroups = ['胶订']),
      path: '$.Products[3].RequiredGroups[0]',
    },
    {
      name: 'a page multiple that is not a multiple of 4',
      mutate: (f) => (f.Products[3].Pages.Multiple = 6),
      path: '$.Products[3].Pages.Multiple',
    },
    {
      name: 'a fixed price for a quantity the product refuses',
      mutate: (f) => (f.Products[0].FixedPrices[0].Prices[0].Quantity = 999),
      path: '$.Products[0].FixedPrices[0].Prices[0].Quantity',
      message: /200/,
    },
    {
      name: 'a fixed price table without a binding',
      mutate: (f) => (f.Products[0].FixedPrices[0].SkuCode = 'X-1'),
      path: '$.Products[0].FixedPrices[0].SkuCode',
    },
    {
      name: 'a press on an unknown sheet',
      mutate: (f) => (f.Products[1].Offer.Presses[1].PressSheetId = 'zd16'),
      path: '$.Products[1].Offer.Presses[1].PressSheetId',
    },
    {
      name: 'an offer product without offer rules',
      mutate: (f) => delete f.Products[1].Offer,
      path: '$.Products[1].Offer',
    },
    {
      name: 'an area product on a paper without a m² price',
      mutate: (f) => (f.Products[5].Styles[0].PaperId = 'cb157'),
      path: '$.Products[5].Styles[0].PaperId',
      message: /PricePerM2Fen/,
    },
    {
      name: 'a per-sheet technology on an area product',
      mutate: (f) => (f.Products[5].Technologies[0].Price.Unit = 'sheet'),
      path: '$.Products[5].Technologies[0].Price.Unit',
    },
    {
      name: 'breaks out of order',
      mutate: (f) => f.Products[1].Offer.Breaks.reverse(),
      path: '$.Products[1].Offer.Breaks[1].MinQuantity',
    },
    {
      name: 'a colour no press can print',
      mutate: (f) => (f.Products[0].Colours[0].Ink = '专色'),
      path: '$.Products[0].Colours[0].Ink',
    },
    {
      name: 'an unknown technology kind',
      mutate: (f) => (f.Products[0].Technologies[0].Kind = '激光'),
      path: '$.Products[0].Technologies[0].Kind',
    },
  ];

  it.each(cases)('reports the JSON path of $name', ({ mutate, path, message }) => {
    const file = demoFile();
    mutate(file);
    const issues = issuesOf(file);
    const issue = issues.find((candidate) => candidate.path === path);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    if (message) expect(issue?.message).toMatch(message);
  });

  it('gives Chinese messages', () => {
    const file = demoFile();
    file.Papers[0].Gsm = 'heavy';
    expect(issuesOf(file)[0]?.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses input that is not an object without throwing', () => {
    expect(issuesOf(null)[0]?.path).toBe('$');
    expect(issuesOf('catalogue')[0]?.path).toBe('$');
  });
});

describe('formatJsonPath', () => {
  it.each([
    [[], '$'],
    [['Products', 0, 'Title'], '$.Products[0].Title'],
    [['Odd key'], '$["Odd key"]'],
  ])('formats %j as %s', (path, expected) => {
    expect(formatJsonPath(path)).toBe(expected);
  });
});

describe('catalogJsonSchema', () => {
  const schema = catalogJsonSchema() as Json;

  it('describes the catalogue as a draft 2020-12 object schema', () => {
    expect(schema.$schema).toContain('2020-12');
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(
      expect.arrayContaining(['Merchant', 'Calendar', 'Papers', 'Categories', 'Products']),
    );
  });

  it('carries the Chinese descriptions of the fields', () => {
    const category = schema.properties.Categories.items;
    expect(category.properties.SourceType.description).toContain('2 表示');
    expect(JSON.stringify(schema)).toContain('出血');
  });

  it('leaves fields with defaults optional for authors', () => {
    const product = schema.properties.Products.items;
    expect(product.required).not.toContain('PiecesPerUnit');
    expect(product.required).toContain('Quantity');
  });
});
