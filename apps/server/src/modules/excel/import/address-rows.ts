/**
 * The rows of an address import (docs/excel.md "Import"): either the template's columns — 联系人,
 * 电话, 省市区 (or 省份/城市/区县, as the export writes them), 详细地址, 默认地址 — or one pasted line
 * per row (`张三 13800138000 广东省深圳市南山区科技园`) run through address recognition. Each row is
 * checked by the same schema as AddDeliverGoodsAddress.
 */
import {
  MAX_DELIVERY_ADDRESSES,
  addDeliverGoodsAddressBodySchema,
  type AddDeliverGoodsAddressBody,
} from '@inkstone/contracts';
import { recogniseAddress, splitAddressText } from '@inkstone/domain';
import {
  mapColumns,
  type ColumnSpec,
  type ImportProblem,
  type SheetRow,
  type SheetTable,
} from './sheet-table.ts';

type AddressKey = 'contacts' | 'phone' | 'area' | 'province' | 'city' | 'district' | 'street' | 'isDefault';

/** The template's columns, in order, with the headers also taken for each. */
export const ADDRESS_COLUMNS: readonly ColumnSpec<AddressKey>[] = [
  { key: 'contacts', header: '联系人', aliases: ['收货人', '收件人', '姓名'], required: true },
  {
    key: 'phone',
    header: '电话',
    aliases: ['联系电话', '手机', '手机号', '手机号码', '联系方式'],
    required: true,
  },
  { key: 'area', header: '省市区', aliases: ['所在地区', '省/市/区', '地区'] },
  { key: 'province', header: '省份', aliases: ['省'] },
  { key: 'city', header: '城市', aliases: ['市'] },
  { key: 'district', header: '区县', aliases: ['区/县', '区'] },
  { key: 'street', header: '详细地址', aliases: ['地址', '街道地址'], required: true },
  { key: 'isDefault', header: '默认地址', aliases: ['设为默认', '默认'] },
];

/** The header of a sheet of pasted lines (optional: a sheet may start with the first line). */
const LINE_HEADERS = new Set(['收货信息', '地址信息', '收件信息', '收货地址', '地址']);
const LINE_COLUMN = '收货信息';
const YES = new Set(['是', '默认', 'y', 'yes', '1', 'true', '√']);

export type AddressRowsResult =
  { ok: true; bodies: AddDeliverGoodsAddressBody[] } | { ok: false; problems: ImportProblem[] };

/** The checked addresses of `table`, or every problem found. */
export function readAddressRows(table: SheetTable): AddressRowsResult {
  const [first] = table.rows;
  if (!first) return fail(table, 0, '', '没有可导入的数据');
  const template = mapColumns(first.cells, ADDRESS_COLUMNS);
  const isTemplate = template.columns.has('contacts');
  const isLineHeader = !isTemplate && first.cells.length === 1 && LINE_HEADERS.has(first.cells[0]!);
  const rows = isTemplate || isLineHeader ? table.rows.slice(1) : table.rows;
  if (rows.length === 0) return fail(table, 0, '', '没有可导入的数据');
  if (rows.length > MAX_DELIVERY_ADDRESSES) {
    return fail(table, 0, '', `一次最多导入 ${MAX_DELIVERY_ADDRESSES} 个收货地址，表中有 ${rows.length} 行`);
  }
  if (isTemplate && template.missing.length > 0) {
    const names = template.missing.map((spec) => `「${spec.header}」`).join('');
    return fail(table, first.number, '', `表头缺少列${names}，请使用下载的模板`);
  }
  const problems: ImportProblem[] = [];
  const bodies: AddDeliverGoodsAddressBody[] = [];
  let defaultRow = 0;
  for (const row of rows) {
    const checked = isTemplate
      ? templateRow(table.name, row, template.columns, first.cells)
      : lineRow(table.name, row, isLineHeader ? first.cells[0]! : LINE_COLUMN);
    if (!checked.ok) {
      problems.push(...checked.problems);
      continue;
    }
    if (checked.body.IsDefault && defaultRow > 0) {
      problems.push(
        problem(table.name, row.number, '默认地址', `只能有一个默认地址（第${defaultRow}行已设为默认）`),
      );
    }
    if (checked.body.IsDefault && defaultRow === 0) defaultRow = row.number;
    bodies.push(checked.body);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, bodies };
}

type RowResult = { ok: true; body: AddDeliverGoodsAddressBody } | { ok: false; problems: ImportProblem[] };

function problem(sheet: string, row: number, column: string, message: string): ImportProblem {
  return { sheet, row, column, message };
}

function fail(table: SheetTable, row: number, column: string, message: string): AddressRowsResult {
  return { ok: false, problems: [problem(table.name, row, column, message)] };
}

/** One row of the template: its region from 省份/城市/区县, or 省市区, or the start of 详细地址. */
function templateRow(
  sheet: string,
  row: SheetRow,
  columns: Map<AddressKey, number>,
  header: readonly string[],
): RowResult {
  const text = (key: AddressKey) => {
    const at = columns.get(key);
    return at === undefined ? '' : (row.cells[at] ?? '');
  };
  const headerOf = (key: AddressKey, fallback: string) => {
    const at = columns.get(key);
    return at === undefined ? fallback : (header[at] ?? fallback);
  };
  const regionColumn = columns.has('area')
    ? headerOf('area', '省市区')
    : columns.has('province')
      ? headerOf('province', '省份')
      : headerOf('street', '详细地址');
  const input: Record<string, unknown> = {
    contacts: text('contacts'),
    phoneNumber: text('phone'),
    address: text('street'),
    IsDefault: YES.has(text('isDefault').toLowerCase()),
  };
  if (text('province') !== '') {
    Object.assign(input, { province: text('province'), city: text('city'), region: text('district') });
  } else {
    const split = splitAddressText(text('area') || text('street'));
    if (!split.ok) return { ok: false, problems: [problem(sheet, row.number, regionColumn, split.warning)] };
    const street = text('area') ? `${split.value.address}${text('street')}` : split.value.address;
    Object.assign(input, { citys: split.value.citys, address: street });
  }
  return checkBody(sheet, row.number, input, (field) => {
    if (field === 'contacts') return headerOf('contacts', '联系人');
    if (field === 'phoneNumber') return headerOf('phone', '电话');
    if (field === 'address') return headerOf('street', '详细地址');
    return regionColumn;
  });
}

/** One pasted line (the row's cells joined by blanks), recognised as the address input does. */
function lineRow(sheet: string, row: SheetRow, column: string): RowResult {
  const recognised = recogniseAddress(row.cells.filter((cell) => cell !== '').join(' '));
  if (!recognised.ok)
    return { ok: false, problems: [problem(sheet, row.number, column, recognised.warning)] };
  const { contacts, phoneNumber, citys, address } = recognised.value;
  return checkBody(sheet, row.number, { contacts, phoneNumber, citys, address }, () => column);
}

/** AddDeliverGoodsAddress's own checks, each problem under the column its field came from. */
function checkBody(
  sheet: string,
  row: number,
  input: Record<string, unknown>,
  columnOf: (field: string) => string,
): RowResult {
  const parsed = addDeliverGoodsAddressBodySchema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    // An empty cell reads better as 「联系人」不能为空 than as the form's 请输入联系人.
    const message = input[field] === '' ? '不能为空' : issue.message;
    return problem(sheet, row, columnOf(field), message);
  });
  return { ok: false, problems };
}
