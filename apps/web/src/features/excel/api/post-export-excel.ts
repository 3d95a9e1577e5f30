import { excelCalls, type CallInput } from '@inkstone/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** What an export asks for: its type and the filters of the list it comes from (docs/excel.md). */
export type ExportExcelRequest = CallInput<typeof excelCalls.post_export_excel>;

/**
 * POST /api/v1/post_export_excel: the .xlsx file, streamed (900 s time-out, spec §9);
 * `onProgress` hears the bytes received and the reply's headers as they arrive.
 */
export function postExportExcel(
  body: ExportExcelRequest,
  options: { signal?: AbortSignal; onProgress?(receivedBytes: number, headers: Headers): void } = {},
): Promise<DownloadedFile> {
  return api.download(excelCalls.post_export_excel, body, options);
}
