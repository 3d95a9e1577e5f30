/** The addresses module's public API: other modules and the composition root import only this. */
export { registerAddressRoutes } from './addresses.routes.ts';
export {
  addDeliveryAddresses,
  deliveryAddressesOf,
  matchOrAddDeliveryAddresses,
  type MatchedAddress,
  shippingAddress,
  type ShippingAddress,
} from './addresses.service.ts';
