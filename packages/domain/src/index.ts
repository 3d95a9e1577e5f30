export * from './validators.ts';
export * from './address-regions.ts';
export * from './catalog-pricing.ts';
