/** The staff module's public API: other modules and the composition root import only this. */
export { StaffCustomersService } from './staff-customers.service.ts';
export { StaffOrdersService } from './staff-orders.service.ts';
export { registerStaffAuth, registerStaffRoutes } from './staff.routes.ts';
export { registerStaffAudit } from './staff-audit.hook.ts';
export { DEMO_STAFF, seedDemoStaff } from './staff.seed.ts';
export { StaffService } from './staff.service.ts';
