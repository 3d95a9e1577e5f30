import { Tabs } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { userPath } from '../../lib/paths.ts';
import {
  DisplayPreferencesPanel,
  NotificationSettingsPanel,
  ProfileEditor,
  ProfilePanel,
  SETTING_TABS,
  resolveSettingTab,
} from '../../features/account/index.ts';
import './pages.css';

/**
 * 个人设置 (/user-v4/setting-v4/{t}, version 4): 个人资料 — avatar and nickname to change, then
 * account, registration and last login in China time — 消息通知, which messages come by SMS and
 * on the site, and 显示偏好, the style and colour this browser draws the site with
 * (docs/settings.md).
 */
export function Component() {
  const { t } = useParams();
  const navigate = useNavigate();
  const active = resolveSettingTab(t);

  return (
    <div className="ink-account">
      <Tabs
        className="ink-account__tabs"
        activeKey={active}
        onChange={(key) => void navigate(userPath(4, 'setting-v4', key))}
        items={SETTING_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
      />
      {active === 'profile' ? (
        <>
          <ProfileEditor />
          <ProfilePanel />
          <p className="ink-setting__note">
            账号（手机号码）暂不支持在线修改，如需变更请联系客服；修改密码请到
            <Link to={userPath(4, 'sys', 'password')}>账户设置</Link>。
          </p>
        </>
      ) : active === 'notify' ? (
        <NotificationSettingsPanel />
      ) : (
        <DisplayPreferencesPanel />
      )}
    </div>
  );
}
