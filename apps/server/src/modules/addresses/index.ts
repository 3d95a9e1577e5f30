/** The addresses module's public API: other modules and the composition root import only this. */
export { addressCodes } from './addresses.mapper.ts';
export { registerAddressRoutes } from './addresses.routes.ts';
export { getDeliveryAddress } from './addresses.service.ts';
