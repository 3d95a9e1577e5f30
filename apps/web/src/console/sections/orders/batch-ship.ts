import { trackingNoKey, trackingNoProblem } from '@inkstone/contracts';

/** A row of the 批量发货 dialog as the packer filled it in. */
export interface ShipRow {
  orderId: number;
  orderNo: string;
  /** 到店自提: the number may stay empty. */
  isSelfPickup: boolean;
  trackingNo: string;
}

/**
 * What is wrong with each row, by order id, before anything is sent: an empty number (not for
 * 到店自提), a malformed one, or one another row of the batch already has (named by its order).
 */
export function validateShipRows(rows: readonly ShipRow[]): Map<number, string> {
  const problems = new Map<number, string>();
  const seen = new Map<string, ShipRow>();
  for (const row of rows) {
    const trackingNo = row.trackingNo.trim();
    const problem = trackingNoProblem(trackingNo, !row.isSelfPickup);
    if (problem) {
      problems.set(row.orderId, problem);
      continue;
    }
    if (trackingNo === '') continue;
    const first = seen.get(trackingNoKey(trackingNo));
    if (first) {
      problems.set(row.orderId, `快递单号与订单 ${first.orderNo} 重复`);
      if (!problems.has(first.orderId)) {
        problems.set(first.orderId, `快递单号与订单 ${row.orderNo} 重复`);
      }
      continue;
    }
    seen.set(trackingNoKey(trackingNo), row);
  }
  return problems;
}

/** A pasted line that filled no row, and why. */
export interface UnmatchedLine {
  line: number;
  text: string;
  reason: string;
}

export interface PasteResult {
  /** Tracking number by order number, for the orders of the batch found in the text. */
  numbers: Map<string, string>;
  unmatched: UnmatchedLine[];
}

/** The cells of a copied line: Excel and label software copy tab-separated, CSV with commas. */
function cellsOf(line: string): string[] {
  const separator = line.includes('\t') ? /\t/ : line.includes(',') || line.includes('，') ? /[,，]/ : /\s+/;
  return line
    .split(separator)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((cell) => cell !== '');
}

/**
 * Reads two columns — order number and tracking number — copied from a spreadsheet or the express
 * company's label software, and matches them to the batch's orders by order number. Either column
 * may come first; a heading line (订单号 / 运单号) is skipped; every other line that fills no
 * order is listed with its reason, and a later line for the same order wins over an earlier one.
 */
export function parseTrackingPaste(text: string, orderNos: readonly string[]): PasteResult {
  const known = new Map(orderNos.map((orderNo) => [orderNo.trim().toUpperCase(), orderNo]));
  const numbers = new Map<string, string>();
  const lineOf = new Map<string, number>();
  const unmatched: UnmatchedLine[] = [];
  const lines = text.split(/\r?\n/);
  let isFirst = true;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const cells = cellsOf(raw);
    if (cells.length === 0) return;
    const heading = isFirst && cells.every((cell) => !/\d/.test(cell));
    isFirst = false;
    if (heading) return;
    const orderCell = cells.findIndex((cell) => known.has(cell.toUpperCase()));
    const text = raw.trim();
    if (orderCell === -1) {
      unmatched.push({
        line,
        text,
        reason: cells.length < 2 ? '应为两列：订单号和快递单号' : `订单号 ${cells[0]} 不在本次发货的订单中`,
      });
      return;
    }
    const orderNo = known.get(cells[orderCell]!.toUpperCase())!;
    const trackingNo = cells.find((_cell, at) => at !== orderCell);
    if (trackingNo === undefined) {
      unmatched.push({ line, text, reason: `订单 ${orderNo} 缺少快递单号` });
      return;
    }
    const earlier = lineOf.get(orderNo);
    if (earlier !== undefined) {
      unmatched.push({
        line: earlier,
        text: `${orderNo} ${numbers.get(orderNo)}`,
        reason: `订单 ${orderNo} 在第 ${line} 行再次出现，以第 ${line} 行为准`,
      });
    }
    numbers.set(orderNo, trackingNo);
    lineOf.set(orderNo, line);
  });
  unmatched.sort((a, b) => a.line - b.line);
  return { numbers, unmatched };
}
