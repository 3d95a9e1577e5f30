/**
 * Public face of the Excel export and import (spec §2 Excel import dialog, §7 post_export_excel and
 * post_import_excel; docs/excel.md): the 导出Excel button the order list, bill, cart, address book
 * and order detail pages show, and the 导入Excel button of the address book and the cart.
 */
export { ExportExcelButton } from './components/export-excel-button.tsx';
export type { ExportExcelButtonProps } from './components/export-excel-button.tsx';
export type { ExportExcelRequest } from './api/post-export-excel.ts';
export { ImportExcelButton } from './components/import-excel-button.tsx';
export type { ImportExcelButtonProps } from './components/import-excel-button.tsx';
