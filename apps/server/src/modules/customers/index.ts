/** The customers module's public API: other modules and the composition root import only this. */
export { toLoginUserInfo } from './customers.mapper.ts';
export {
  type Customer,
  findCustomerByAccount,
  incrementFailedLogins,
  lockCustomer,
  recordSuccessfulLogin,
} from './customers.repository.ts';
export { registerCustomerRoutes } from './customers.routes.ts';
export { isAccountRegistered } from './customers.service.ts';
