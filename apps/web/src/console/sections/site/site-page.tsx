import { Suspense, lazy } from 'react';
import { Spin, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { SiteSettingsTab } from './site-settings-tab.tsx';

// The help centre (with the rich-text editor) loads only when its tab is opened.
const HelpCentreTab = lazy(() => import('./help/help-centre-tab.tsx'));

const TABS = [
  { key: 'settings', path: '/site', label: '基本设置' },
  { key: 'help', path: '/site/help', label: '帮助中心' },
] as const;

/**
 * 网站: 基本设置 (name, colour, version, contacts, logo) and 帮助中心 (categories, articles and the
 * rich-text editor), each at an address of its own (/console/site, /console/site/help).
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname.startsWith('/site/help') ? 'help' : 'settings';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(TABS.find((tab) => tab.key === key)!.path)}
      destroyOnHidden
      items={TABS.map((tab) => ({
        key: tab.key,
        label: tab.label,
        children:
          tab.key === 'settings' ? (
            <SiteSettingsTab />
          ) : (
            <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
              <HelpCentreTab />
            </Suspense>
          ),
      }))}
    />
  );
}
