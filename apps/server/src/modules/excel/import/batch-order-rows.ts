/**
 * The rows of a batch-order import (docs/excel.md "Import"): one product configuration per row —
 * 商品, 尺寸, 纸张, 内页纸张, 页数, 颜色, 工艺, 数量, and the 文件名, 收货地址 and 备注 the line carries
 * (the import looks the file up among the customer's uploads and the address up in their book).
 * Names are matched to the merchant's current catalogue; an option left empty takes the product's
 * suggested choice (as the quote screen starts with). Prices are not computed here: the cart
 * prices every row when the import puts them in.
 */
import {
  addDeliverGoodsAddressBodySchema,
  addOrderItemBodySchema,
  fileNameProblem,
  type AddDeliverGoodsAddressBody,
  type AddOrderItemBody,
  type Selection,
} from '@inkstone/contracts';
import { recogniseAddress, type CompiledProduct } from '@inkstone/domain';
import type { CatalogSnapshot } from '../../products/index.ts';
import { matchOption, matchProduct, matchSize, type NamedOption } from './option-matching.ts';
import {
  mapColumns,
  type ColumnSpec,
  type ImportProblem,
  type SheetRow,
  type SheetTable,
} from './sheet-table.ts';

type OrderKey =
  | 'product'
  | 'size'
  | 'style'
  | 'inner'
  | 'pages'
  | 'colour'
  | 'techs'
  | 'quantity'
  | 'fileName'
  | 'address'
  | 'remarks';

/** The template's columns, in order, with the headers also taken for each. */
export const BATCH_ORDER_COLUMNS: readonly ColumnSpec<OrderKey>[] = [
  { key: 'product', header: '商品', aliases: ['商品名称', '产品', '产品名称'], required: true },
  { key: 'size', header: '尺寸', aliases: ['成品尺寸', '规格尺寸'] },
  { key: 'style', header: '纸张', aliases: ['款式', '材质', '封面纸张', '封面'] },
  { key: 'inner', header: '内页纸张', aliases: ['内页'] },
  { key: 'pages', header: '页数' },
  { key: 'colour', header: '颜色', aliases: ['印色', '印刷颜色'] },
  { key: 'techs', header: '工艺', aliases: ['后道工艺', '加工工艺'] },
  { key: 'quantity', header: '数量', required: true },
  { key: 'fileName', header: '文件名', aliases: ['印刷文件', '文件'] },
  { key: 'address', header: '收货地址', aliases: ['收货信息', '地址'] },
  { key: 'remarks', header: '备注' },
];

/** Rows one batch import may hold: as many as a cart holds. */
export const BATCH_ORDER_MAX_ROWS = 200;
const REMARKS_MAX_LENGTH = 500;
const NO_FINISHING = new Set(['无', '不需要', '-']);

/**
 * A checked row: its Excel row number, the addorderitem body it makes (its remarks are 备注
 * only), the product's title, the 文件名 written (empty for none) and the 收货地址 as an address
 * the book would take (null for none).
 */
export interface BatchOrderRow {
  sheet: string;
  number: number;
  body: AddOrderItemBody;
  title: string;
  fileName: string;
  address: AddDeliverGoodsAddressBody | null;
}

export type BatchOrderRowsResult =
  { ok: true; rows: BatchOrderRow[] } | { ok: false; problems: ImportProblem[] };

/** The checked rows of `table` against the merchant's catalogue, or every problem found. */
export function readBatchOrderRows(table: SheetTable, snapshot: CatalogSnapshot): BatchOrderRowsResult {
  const problem = (row: number, column: string, message: string): ImportProblem => ({
    sheet: table.name,
    row,
    column,
    message,
  });
  const [header, ...rows] = table.rows;
  if (!header || rows.length === 0) return { ok: false, problems: [problem(0, '', '没有可导入的数据')] };
  const { columns, missing } = mapColumns(header.cells, BATCH_ORDER_COLUMNS);
  if (missing.length > 0) {
    const names = missing.map((spec) => `「${spec.header}」`).join('');
    return { ok: false, problems: [problem(header.number, '', `表头缺少列${names}，请使用下载的模板`)] };
  }
  if (rows.length > BATCH_ORDER_MAX_ROWS) {
    const message = `一次最多导入 ${BATCH_ORDER_MAX_ROWS} 行（购物车最多 ${BATCH_ORDER_MAX_ROWS} 个商品），表中有 ${rows.length} 行`;
    return { ok: false, problems: [problem(0, '', message)] };
  }
  const cellOf = (row: SheetRow) => (key: OrderKey) => {
    const at = columns.get(key);
    return at === undefined ? '' : (row.cells[at] ?? '');
  };
  const headerOf = (key: OrderKey) =>
    header.cells[columns.get(key) ?? -1] ?? BATCH_ORDER_COLUMNS.find((spec) => spec.key === key)!.header;
  const problems: ImportProblem[] = [];
  const checked: BatchOrderRow[] = [];
  for (const row of rows) {
    const found: ImportProblem[] = [];
    const report = (key: OrderKey | '', message: string) =>
      found.push(problem(row.number, key ? headerOf(key) : '', message));
    const result = rowBody(cellOf(row), snapshot, report);
    problems.push(...found);
    if (result && found.length === 0) checked.push({ sheet: table.name, number: row.number, ...result });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows: checked };
}

type Report = (key: OrderKey | '', message: string) => void;

/** A whole number ≥ 1 written in a cell (`1000`, `1,000`), or null. */
function positiveInteger(text: string): number | null {
  const digits = text.replace(/[,，\s]/g, '');
  return /^\d{1,9}$/.test(digits) && Number(digits) >= 1 ? Number(digits) : null;
}

