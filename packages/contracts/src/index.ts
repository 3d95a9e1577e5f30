export * from './api-codes.ts';
export * from './envelope.ts';
export * from './headers.ts';
export * from './constants.ts';
export * from './zod-messages.ts';
export * from './calls/common.ts';
export * from './calls/oauth.ts';
export * from './calls/website.ts';
