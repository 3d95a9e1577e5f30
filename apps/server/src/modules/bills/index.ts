/** The bills module's public API: other modules and the composition root import only this. */
export { registerBillRoutes } from './bills.routes.ts';
export {
  type BillExport,
  type BillExportFilter,
  exportCustomerBill,
  queryCustomerBill,
} from './bills.service.ts';
