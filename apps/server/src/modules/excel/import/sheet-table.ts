/**
 * A worksheet read as text for an import: each non-empty row with its Excel row number and the
 * text of its cells, and the columns found by their Chinese headers. Every problem names the
 * sheet, the row and the column as the customer sees them in Excel.
 */
import type ExcelJS from 'exceljs';

/** One row of a sheet: its number in Excel (1 is the first) and its cells' text, column A first. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/** The rows of one worksheet that hold anything. */
export interface SheetTable {
  name: string;
  rows: SheetRow[];
}

/** One problem of an import: where (sheet, Excel row, column header) and what, in Chinese. */
export interface ImportProblem {
  sheet: string;
  /** Excel row number; 0 for a problem of the whole sheet or file. */
  row: number;
  /** The column's header; '' for a problem of the whole row. */
  column: string;
  message: string;
}

/** What a column is called in a template, and other headers taken for it. */
export interface ColumnSpec<Key extends string> {
  key: Key;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
}

/** `2026-11-21` of an Excel date (a date cell holds the wall-clock time as if it were UTC). */
function dateText(value: Date): string {
  return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
}

/** The text a cell shows: rich text joined, a formula's result, a link's text; errors are empty. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as { result?: ExcelJS.CellValue }).result);
  }
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text);
  return '';
}

/** The rows of `sheet` that hold any text, at most `maxRows` + 1 of them (enough to tell "too many"). */
export function readSheet(sheet: ExcelJS.Worksheet, maxRows: number): SheetTable {
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (rows.length > maxRows) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    const filled = Array.from(cells, (text) => text ?? '');
    while (filled.length > 0 && filled[filled.length - 1] === '') filled.pop();
    if (filled.length > 0) rows.push({ number, cells: filled });
  });
  return { name: sheet.name, rows };
}

/** A header as compared: no blanks, no required-marks (`*`, `（必填）`), half-width. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/\*|\((必填|选填|可选)\)/g, '');
}

/** The column index of each spec found in `header`, and which required ones are missing. */
export function mapColumns<Key extends string>(
  header: readonly string[],
  specs: readonly ColumnSpec<Key>[],
): { columns: Map<Key, number>; missing: ColumnSpec<Key>[] } {
  const columns = new Map<Key, number>();
  const keys = header.map(headerKey);
  for (const spec of specs) {
    const names = new Set([spec.header, ...(spec.aliases ?? [])].map(headerKey));
    const at = keys.findIndex((key) => names.has(key));
    if (at >= 0) columns.set(spec.key, at);
  }
  return { columns, missing: specs.filter((spec) => spec.required && !columns.has(spec.key)) };
}

/** Messages that read on from the column name (`「数量」不能为空`); others follow a colon. */
const CONTINUING = /^(不能|应|不是|无法|超过|与|重复|只能|需|没有|必须)/;

/** One problem as the customer reads it: `工作表「批量下单」第12行「数量」不能为空`. */
export function formatProblem(problem: ImportProblem): string {
  const where = `工作表「${problem.sheet}」${problem.row > 0 ? `第${problem.row}行` : ''}`;
  const column = problem.column ? `「${problem.column}」` : '';
  const joiner = CONTINUING.test(problem.message) || (!column && problem.row === 0) ? '' : '：';
  return `${where}${column}${joiner}${problem.message}`;
}

/** Problems shown in the refusal's message; the error report lists them all. */
const PROBLEMS_IN_MESSAGE = 5;

/** The refusal's message: the first problems, and how many there are when more. */
export function summariseProblems(problems: readonly ImportProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_IN_MESSAGE).map(formatProblem).join('；');
  if (problems.length <= PROBLEMS_IN_MESSAGE) return `导入失败，没有导入任何数据：${shown}`;
  return `导入失败，没有导入任何数据，共 ${problems.length} 处错误（可下载错误报告查看全部）：${shown}…`;
}
