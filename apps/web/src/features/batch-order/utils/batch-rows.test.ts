import { describe, expect, it } from 'vitest';
import type { AnalysisField, AnalysisRow, ProductDetail, ServerFile } from '@inkstone/contracts';
import { applyEdit, blockersOf, orderRowsOf, rowFromAnalysis, totalFenOf } from './batch-rows.ts';

const file = (id: number, name: string): ServerFile => ({
  Id: id,
  Thumbnail: `/api/thumbnails/${id}`,
  OrgFileName: name,
  SavePath: '',
  FilePath: '',
  FileSize: 1000,
  FileExt: 'pdf',
  UploadType: 1,
  Md5: '',
  CreatedAt: '2026-11-21T02:00:00.000Z',
  ThumbnailStatus: 'icon',
  Facts: null,
});

const field = (Label: string, Source: AnalysisField['Source'] = 'name', Confidence = 1): AnalysisField => ({
  Source,
  Confidence,
  Text: '',
  Label,
});

const card: AnalysisRow = {
  File: file(7, '名片-300g铜版纸-双面-5盒.pdf'),
  Status: 'review',
  ProductId: 1001,
  ProductTitle: '商务名片',
  Selection: {
    SizeId: 'std',
    WidthMm: null,
    HeightMm: null,
    StyleId: 'cb300',
    InnerStyleId: null,
    PageCount: null,
    ColourId: '4c2',
    TechnologyIds: [],
    Quantity: 5,
  },
  Fields: {
    Product: field('商务名片'),
    Size: field('标准 90×54mm', 'default', 0),
    Paper: field('300g铜版纸'),
    InnerPaper: field('', 'only'),
    Pages: field('', 'only'),
    Colour: field('双面四色', 'name', 0.8),
    Technologies: field('无', 'default', 1),
    Quantity: field('5盒'),
  },
  DefaultedTechnologyIds: [],
  UnknownWords: [],
  Problems: [],
  Price: { AmountFen: 9500, UnitPriceFen: 1900, Quantity: 5, Unit: '盒', SpecText: '' },
  PriceRefusal: '',
  Preflight: { Level: 'ok', Summary: '文件尺寸与成品尺寸一致', Messages: [] },
};

const unknown: AnalysisRow = {
  ...card,
  File: file(8, '说明.pdf'),
  Status: 'unrecognised',
  ProductId: null,
  ProductTitle: '',
  Selection: null,
  Price: null,
  Preflight: null,
  Problems: ['未能从文件名识别产品，请选择产品'],
};

const poster = {
  Id: 2002,
  Title: '海报',
  Unit: '张',
  Sizes: { Presets: [{ Id: 'a3', Name: 'A3 297×420mm', WidthMm: 297, HeightMm: 420 }], Custom: null },
  Styles: [{ Id: 'cb157', Name: '157g铜版纸', PaperName: '157g铜版纸', Material: '铜版纸', Gsm: 157 }],
  Pages: null,
  Colours: [{ Id: '4c1', Name: '单面四色', Sides: 1, Ink: '四色' }],
  Technologies: [
    {
      Id: 'lm',
      Name: '覆哑膜',
      Kind: '覆膜',
      Group: '覆膜',
      ConflictIds: [],
      ExcludeStyleIds: [],
      PageRange: null,
      ExtraDays: 0,
    },
  ],
} as unknown as ProductDetail;

describe('the batch table’s rows', () => {
  it('marks what the name did not say, and doubtful readings, for a check', () => {
    const row = rowFromAnalysis(card);
    expect(row.spec.map((cell) => [cell.label, cell.needsCheck])).toEqual([
      ['标准 90×54mm', true],
      ['300g铜版纸', false],
      ['双面四色', false],
      ['无', false],
    ]);
    expect(row).toMatchObject({ quantityLabel: '5盒', isQuantityDoubtful: false, amountFen: 9500 });
  });

  it('blocks ordering until every row has a product and a price, naming the rows', () => {
    const rows = [rowFromAnalysis(card), rowFromAnalysis(unknown)];
    expect(blockersOf(rows)).toEqual(['第 2 行（说明.pdf）：请选择产品']);
    expect(totalFenOf(rows)).toBe(9500);
  });

  it('takes the configuration and the server price of an edit, and drops a preflight of another size', () => {
    const edited = applyEdit(rowFromAnalysis(unknown), poster, {
      body: {
        ProductId: 2002,
        SizeId: 'a3',
        StyleId: 'cb157',
        ColourId: '4c1',
        TechnologyIds: ['lm'],
        Quantity: 100,
      },
      totalFen: 12_000,
    });
    expect(edited).toMatchObject({
      status: 'edited',
      productId: 2002,
      productTitle: '海报',
      amountFen: 12_000,
      quantityLabel: '100张',
      isPreflightStale: true,
      problems: [],
    });
    expect(edited.spec.map((cell) => cell.label)).toEqual([
      'A3 297×420mm',
      '157g铜版纸',
      '单面四色',
      '覆哑膜',
    ]);
    expect(blockersOf([edited])).toEqual([]);
  });

  it('sends each row with the price it shows', () => {
    expect(orderRowsOf([rowFromAnalysis(card)])).toEqual([
      { FileId: 7, ProductId: 1001, ...card.Selection, ExpectedAmountFen: 9500 },
    ]);
  });
});
