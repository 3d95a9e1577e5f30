/**
 * One-sheet .xlsx workbooks written as a stream (exceljs's streaming WorkbookWriter, docs/excel.md):
 * rows are committed page by page and leave the process as zipped bytes while later pages are
 * still being read, so memory stays flat however many rows there are. Chinese headers in a frozen
 * first row, column widths, money as numbers shown as ¥ with two decimals, times as real Excel
 * dates showing China time, and a sum row at the end.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import { CHINA_OFFSET_MS } from '@inkstone/domain';

/** How money is shown: yuan with two decimals behind ¥ (the cell holds the number of yuan). */
export const MONEY_FORMAT = '"¥"#,##0.00';
/** How times are shown: the wall-clock time in China (the cell holds that time as an Excel date). */
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * What a column holds: text; a whole number; money in fen (written as yuan); an instant in epoch
 * ms (written as the China wall-clock time); or a number shown with `numFmt`.
 */
export type ColumnKind = 'text' | 'integer' | 'money' | 'datetime' | 'number';

export interface SheetColumn<Row> {
  header: string;
  /** Width in characters (a Chinese character takes about two). */
  width: number;
  kind: ColumnKind;
  /** Number format of a `number` column, e.g. `0.000`. */
  numFmt?: string;
  /** The cell's value: fen for money, epoch ms for datetime; null leaves the cell empty. */
  value(row: Row): string | number | null;
  /** The sum row totals this column. */
  isSummed?: boolean;
}

/** A line under the sum row: a label and money amounts (fen) in some columns, by column index. */
export interface TrailerRow {
  label: string;
  moneyFen: Record<number, number>;
}

export interface SheetSpec<Row> {
  /** The sheet's name (at most 31 characters). */
  sheetName: string;
  columns: readonly SheetColumn<Row>[];
  /** The first cell of the sum row, once the rows are counted. */
  sumLabel(rowCount: number): string;
  /** Lines under the sum row (an order's shipping fee, discount and amount due). */
  trailer?: readonly TrailerRow[];
}

export interface WorkbookMeta {
  /** The workbook's author as Excel shows it (the merchant's site name). */
  creator: string;
  /** When it was made, epoch ms (the server's clock). */
  createdAt: number;
}

/** What happened once the last byte was written. */
export interface StreamedWorkbook {
  rows: number;
}

const FORMATS: Record<Exclude<ColumnKind, 'text'>, string> = {
  integer: '0',
  money: MONEY_FORMAT,
  datetime: DATETIME_FORMAT,
  number: 'General',
};

/**
 * Characters XML 1.0 cannot carry (control characters but tab and line breaks, U+FFFE/U+FFFF, lone
 * surrogates): an Excel file holding one does not open.
 */
