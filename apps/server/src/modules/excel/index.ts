/** The excel module's public API: other modules and the composition root import only this. */
export { ExcelService } from './excel.service.ts';
export { ExcelImportService } from './excel-import.service.ts';
export { registerExcelRoutes } from './excel.routes.ts';
