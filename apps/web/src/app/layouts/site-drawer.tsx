import type { MouseEvent, ReactNode } from 'react';
import { Drawer } from 'antd';
import { ExportOutlined, PhoneOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useAppState } from '../../lib/company.ts';
import { useVersionSite } from '../../lib/route-handle.ts';
import { useWebConfig } from '../../lib/web-config.ts';
import { groupMenuItems } from './nav-items.ts';
import { siteNameOf } from './site-name.ts';
import type { ShownNavItem } from './nav-items.ts';

export interface SiteDrawerProps {
  open: boolean;
  /** The header's navigation, the page shown marked. */
  items: ShownNavItem[];
  /** The signed-in customer, or the sign-in and register buttons. */
  account: ReactNode;
  /** Whether the account pages are grouped under 个人中心 (the signed-in pages). */
  groupsAccountPages: boolean;
  onClose(): void;
}

/** One row of the menu: the item's name and an arrow; the page shown in the brand colour. */
function MenuRow({ item, onClose }: { item: ShownNavItem; onClose(): void }) {
  if (item.isExternal) {
    return (
      <a
        href={item.to}
        className="ink-menu__link"
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClose}
      >
        <span>{item.label}</span>
        <ExportOutlined className="ink-menu__arrow" />
      </a>
    );
  }
  return (
    <Link
      to={item.to}
      className={`ink-menu__link${item.isActive ? ' is-active' : ''}`}
      aria-current={item.isActive ? 'page' : undefined}
      onClick={onClose}
    >
      <span>{item.label}</span>
      {item.isActive ? (
        <span className="ink-menu__here">当前</span>
      ) : (
        <RightOutlined className="ink-menu__arrow" />
      )}
    </Link>
  );
}

/**
 * The phone menu (a drawer from the right): the account on top, then every item of the version's
 * navigation (on the signed-in pages the account pages grouped under 个人中心), and the service
 * hotline. Choosing a page closes it.
 */
export function SiteDrawer({ open, items, account, groupsAccountPages, onClose }: SiteDrawerProps) {
  const site = useVersionSite();
  const { companyInfo } = useAppState();
  const { data: config } = useWebConfig();
  const groups = groupMenuItems(items, groupsAccountPages ? site.user : null);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size="min(320px, 86vw)"
      title={siteNameOf(companyInfo)}
      closable={{ 'aria-label': '关闭菜单', placement: 'end' }}
      rootClassName="ink-menu"
    >
      <div className="ink-menu__account" onClickCapture={(event) => closeOnLink(event, onClose)}>
        {account}
      </div>
      {groups.map((group) => (
        <nav key={group.title} className="ink-menu__group" aria-label={`菜单：${group.title}`}>
          <p className="ink-menu__title">{group.title}</p>
          {group.items.map((item, index) => (
            <MenuRow key={`${index}:${item.to}`} item={item} onClose={onClose} />
          ))}
        </nav>
      ))}
      {config?.ServicePhone && (
        <p className="ink-menu__service">
          <PhoneOutlined /> 客服热线
          <a href={`tel:${config.ServicePhone}`}>{config.ServicePhone}</a>
        </p>
      )}
    </Drawer>
  );
}

/** A link or button of the account block that leaves the page closes the menu too. */
function closeOnLink(event: MouseEvent, onClose: () => void) {
  if ((event.target as HTMLElement).closest('a[href], [data-closes-menu]')) onClose();
}
