/**
 * Public face of printing (spec §4, §7 post_print_html; docs/excel.md "Print"): the print buttons
 * of the order detail (打印订单, 打印送货单) and the bill (打印对账单).
 */
export { PrintButton } from './components/print-button.tsx';
export type { PrintButtonProps } from './components/print-button.tsx';
export type { PrintRequest } from './api/post-print-html.ts';
