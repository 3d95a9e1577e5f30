import type { FastifyInstance, FastifyRequest } from 'fastify';
import { excelCalls as calls } from '@inkstone/contracts';
import { customerScopeOf, defineCall, defineFileCall, requireMerchant } from '../../plugins/call.ts';
import type { ExcelImportService } from './excel-import.service.ts';
import type { ExcelService } from './excel.service.ts';

function requesterOf(request: FastifyRequest) {
  const merchant = requireMerchant(request);
  return { owner: customerScopeOf(request), merchantName: merchant.website_name || merchant.name };
}

/**
 * Spec §7 post_export_excel and post_import_excel (docs/excel.md): the export streamed as the
 * reply; the import, its template and its error report.
 */
export function registerExcelRoutes(
  app: FastifyInstance,
  excel: ExcelService,
  imports: ExcelImportService,
): void {
  defineFileCall(app, calls.post_export_excel, async ({ request, input }) => {
    const file = await excel.export({ ...requesterOf(request), log: request.log }, input);
    return { fileName: file.fileName, body: file.body, headers: { 'x-export-rows': String(file.rows) } };
  });
  defineCall(app, calls.post_import_excel, async ({ request, input }) =>
    imports.import(requesterOf(request), input),
  );
  defineFileCall(app, calls.post_import_excel_template, async ({ request, input }) =>
    imports.template(requesterOf(request), input),
  );
  defineFileCall(app, calls.post_import_excel_errors, async ({ request, input }) =>
    imports.errorReport(requesterOf(request), input),
  );
}
