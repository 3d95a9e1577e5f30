/** The customers module's public API: other modules and the composition root import only this. */
export { toLoginUserInfo } from './login-user-info.ts';
export { registerCustomerRoutes } from './customers.routes.ts';
export {
  authenticateCustomer,
  customerCards,
  isAccountRegistered,
  recordSignIn,
} from './customers.service.ts';
export { customerProfile, queryCustomers, setCustomerEnabled } from './customer-admin.ts';
export { wantsNotification } from './customer-settings.service.ts';
