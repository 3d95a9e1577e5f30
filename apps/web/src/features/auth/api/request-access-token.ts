import type { AccessToken, RequestAccessTokenBody } from '@inkstone/contracts';
import { oauthCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/oauth/RequestAccessToken: password or SMS-code login; RememberMe asks for the long-term token. */
export function requestAccessToken(body: RequestAccessTokenBody): Promise<AccessToken> {
  return api.call(oauthCalls.RequestAccessToken, body);
}
