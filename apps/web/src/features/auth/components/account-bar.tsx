import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { displayName, useSession } from '../../../lib/use-session.ts';
import { useCurrentUserInfo } from '../api/login-user-info.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

export interface AccountBarProps {
  /** Where 退出登录 goes: the version's login. */
  loginPath: string;
}

/**
 * The signed-in customer in the header: avatar and account (nickname or mobile), 修改密码 and
 * 退出登录.
 */
export function AccountBar({ loginPath }: AccountBarProps) {
  const current = useSession();
  const logout = useLogout();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  useCurrentUserInfo();

  async function leave() {
    setIsLeaving(true);
    try {
      await logout(loginPath);
    } finally {
      setIsLeaving(false);
    }
  }

  return (
    <div className="ink-account-bar">
      <Dropdown
        trigger={['click']}
        menu={{
          items: [{ key: 'password', icon: <KeyOutlined />, label: '修改密码' }],
          onClick: () => setIsChangingPassword(true),
        }}
      >
        <button type="button" className="ink-account-bar__name" aria-label="账户菜单">
          {current.currentInfo?.Avatar ? (
            <img className="ink-account-bar__avatar" src={current.currentInfo.Avatar} alt="" />
          ) : (
            <UserOutlined />
          )}
          <span className="ink-account-bar__text">{displayName(current)}</span>
          <DownOutlined className="ink-account-bar__caret" />
        </button>
      </Dropdown>
      <Button
        type="text"
        icon={<LogoutOutlined />}
        loading={isLeaving}
        onClick={() => void leave()}
        className="ink-account-bar__logout"
      >
        退出登录
      </Button>
      <ChangePasswordDialog open={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </div>
  );
}
