import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { displayName, useSession } from '../../../lib/use-session.ts';
import { useCurrentUserInfo } from '../api/login-user-info.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

export interface AccountCardProps {
  /** Where 退出登录 goes: the version's login. */
  loginPath: string;
  /** More actions under the customer's name (the public pages' 进入下单中心). */
  children?: ReactNode;
}

/** 138****8000: the mobile number as a shop shows it to the person holding the phone. */
function maskMobile(mobile: string): string {
  return mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
}

/**
 * The signed-in customer at the top of the phone menu: avatar, name and mobile number, 修改密码 and
 * 退出登录 (the header's account bar, laid out for a phone). Its styles are the shell's
 * (app/layouts/layouts.css), as the account bar's are.
 */
export function AccountCard({ loginPath, children }: AccountCardProps) {
  const current = useSession();
  const logout = useLogout();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  useCurrentUserInfo();
  const name = displayName(current);
  const mobile = current.currentInfo?.MobileNo ?? '';

  async function leave() {
    setIsLeaving(true);
    try {
      await logout(loginPath);
    } finally {
      setIsLeaving(false);
    }
  }

  return (
    <div className="ink-account-card">
      <div className="ink-account-card__who">
        {current.currentInfo?.Avatar ? (
          <img className="ink-account-card__avatar" src={current.currentInfo.Avatar} alt="" />
        ) : (
          <span className="ink-account-card__avatar" aria-hidden="true">
            <UserOutlined />
          </span>
        )}
        <span className="ink-account-card__text">
          <strong className="ink-account-card__name">{name}</strong>
          {mobile && mobile !== name && (
            <span className="ink-account-card__mobile">{maskMobile(mobile)}</span>
          )}
        </span>
      </div>
      {children}
      <div className="ink-account-card__actions">
        <Button icon={<KeyOutlined />} onClick={() => setIsChangingPassword(true)}>
          修改密码
        </Button>
        <Button icon={<LogoutOutlined />} loading={isLeaving} onClick={() => void leave()}>
          退出登录
        </Button>
      </div>
      <ChangePasswordDialog open={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </div>
  );
}
