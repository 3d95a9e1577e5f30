export * from './validators.ts';
export * from './address-regions.ts';
export * from './catalog-pricing.ts';
export * from './express/express-fee.ts';
export * from './express/demo-express-companies.ts';
export * from './coupons/coupon-rules.ts';
export * from './address/address-region.ts';
export * from './address/contact-phone.ts';