const NOT_XML = /(?![\t\n\r])\p{Cc}|[\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** The longest text a cell holds (Excel's limit). */
const CELL_TEXT_MAX = 32_767;

/** A column's value as the cell holds it. */
export function cellValue(kind: ColumnKind, value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  switch (kind) {
    case 'money':
      return Number(value) / 100;
    case 'datetime':
      // Excel dates have no time zone: the cell holds the China wall-clock time of the instant.
      return new Date(Number(value) + CHINA_OFFSET_MS);
    case 'integer':
    case 'number':
      return Number(value);
    case 'text':
      return String(value).replace(NOT_XML, '').slice(0, CELL_TEXT_MAX);
  }
}

/** A1-style letters of a 1-based column number. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The zip's input for the sheet: the stream exceljs (4.4, pinned) pipes the sheet's XML buffer into
 * once the zip takes the entry. exceljs writes there without heeding its answer, so the writer waits
 * on it itself; every stage after it (deflate, zip, the reply) waits on the next, down to the HTTP
 * socket. Empty until the zip has taken the entry.
 */
function zipInputsOf(sheet: ExcelJS.Worksheet): Writable[] {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  return Array.isArray(stream?.pipes) ? (stream.pipes as Writable[]) : [];
}

/** True when a writable holds more than it wants (also for the `readable-stream` copies the zip uses). */
function isFull(stream: Writable): boolean {
  if (typeof stream.writableNeedDrain === 'boolean') return stream.writableNeedDrain;
  return (
    (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain === true
  );
}

/** Resolves once `stream` has room again, or `output` has closed (the download was abandoned). */
function roomIn(stream: Writable, output: Writable): Promise<void> {
  if (!isFull(stream) || stream.destroyed || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      output.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    output.on('close', done);
  });
}

class Abandoned extends Error {}

/**
 * Writes one sheet of `pages` into `output` and ends it. Waits while the bytes already made have
 * not left (a slow download holds the reading back instead of filling memory); stops quietly when
 * `output` is destroyed (the browser went away).
 */
export async function writeWorkbook<Row>(
  output: Writable,
  spec: SheetSpec<Row>,
  pages: AsyncIterable<readonly Row[]>,
  meta: WorkbookMeta,
): Promise<StreamedWorkbook> {
  // Loaded with the first export, not with the server (docs/performance.md).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = meta.creator;
  workbook.lastModifiedBy = meta.creator;
  workbook.created = new Date(meta.createdAt);
  workbook.modified = new Date(meta.createdAt);
  const sheet = workbook.addWorksheet(spec.sheetName, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.columns = spec.columns.map((column) => ({ width: column.width }));
  sheet.autoFilter = `A1:${columnLetter(spec.columns.length)}1`;
  // One style object per column, shared by its cells: exceljs recognises a style object it has seen
  // (a WeakMap), where a fresh one per cell costs a style look-up and a WeakMap entry each.
  const styles: Partial<ExcelJS.Style>[] = spec.columns.map((column) =>
    column.kind === 'text' ? {} : { numFmt: column.numFmt ?? FORMATS[column.kind] },
  );
  const addRow = (values: ExcelJS.CellValue[], rowStyles: readonly Partial<ExcelJS.Style>[]) => {
    const row = sheet.addRow(values);
    for (let index = 0; index < values.length; index++) {
      row.getCell(index + 1).style = rowStyles[index]!;
    }
    row.commit();
  };
  const headerStyle: Partial<ExcelJS.Style> = {
    font: { bold: true },
    alignment: { vertical: 'middle', horizontal: 'center' },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } },
  };
  addRow(
    spec.columns.map((column) => column.header),
    spec.columns.map(() => headerStyle),
  );

  const sums = spec.columns.map(() => 0);
  let rowCount = 0;
  const waitForRoom = async () => {
    for (const input of zipInputsOf(sheet)) await roomIn(input, output);
    if (output.destroyed) throw new Abandoned();
  };

  try {
    for await (const page of pages) {
      for (const item of page) {
        const values = spec.columns.map((column, index) => {
          const value = column.value(item);
          if (column.isSummed && value !== null) sums[index]! += Number(value);
          return cellValue(column.kind, value);
        });
        addRow(values, styles);
        rowCount += 1;
      }
      await waitForRoom();
      // Let the zip take what was written before the next page is read.
      await nextTurn();
    }
  } catch (error) {
    if (error instanceof Abandoned) return { rows: rowCount };
    throw error;
  }

  const bold = { bold: true };
  const totalStyles: Partial<ExcelJS.Style>[] = styles.map((style, index) => ({
    ...(index === 0 ? {} : style),
    font: bold,
    border: { top: { style: 'thin' } },
  }));
  addRow(
    spec.columns.map((column, index) => {
      if (index === 0) return spec.sumLabel(rowCount);
      if (!column.isSummed) return null;
      const total = cellValue(column.kind, sums[index]!) as number;
      if (rowCount === 0) return total;
      const letter = columnLetter(index + 1);
      return { formula: `SUM(${letter}2:${letter}${rowCount + 1})`, result: total };
    }),
    totalStyles,
  );
  const trailerStyles: Partial<ExcelJS.Style>[] = spec.columns.map((_, index) =>
    index === 0 ? { font: bold } : { numFmt: MONEY_FORMAT, font: bold },
  );
  for (const line of spec.trailer ?? []) {
    addRow(
      spec.columns.map((_, index) =>
        index === 0 ? line.label : index in line.moneyFen ? cellValue('money', line.moneyFen[index]!) : null,
      ),
      trailerStyles,
    );
  }
  sheet.commit();
  await workbook.commit();
  return { rows: rowCount };
}

/**
 * The workbook as a stream to answer with: `writeWorkbook` runs into it; a failure half-way
 * destroys it with the error (the download is cut short and the failure logged by the caller).
 */
export function streamWorkbook<Row>(
  spec: SheetSpec<Row>,
  pages: AsyncIterable<readonly Row[]>,
  meta: WorkbookMeta,
  onDone: (result: { rows: number } | { error: unknown }) => void,
): Readable {
  const output = new PassThrough();
  writeWorkbook(output, spec, pages, meta).then(
    (result) => onDone(result),
    (error: unknown) => {
      onDone({ error });
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return output;
}
