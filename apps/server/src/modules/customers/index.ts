/** The customers module's public API: other modules and the composition root import only this. */
export { toLoginUserInfo } from './customers.mapper.ts';
export { type Customer, findCustomerByAccount, recordSuccessfulLogin } from './customers.repository.ts';
export { registerCustomerRoutes } from './customers.routes.ts';
export {
  checkCustomerPassword,
  isAccountRegistered,
  LOCK_DURATION_MS,
  MAX_FAILED_LOGINS,
} from './customers.service.ts';
