import type {
  AnalysisField,
  AnalysisOrderRow,
  AnalysisRow,
  PriceRequestBody,
  ProductDetail,
  Selection,
  ServerFile,
} from '@inkstone/contracts';

/** Below this the analysis is not sure of a cell, and the table asks the customer to check it. */
const CHECK_BELOW = 0.75;

/** A cell of the 规格 column, and whether the customer should look at it. */
export interface SpecCell {
  key: 'size' | 'paper' | 'innerPaper' | 'pages' | 'colour' | 'technologies';
  label: string;
  /** Not read from the name (a default) or read with doubt. */
  needsCheck: boolean;
}

/** One row of the batch table: a file and the configuration it is to be printed with. */
export interface BatchRow {
  file: ServerFile;
  /** What the analysis made of the name; `edited` once the customer set the row with the controls. */
  status: AnalysisRow['Status'] | 'edited';
  productId: number | null;
  productTitle: string;
  selection: Selection | null;
  spec: SpecCell[];
  quantityLabel: string;
  isQuantityDoubtful: boolean;
  /** The server's price of the row's selection, or null when it has none. */
  amountFen: number | null;
  /** Why the row does not price (the engine's words); '' when it does. */
  priceRefusal: string;
  problems: string[];
  unknownWords: string[];
  preflight: AnalysisRow['Preflight'];
  /** The size was changed after the preflight: checkout checks the file against the new one. */
  isPreflightStale: boolean;
}

const needsCheck = (field: AnalysisField) =>
  field.Source === 'default' ? true : field.Source !== 'only' && field.Confidence < CHECK_BELOW;

/** A row as AnalysisFileName read it. */
export function rowFromAnalysis(row: AnalysisRow): BatchRow {
  const fields = row.Fields;
  const cell = (key: SpecCell['key'], field: AnalysisField): SpecCell => ({
    key,
    label: field.Label,
    needsCheck: needsCheck(field),
  });
  const isBooklet = row.Selection?.PageCount !== null && row.Selection?.PageCount !== undefined;
  const spec = row.ProductId
    ? [
        cell('size', fields.Size),
        cell('paper', fields.Paper),
        ...(isBooklet ? [cell('innerPaper', fields.InnerPaper), cell('pages', fields.Pages)] : []),
        cell('colour', fields.Colour),
        { ...cell('technologies', fields.Technologies), needsCheck: row.DefaultedTechnologyIds.length > 0 },
      ]
    : [];
  return {
    file: row.File,
    status: row.Status,
    productId: row.ProductId,
    productTitle: row.ProductTitle,
    selection: row.Selection,
    spec: spec.filter((item) => item.label !== ''),
    quantityLabel: row.ProductId ? fields.Quantity.Label : '',
    isQuantityDoubtful: row.ProductId !== null && needsCheck(fields.Quantity),
    amountFen: row.Price?.AmountFen ?? null,
    priceRefusal: row.PriceRefusal,
    problems: row.Problems,
    unknownWords: row.UnknownWords,
    preflight: row.Preflight,
    isPreflightStale: false,
  };
}

/** The wire selection of a priced request (every field present, as the server stores it). */
export function selectionOf(body: PriceRequestBody): Selection {
  return {
    SizeId: body.SizeId ?? null,
    WidthMm: body.WidthMm ?? null,
    HeightMm: body.HeightMm ?? null,
    StyleId: body.StyleId ?? '',
    InnerStyleId: body.InnerStyleId ?? null,
    PageCount: body.PageCount ?? null,
    ColourId: body.ColourId ?? '',
    TechnologyIds: [...(body.TechnologyIds ?? [])],
    Quantity: body.Quantity,
  };
}

/** The 规格 cells of a selection, in the product's own words. */
export function specOf(product: ProductDetail, selection: Selection): SpecCell[] {
  const preset = product.Sizes.Presets.find((size) => size.Id === selection.SizeId);
  const styleName = (id: string | null) => product.Styles.find((style) => style.Id === id)?.Name ?? '';
  const techs = product.Technologies.filter((tech) => selection.TechnologyIds.includes(tech.Id));
  const cells: SpecCell[] = [
    {
      key: 'size',
      label: preset?.Name ?? `自定义 ${selection.WidthMm}×${selection.HeightMm}mm`,
      needsCheck: false,
    },
    { key: 'paper', label: styleName(selection.StyleId), needsCheck: false },
  ];
  if (product.Pages) {
    cells.push({ key: 'innerPaper', label: styleName(selection.InnerStyleId), needsCheck: false });
    cells.push({ key: 'pages', label: `${selection.PageCount}页`, needsCheck: false });
  }
  const colour = product.Colours.find((item) => item.Id === selection.ColourId)?.Name ?? '';
  cells.push({ key: 'colour', label: colour, needsCheck: false });
  const techLabel = techs.length > 0 ? techs.map((tech) => tech.Name).join('、') : '无';
  cells.push({ key: 'technologies', label: techLabel, needsCheck: false });
  return cells.filter((cell) => cell.label !== '');
}

/** The row after the customer set it with the quote controls and the server priced it. */
export function applyEdit(
  row: BatchRow,
  product: ProductDetail,
  edited: { body: PriceRequestBody; totalFen: number },
): BatchRow {
  const selection = selectionOf(edited.body);
  const before = row.selection;
  const isSameSize =
    before !== null &&
    before.SizeId === selection.SizeId &&
    before.WidthMm === selection.WidthMm &&
    before.HeightMm === selection.HeightMm;
  return {
    ...row,
    status: 'edited',
    productId: product.Id,
    productTitle: product.Title,
    selection,
    spec: specOf(product, selection),
    quantityLabel: `${selection.Quantity}${product.Unit}`,
    isQuantityDoubtful: false,
    amountFen: edited.totalFen,
    priceRefusal: '',
    problems: [],
    isPreflightStale: row.isPreflightStale || !isSameSize,
  };
}

/** Why each row cannot be ordered as it stands (`第 2 行（…）：…`); empty when all can. */
export function blockersOf(rows: readonly BatchRow[]): string[] {
  return rows.flatMap((row, index) => {
    const where = `第 ${index + 1} 行（${row.file.OrgFileName}）`;
    if (row.productId === null || row.selection === null) return [`${where}：请选择产品`];
    if (row.amountFen === null) return [`${where}：${row.priceRefusal || '不能报价，请修改规格'}`];
    return [];
  });
}

/** The rows as AnalysisCreateOrder takes them, each with the price the table shows. */
export function orderRowsOf(rows: readonly BatchRow[]): AnalysisOrderRow[] {
  return rows.map((row) => ({
    FileId: row.file.Id,
    ProductId: row.productId,
    ...(row.selection ?? {}),
    ExpectedAmountFen: row.amountFen,
  }));
}

/** The table's total (rows without a price count nothing). */
export function totalFenOf(rows: readonly BatchRow[]): number {
  return rows.reduce((sum, row) => sum + (row.amountFen ?? 0), 0);
}
