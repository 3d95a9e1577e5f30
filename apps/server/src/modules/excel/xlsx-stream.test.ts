import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellValue, columnLetter, writeWorkbook, type SheetSpec } from './xlsx-stream.ts';

interface Item {
  name: string;
  amountFen: number;
}

const spec: SheetSpec<Item> = {
  sheetName: '测试',
  columns: [
    { header: '名称', width: 20, kind: 'text', value: (item) => item.name },
    { header: '金额', width: 12, kind: 'money', isSummed: true, value: (item) => item.amountFen },
  ],
  sumLabel: (count) => `合计（共 ${count} 项）`,
};

const meta = { creator: '墨砚快印', createdAt: Date.UTC(2026, 10, 21, 2) };

/** Text that does not compress: a zip of it is about as long as the text. */
const NOISE = Array.from({ length: 512 }, () => randomBytes(96).toString('base64'));

/** Pages of `size` items, `pages` of them, counting how many have been read. */
function pagesOf(pages: number, size: number) {
  const state = { read: 0 };
  async function* generate() {
    for (let page = 0; page < pages; page++) {
      state.read += 1;
      yield Array.from({ length: size }, (_, k) => ({
        name: `第 ${page * size + k + 1} 行 ${NOISE[(page * size + k) % NOISE.length]!}`,
        amountFen: 1,
      }));
    }
  }
  return { state, pages: generate() };
}

/** Resolves once `read()` has not changed for 300 ms (or after 5 s). */
async function settled(read: () => number): Promise<number> {
  let last = -1;
  for (let waited = 0; waited < 5_000; waited += 300) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (read() === last) break;
    last = read();
  }
  return read();
}

describe('cellValue', () => {
  it('writes fen as yuan, instants as China wall-clock time, and text Excel can carry', () => {
    expect(cellValue('money', 12_345)).toBe(123.45);
    expect(cellValue('money', -1)).toBe(-0.01);
    expect((cellValue('datetime', Date.UTC(2026, 10, 30, 16, 30)) as Date).toISOString()).toBe(
      '2026-12-01T00:30:00.000Z',
    );
    expect(cellValue('text', 'a\u0000b\u0007c\td\ne\ud800f')).toBe('abc\td\nef');
    expect(cellValue('text', 'x'.repeat(40_000))).toHaveLength(32_767);
    expect(cellValue('money', null)).toBeNull();
  });

  it('names columns as Excel does', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('writeWorkbook', () => {
  it('writes the header, the rows and a sum row that Excel reads back', async () => {
    const output = new PassThrough();
    const parts: Buffer[] = [];
    output.on('data', (part: Buffer) => parts.push(part));
    const { pages } = pagesOf(3, 7);
    expect(await writeWorkbook(output, spec, pages, meta)).toEqual({ rows: 21 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('测试')!;
    expect(workbook.creator).toBe('墨砚快印');
    expect(sheet.rowCount).toBe(23);
    expect(sheet.getRow(23).getCell(1).value).toBe('合计（共 21 项）');
    expect(sheet.getRow(23).getCell(2).value).toEqual({ formula: 'SUM(B2:B22)', result: 0.21 });
  });

  it('reads no further than the download has taken, and stops when it is abandoned', async () => {
    let taken = 0;
    let release: (() => void) | null = null;
    const output = new PassThrough({ highWaterMark: 1024 });
    // A download that takes 64 KiB and then stalls, as a browser on a slow line.
    output.pipe(
      new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, callback) {
          taken += chunk.length;
          if (taken < 64 * 1024) callback();
          else release = callback;
        },
      }),
    );
    const { state, pages } = pagesOf(20_000, 100);
    const written = writeWorkbook(output, spec, pages, meta);
    // 2,000,000 rows of text that does not compress are far more than 64 KiB: the reading stops,
    // once the zip's buffers (about 2 MB) are full, and stays stopped.
    const readWhileStalled = await settled(() => state.read);
    expect(readWhileStalled).toBeLessThan(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(state.read).toBe(readWhileStalled);
    output.destroy();
    (release as (() => void) | null)?.();
    const result = await written;
    expect(result.rows).toBeLessThanOrEqual(readWhileStalled * 100);
    expect(state.read).toBe(readWhileStalled);
  });
});