const optionsOf = (product: CompiledProduct, ids?: ReadonlySet<string>): NamedOption[] =>
  [...product.styles.values()].filter((style) => !ids || ids.has(style.id));

/** One row's addorderitem body; every problem goes to `report` (null when the product is unknown). */
function rowBody(
  cell: (key: OrderKey) => string,
  snapshot: CatalogSnapshot,
  report: Report,
): Omit<BatchOrderRow, 'sheet' | 'number'> | null {
  if (cell('product') === '') {
    report('product', '不能为空');
    return null;
  }
  const matched = matchProduct(cell('product'), snapshot.products.values());
  if (!matched.ok) {
    report('product', matched.message);
    return null;
  }
  const { product } = matched;
  const selection = chooseOptions(
    product,
    { ...snapshot.productInfo(product).DefaultSelection },
    cell,
    report,
  );
  const quantity = positiveInteger(cell('quantity'));
  if (cell('quantity') === '') report('quantity', '不能为空');
  else if (quantity === null) report('quantity', `应为正整数（单位：${product.unit}）`);
  const fileName = rowFileName(cell, report);
  const address = rowAddress(cell, report);
  const remarks = cell('remarks');
  // The file name goes into the remarks when no upload of that name is found: keep room for it.
  if (fileName !== '' && fileRemark(fileName, remarks).length > REMARKS_MAX_LENGTH) {
    report('remarks', `连同文件名不能超过 ${REMARKS_MAX_LENGTH} 个字`);
  }
  const parsed = addOrderItemBodySchema.safeParse({
    ...selection,
    ProductId: product.id,
    Quantity: quantity ?? 1,
    Remarks: remarks,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      report(issue.path[0] === 'Remarks' ? 'remarks' : '', issue.message);
    return null;
  }
  return { body: parsed.data, title: product.title, fileName, address };
}

/** A line's remarks with the file name the import could not attach: `印刷文件：x.pdf；加急`. */
export function fileRemark(fileName: string, remarks: string): string {
  return [`印刷文件：${fileName}`, remarks].filter((part) => part !== '').join('；');
}

/** The product's suggested selection with the options the row names put in. */
function chooseOptions(
  product: CompiledProduct,
  selection: Selection,
  cell: (key: OrderKey) => string,
  report: Report,
): Selection {
  const choose = (
    key: OrderKey,
    options: readonly NamedOption[],
    what: string,
    apply: (id: string) => void,
  ) => {
    if (cell(key) === '') return;
    const option = matchOption(cell(key), options, what);
    if (option.ok) apply(option.id);
    else report(key, option.message);
  };
  if (cell('size') !== '') {
    const size = matchSize(product, cell('size'));
    if (!size.ok) report('size', size.message);
    else if ('sizeId' in size)
      Object.assign(selection, { SizeId: size.sizeId, WidthMm: null, HeightMm: null });
    else Object.assign(selection, { SizeId: null, WidthMm: size.widthMm, HeightMm: size.heightMm });
  }
  const pages = product.pages;
  const styleWhat = pages ? '封面纸张' : '纸张';
  choose('style', optionsOf(product, pages?.coverStyleIds), styleWhat, (id) => (selection.StyleId = id));
  choose('colour', [...product.colours.values()], '颜色', (id) => (selection.ColourId = id));
  if (pages) {
    choose(
      'inner',
      optionsOf(product, pages.innerStyleIds),
      '内页纸张',
      (id) => (selection.InnerStyleId = id),
    );
    if (cell('pages') !== '') {
      const count = positiveInteger(cell('pages'));
      if (count === null) report('pages', '应为正整数');
      else selection.PageCount = count;
    }
  } else {
    if (cell('inner') !== '') report('inner', `「${product.title}」没有内页，请留空`);
    if (cell('pages') !== '') report('pages', `「${product.title}」没有页数，请留空`);
  }
  if (cell('techs') !== '') selection.TechnologyIds = finishingIds(product, cell('techs'), report);
  return selection;
}

/** The finishings named in a cell (`覆哑膜、圆角`; `无` for none). */
function finishingIds(product: CompiledProduct, text: string, report: Report): string[] {
  if (NO_FINISHING.has(text.trim())) return [];
  const ids: string[] = [];
  for (const name of text.split(/[、,，;；+/\s]+/).filter((part) => part !== '')) {
    const option = matchOption(name, product.technologies, '工艺');
    if (!option.ok) report('techs', option.message);
    else if (ids.includes(option.id)) report('techs', `“${name}”写了两次`);
    else ids.push(option.id);
  }
  return ids;
}

/** The 文件名 written (checked as upload names are), or '' for none. */
function rowFileName(cell: (key: OrderKey) => string, report: Report): string {
  const name = cell('fileName').trim();
  if (name === '') return '';
  const problem = fileNameProblem(name);
  if (problem) report('fileName', problem);
  return name;
}

/** The 收货地址 as 自动识别 reads it, checked as AddDeliverGoodsAddress checks an address. */
function rowAddress(cell: (key: OrderKey) => string, report: Report): AddDeliverGoodsAddressBody | null {
  if (cell('address') === '') return null;
  const recognised = recogniseAddress(cell('address'));
  if (!recognised.ok) {
    report('address', recognised.warning);
    return null;
  }
  const { contacts, phoneNumber, citys, address } = recognised.value;
  const parsed = addDeliverGoodsAddressBodySchema.safeParse({ contacts, phoneNumber, citys, address });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) report('address', issue.message);
    return null;
  }
  return parsed.data;
}
