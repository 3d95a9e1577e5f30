/** The oauth module's public API: other modules and the composition root import only this. */
export { registerOauthRoutes } from './oauth.routes.ts';
export { TokenVerifier } from './token-verifier.ts';
export { purgeExpiredAppTokens } from './token-cleanup.ts';
