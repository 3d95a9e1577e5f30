import {
  excelCalls,
  type CallInput,
  type ImportExcelResult,
  type ImportExcelType,
} from '@inkstone/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/** What an import sends (spec §7): its type, the uploaded file's path and the workbook's password. */
export type ImportExcelRequest = CallInput<typeof excelCalls.post_import_excel>;

/**
 * POST /api/v1/post_import_excel: imports every row of the uploaded workbook, or none. A refusal
 * is not toasted: the dialog shows it (it may name several rows) with the error report.
 */
export function postImportExcel(body: ImportExcelRequest): Promise<ImportExcelResult> {
  return api.call(excelCalls.post_import_excel, body, { ignoreAlert: true });
}

/** POST /api/v1/post_import_excel_template: the template workbook of an import type. */
export function postImportExcelTemplate(type: ImportExcelType): Promise<DownloadedFile> {
  return api.download(excelCalls.post_import_excel_template, { ImportExcelType: type });
}

/** POST /api/v1/post_import_excel_errors: every problem of the uploaded workbook, as a workbook. */
export function postImportExcelErrors(body: ImportExcelRequest): Promise<DownloadedFile> {
  return api.download(excelCalls.post_import_excel_errors, body);
}
