/** The coupons module's public API: other modules and the composition root import only this. */
export {
  type CouponCheckout,
  findApplicableCoupons,
  loadCouponCatalog,
  releaseCouponUse,
  reserveCouponUse,
} from './coupons.checkout.ts';
export { registerCouponRoutes } from './coupons.routes.ts';
export { seedDemoCoupons } from './coupons.seed.ts';
export { type CouponAdmin, createCouponAdmin } from './coupons.admin.ts';
export { couponCatalogSource } from './coupon-catalog.ts';
