/**
 * Public face of the Excel export (spec §7 post_export_excel; docs/excel.md): the 导出Excel button
 * the order list, bill, cart, address book and order detail pages show.
 */
export { ExportExcelButton } from './components/export-excel-button.tsx';
export type { ExportExcelButtonProps } from './components/export-excel-button.tsx';
export type { ExportExcelRequest } from './api/post-export-excel.ts';
