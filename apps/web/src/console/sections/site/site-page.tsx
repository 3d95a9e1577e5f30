import { Suspense, lazy } from 'react';
import { Spin, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { SiteSettingsTab } from './site-settings-tab.tsx';

// The help centre (with the rich-text editor) loads only when its tab is opened.
const HelpCentreTab = lazy(() => import('./help/help-centre-tab.tsx'));
const AdsTab = lazy(() => import('./ads/ads-tab.tsx'));
const MenusTab = lazy(() => import('./menus/menus-tab.tsx'));
const HomeTab = lazy(() => import('./home/home-tab.tsx'));
const TemplatesTab = lazy(() => import('./templates/templates-tab.tsx'));

const TABS = [
  { key: 'settings', path: '/site', label: '基本设置' },
  { key: 'help', path: '/site/help', label: '帮助中心' },
  { key: 'ads', path: '/site/ads', label: '广告' },
  { key: 'menus', path: '/site/menus', label: '菜单' },
  { key: 'home', path: '/site/home', label: '首页' },
  { key: 'templates', path: '/site/templates', label: '模板' },
] as const;

const LAZY_TABS = {
  help: HelpCentreTab,
  ads: AdsTab,
  menus: MenusTab,
  home: HomeTab,
  templates: TemplatesTab,
};

/**
 * 网站: 基本设置 (name, colour, version, contacts, logo), 帮助中心 (categories, articles and the
 * rich-text editor), 广告 (banners), 菜单 (navigation menus), 首页 (the home page's groups and their
 * items, notices among them) and 模板 (the template centre), each at an address of its own
 * (/console/site, /console/site/help, /console/site/ads, /console/site/menus, /console/site/home,
 * /console/site/templates).
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const active =
    TABS.find((tab) => tab.key !== 'settings' && location.pathname.startsWith(tab.path))?.key ?? 'settings';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(TABS.find((tab) => tab.key === key)!.path)}
      destroyOnHidden
      items={TABS.map((tab) => {
        if (tab.key === 'settings') return { key: tab.key, label: tab.label, children: <SiteSettingsTab /> };
        const Tab = LAZY_TABS[tab.key];
        return {
          key: tab.key,
          label: tab.label,
          children: (
            <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
              <Tab />
            </Suspense>
          ),
        };
      })}
    />
  );
}
