import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';

/** 退出登录: revoke the token on the server, end the session here, go to the version's login. */
export function useLogout(): (loginPath: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (loginPath) => {
    await logout().catch(() => undefined);
    session.clearLogin();
    queryClient.clear();
    await navigate(loginPath, { replace: true });
  };
}
