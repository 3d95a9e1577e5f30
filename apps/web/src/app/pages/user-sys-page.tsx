import { Suspense, lazy } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Skeleton, Tabs } from 'antd';
import { loadChunk } from '../../lib/chunk-load.ts';
import { FIRST_TAB, MY_FILES_TAB, userPath } from '../../lib/paths.ts';
import { useVersionSite } from '../../lib/route-handle.ts';
import {
  ACCOUNT_TABS,
  BalancePanel,
  CouponsPanel,
  PasswordPanel,
  ProfilePanel,
  resolveAccountTab,
} from '../../features/account/index.ts';
import type { AccountTab } from '../../features/account/index.ts';
import { AddressBook } from '../../features/addresses/index.ts';
import './pages.css';

const MyFilesPage = lazy(() =>
  loadChunk(() => import('../../features/uploads/pages/my-files-page.tsx')).then((module) => ({
    default: module.MyFilesPage,
  })),
);

/** The content of each account tab but 我的文件. */
function AccountTabContent({
  tab,
  billHref,
}: {
  tab: Exclude<AccountTab, typeof MY_FILES_TAB>;
  billHref: string;
}) {
  switch (tab) {
    case 'info':
      return <ProfilePanel />;
    case 'address':
      return <AddressBook />;
    case 'password':
      return <PasswordPanel />;
    case 'coupon':
      return <CouponsPanel />;
    case 'balance':
      return <BalancePanel billHref={billHref} />;
  }
}

/**
 * 账户设置 (/user/sys/{t}): 个人资料, 收货地址, 修改密码, 优惠券, 账户余额 and 我的文件 (`files`, the
 * customer's file library with uploads). `t` names the tab (`info`, `address`, …; `1` is the first).
 * The library loads on demand, so the account tabs stay light.
 */
export function Component() {
  const { t } = useParams();
  const { version } = useVersionSite();
  const navigate = useNavigate();
  const active = resolveAccountTab(t);
  const billHref = userPath(version, 'bill', FIRST_TAB);

  return (
    <div className="ink-account">
      <Tabs
        className="ink-account__tabs"
        activeKey={active}
        onChange={(key) => void navigate(userPath(version, 'sys', key))}
        items={ACCOUNT_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
      />
      {active === MY_FILES_TAB ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <MyFilesPage />
        </Suspense>
      ) : (
        <AccountTabContent tab={active} billHref={billHref} />
      )}
    </div>
  );
}
