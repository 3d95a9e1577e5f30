import { EXPORT_EXCEL_TYPE_NAMES, type ExportExcelType } from '@inkstone/contracts';

/** Bytes as the progress line shows them: `512 B`, `38.4 KB`, `1.25 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** The progress line under 正在导出中,请稍后...: bytes received, and the rows when the server said. */
export function progressText(receivedBytes: number, rows: number | null): string {
  const received = `已接收 ${formatBytes(receivedBytes)}`;
  return rows === null ? received : `共 ${rows} 条记录，${received}`;
}

/** The rows an export holds, from its X-Export-Rows header; null when absent. */
export function exportRowsOf(headers: Headers): number | null {
  const value = Number(headers.get('x-export-rows') ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The name to save under when the server named none: `订单.xlsx`. */
export function fallbackFileName(type: ExportExcelType): string {
  return `${EXPORT_EXCEL_TYPE_NAMES[type]}.xlsx`;
}

/** Saves a file the page holds, as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
