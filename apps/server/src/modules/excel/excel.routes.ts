import type { FastifyInstance } from 'fastify';
import { excelCalls as calls } from '@inkstone/contracts';
import { customerScopeOf, defineFileCall, requireMerchant } from '../../plugins/call.ts';
import type { ExcelService } from './excel.service.ts';

/** Spec §7 post_export_excel (docs/excel.md): the workbook streamed as the reply. */
export function registerExcelRoutes(app: FastifyInstance, excel: ExcelService): void {
  defineFileCall(app, calls.post_export_excel, async ({ request, input }) => {
    const merchant = requireMerchant(request);
    const file = await excel.export(
      {
        owner: customerScopeOf(request),
        merchantName: merchant.website_name || merchant.name,
        log: request.log,
      },
      input,
    );
    return { fileName: file.fileName, body: file.body, headers: { 'x-export-rows': String(file.rows) } };
  });
}
