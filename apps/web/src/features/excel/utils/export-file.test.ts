import { describe, expect, it } from 'vitest';
import { attachmentFileName } from '../../../lib/api-client.ts';
import { exportRowsOf, fallbackFileName, formatBytes, progressText } from './export-file.ts';

describe('the export progress line', () => {
  it('shows the bytes received, and the rows when the server said how many', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(39_322)).toBe('38.4 KB');
    expect(formatBytes(1_310_720)).toBe('1.25 MB');
    expect(progressText(1_310_720, null)).toBe('已接收 1.25 MB');
    expect(progressText(2048, 100_000)).toBe('共 100000 条记录，已接收 2.0 KB');
  });

  it('reads the row count from X-Export-Rows', () => {
    expect(exportRowsOf(new Headers({ 'x-export-rows': '42' }))).toBe(42);
    expect(exportRowsOf(new Headers())).toBeNull();
    expect(exportRowsOf(new Headers({ 'x-export-rows': 'many' }))).toBeNull();
  });
});

describe('the saved file name', () => {
  it('is the Chinese name of Content-Disposition’s filename*, else its ASCII filename', () => {
    const name = '订单_2026-11-01至2026-11-30.xlsx';
    expect(
      attachmentFileName(
        `attachment; filename="______2026-11-01_2026-11-30.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      ),
    ).toBe(name);
    expect(attachmentFileName('attachment; filename="orders.xlsx"')).toBe('orders.xlsx');
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4%A")).toBe('');
    expect(attachmentFileName(null)).toBe('');
    expect(fallbackFileName('bills')).toBe('账单.xlsx');
  });
});
