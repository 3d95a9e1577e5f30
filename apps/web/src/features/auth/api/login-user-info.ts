import { useQuery } from '@tanstack/react-query';
import { oauthCalls } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { useSession } from '../../../lib/use-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/oauth/LoginUserInfo: the signed-in customer. */
export function fetchLoginUserInfo(): Promise<LoginUserInfo> {
  return api.call(oauthCalls.LoginUserInfo);
}

/**
 * Fills the session's current info when it is missing, as after a long-term token was restored
 * at start (spec §4), so the header can name the customer; info restored from this browser's
 * cache (spec §3 logged-in user info) names the customer at once and is asked again here.
 */
export function useCurrentUserInfo(): void {
  const current = useSession();
  useQuery({
    queryKey: queryKeys.loginUserInfo(current.accessToken),
    enabled: current.isLoggedIn && (current.currentInfo === null || current.isCurrentInfoCached),
    queryFn: async () => {
      const info = await fetchLoginUserInfo();
      session.patch({ currentInfo: info, account: info.Account, isCurrentInfoCached: false });
      return info;
    },
  });
}
