import { api } from '../../../lib/api-client.ts';
import { oauthCalls } from '@inkstone/contracts';

/**
 * POST /api/oauth/Logout: revokes the access token. Nothing is shown when it fails, and a token
 * that had already expired is not retried: the session ends here either way.
 */
export function logout(): Promise<unknown> {
  return api.call(oauthCalls.Logout, {}, { ignoreAlert: true, ignoreLoginExpired: true });
}
