export * from './validators.ts';
export * from './address-regions.ts';
