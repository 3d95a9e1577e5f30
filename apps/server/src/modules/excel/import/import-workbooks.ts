/**
 * The workbooks an import hands out (docs/excel.md "Import"): each type's template — its data
 * sheet with the headers the import reads, a sheet of instructions with examples, and for batch
 * orders the merchant's products with every choice — and the error report of a refused file.
 */
import type ExcelJS from 'exceljs';
import { IMPORT_EXCEL_TYPE_NAMES, MAX_DELIVERY_ADDRESSES, type ImportExcelType } from '@inkstone/contracts';
import type { CompiledProduct } from '@inkstone/domain';
import type { CatalogSnapshot } from '../../products/index.ts';
import { ADDRESS_COLUMNS } from './address-rows.ts';
import { BATCH_ORDER_COLUMNS, BATCH_ORDER_MAX_ROWS } from './batch-order-rows.ts';
import type { ImportProblem } from './sheet-table.ts';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8E8E8' } };

/** A sheet with a bold, frozen header row and set column widths. */
function addTable(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly { header: string; width: number }[],
  rows: readonly (readonly (string | number)[])[] = [],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => (cell.fill = HEADER_FILL));
  for (const row of rows) sheet.addRow([...row]);
  return sheet;
}

/** A sheet of instructions: one paragraph per row in a wide column. */
function addNotes(workbook: ExcelJS.Workbook, lines: readonly string[]): void {
  const sheet = workbook.addWorksheet('填写说明');
  sheet.getColumn(1).width = 110;
  for (const line of lines) sheet.addRow([line]).alignment = { wrapText: true, vertical: 'top' };
  sheet.getRow(1).font = { bold: true };
}

const ADDRESS_NOTES = [
  '收货地址导入说明',
  `1. 在「${IMPORT_EXCEL_TYPE_NAMES.addresses}」表第 2 行起，每行填一个地址；第 1 行表头请勿修改。一次最多导入 ${MAX_DELIVERY_ADDRESSES} 个，连同已有地址不超过 ${MAX_DELIVERY_ADDRESSES} 个。`,
  '2. 联系人、电话、详细地址必填；电话可填手机号或带区号的固定电话（如 0755-12345678）。',
  '3. 省市区写到区/县，省、市须带“省/市”字样，例如 广东省深圳市南山区；也可以留空，把完整地址写在详细地址里。',
  '4. 默认地址填“是”的一行设为默认地址（最多一行）。',
  '5. 也可以不用表头：在第一个工作表的 A 列每行粘贴一条完整的收货信息，例如 张三 13800138000 广东省深圳市南山区科技园南路1号，系统按“自动识别”的规则识别。',
  '6. 任何一行有错误时整个文件都不会导入，错误会指明工作表、行和列，可下载错误报告。',
  '示例：张三 | 13800138000 | 广东省深圳市南山区 | 科技园南路1号 | 是',
];

/** A choice list for the products sheet: `标准 90×54mm、欧式 85×54mm`. */
const names = (options: Iterable<{ name: string }>) => [...options].map((option) => option.name).join('、');

function productRow(product: CompiledProduct): string[] {
  const styles = [...product.styles.values()];
  const pages = product.pages;
  const custom = product.customSize
    ? `；自定义 宽×高 ${product.customSize.MinWidthMm}–${product.customSize.MaxWidthMm}×${product.customSize.MinHeightMm}–${product.customSize.MaxHeightMm} mm`
    : '';
  return [
    product.title,
    product.unit,
    `${names(product.sizes.values())}${custom}`,
    names(pages ? styles.filter((style) => pages.coverStyleIds.has(style.id)) : styles),
    pages ? names(styles.filter((style) => pages.innerStyleIds.has(style.id))) : '',
    pages ? `${pages.min}–${pages.max}（${pages.multiple} 的倍数）` : '',
    names(product.colours.values()),
    names(product.technologies),
  ];
}

const BATCH_NOTES = [
  '批量下单导入说明',
  `1. 在「${IMPORT_EXCEL_TYPE_NAMES.batch_orders}」表第 2 行起，每行一个商品；第 1 行表头请勿修改。一次最多 ${BATCH_ORDER_MAX_ROWS} 行，导入后加入购物车，按本店当前价格计价。`,
  '2. 商品、数量必填；商品名称与可选的尺寸、纸张、颜色、工艺见「可选商品」表。数量的单位是商品的计量单位（如名片为“盒”）。',
  '3. 尺寸可写名称（标准）或毫米（90×54）；允许自定义尺寸的商品可写任意 宽×高。留空的规格按商品的默认选择。',
  '4. 工艺可写多个，用顿号或逗号分隔，例如 覆哑膜、圆角；写“无”表示不要工艺。画册填封面纸张、内页纸张和页数。',
  '5. 文件名、收货地址（一行完整的收货信息）和备注写入该商品的备注，结算时请上传对应文件、选择收货地址。',
  '6. 任何一行有错误时整个文件都不会导入，错误会指明工作表、行和列，可下载错误报告。',
  '示例：商务名片 | 标准 | 300g铜版纸 | | | 双面四色 | 覆哑膜、圆角 | 2 | 张三名片.pdf | 张三 13800138000 广东省深圳市南山区科技园 | 加急',
];

/**
 * The template workbook of an import type; batch orders list the merchant's products. exceljs is
 * loaded with the first workbook made, not with the server (docs/performance.md).
 */
export async function templateWorkbook(
  type: ImportExcelType,
  snapshot: CatalogSnapshot | null,
  meta: { creator: string; createdAt: number },
): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = meta.creator;
  workbook.created = new Date(meta.createdAt);
  const name = IMPORT_EXCEL_TYPE_NAMES[type];
  if (type === 'addresses') {
    const widths = [14, 16, 26, 40, 10, 10, 10, 10];
    addTable(
      workbook,
      name,
      ADDRESS_COLUMNS.filter((spec) => !['province', 'city', 'district'].includes(spec.key)).map(
        (spec, at) => ({
          header: spec.header,
          width: widths[at] ?? 14,
        }),
      ),
    );
    addNotes(workbook, ADDRESS_NOTES);
  } else {
    addTable(
      workbook,
      name,
      BATCH_ORDER_COLUMNS.map((spec) => ({ header: spec.header, width: spec.key === 'address' ? 40 : 16 })),
    );
    addNotes(workbook, BATCH_NOTES);
    const products = snapshot ? [...snapshot.products.values()].map(productRow) : [];
    const headers = ['商品', '单位', '尺寸', '纸张（画册为封面）', '内页纸张', '页数', '颜色', '工艺'];
    addTable(
      workbook,
      '可选商品',
      headers.map((header) => ({ header, width: header === '商品' ? 16 : 30 })),
      products,
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The error report of a refused file: every problem with its sheet, row and column. */
export async function problemsWorkbook(
  problems: readonly ImportProblem[],
  meta: { creator: string; createdAt: number },
): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = meta.creator;
  workbook.created = new Date(meta.createdAt);
  const rows = problems.map((problem) => [
    problem.sheet,
    problem.row > 0 ? problem.row : '',
    problem.column,
    problem.message,
  ]);
  const sheet = addTable(
    workbook,
    '错误报告',
    [
      { header: '工作表', width: 16 },
      { header: '行', width: 8 },
      { header: '列', width: 14 },
      { header: '问题', width: 80 },
    ],
    rows.length > 0 ? rows : [['', '', '', '没有发现错误，可以导入']],
  );
  sheet.getColumn(4).alignment = { wrapText: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
