import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  DownOutlined,
  FileTextOutlined,
  FlagOutlined,
  IdcardOutlined,
  NotificationOutlined,
  PrinterOutlined,
  ReloadOutlined,
  ShoppingOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import type { CategoryTreeNodeWire } from '@inkstone/contracts';
import { buildMenu } from '../category-paths.ts';
import type { CategoryPath, MenuItem } from '../category-paths.ts';
import './category-menu.css';

/** Icon names a catalogue may give its first-level categories (`Icon`); an address shows as an image. */
const ICONS: Record<string, ReactNode> = {
  'icon-card': <IdcardOutlined />,
  'icon-flyer': <FileTextOutlined />,
  'icon-label': <TagsOutlined />,
  'icon-banner': <FlagOutlined />,
  'icon-bag': <ShoppingOutlined />,
  'icon-print': <PrinterOutlined />,
  'icon-ad': <NotificationOutlined />,
};

function CategoryIcon({ icon }: { icon: string }) {
  if (/^(https?:)?\//.test(icon)) return <img src={icon} alt="" width={16} height={16} />;
  return <>{ICONS[icon] ?? <AppstoreOutlined />}</>;
}

export interface CategoryMenuProps {
  tree: readonly CategoryTreeNodeWire[];
  /** How many route ids a link carries: 3 (versions 1 and 4), 2 (versions 2 and 3). */
  depth: 2 | 3;
  /** Route ids of the page being shown. */
  activePath: CategoryPath;
  hrefOf(path: readonly number[]): string;
  isLoading?: boolean;
  /** Why the categories did not load; shown with a retry button. */
  error?: string | null;
  onRetry?(): void;
}

function startsWith(path: CategoryPath, prefix: CategoryPath): boolean {
  return prefix.length > 0 && prefix.every((id, index) => path[index] === id);
}

/**
 * The three-level category menu (spec §3). On wide screens a side list; on phones a folded bar
 * naming the current category that opens the same list.
 */
export function CategoryMenu({
  tree,
  depth,
  activePath,
  hrefOf,
  isLoading,
  error,
  onRetry,
}: CategoryMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const sections = buildMenu(tree, depth);
  const activeTitles: string[] = [];
  for (const section of sections) {
    if (section.id !== activePath[0]) continue;
    activeTitles.push(section.title);
    for (const item of section.items) {
      if (item.id !== activePath[1]) continue;
      activeTitles.push(item.title);
      const child = item.children.find((candidate) => candidate.id === activePath[2]);
      if (child) activeTitles.push(child.title);
    }
  }

  function link(item: MenuItem, className: string) {
    const isActive = startsWith(activePath, item.path.slice(0, depth));
    return (
      <Link
        key={item.id}
        to={hrefOf(item.path)}
        className={`${className}${isActive ? ' is-active' : ''}`}
        aria-current={isActive ? 'page' : undefined}
        onClick={() => setIsOpen(false)}
      >
        {item.title}
      </Link>
    );
  }

  return (
    <nav className={`ink-catmenu${isOpen ? ' is-open' : ''}`} aria-label="产品分类">
      <button
        type="button"
        className="ink-catmenu__toggle"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <AppstoreOutlined />
        <span className="ink-catmenu__toggle-label">产品分类</span>
        <span className="ink-catmenu__toggle-current">{activeTitles.join(' / ')}</span>
        <DownOutlined className="ink-catmenu__caret" />
      </button>
      <div className="ink-catmenu__panel">
        <p className="ink-catmenu__heading">
          <AppstoreOutlined /> 全部产品
        </p>
        {isLoading && <p className="ink-catmenu__note">正在加载分类…</p>}
        {error && (
          <div className="ink-catmenu__note" role="alert">
            <span>{error}</span>
            {onRetry && (
              <button type="button" className="ink-catmenu__retry" onClick={onRetry}>
                <ReloadOutlined /> 重试
              </button>
            )}
          </div>
        )}
        {!isLoading && !error && sections.length === 0 && <p className="ink-catmenu__note">暂无产品分类</p>}
        {sections.map((section) => (
          <section key={section.id} className="ink-catmenu__section" aria-label={section.title}>
            <p
              className={`ink-catmenu__group${section.id === activePath[0] ? ' is-active' : ''}`}
              aria-hidden="true"
            >
              <CategoryIcon icon={section.icon} />
              {section.title}
            </p>
            <div className="ink-catmenu__items">
              {section.items.map((item) =>
                item.children.length === 0 ? (
                  link(item, 'ink-catmenu__link')
                ) : (
                  <div key={item.id} className="ink-catmenu__sub">
                    <p className="ink-catmenu__sub-title">{item.title}</p>
                    {item.children.map((child) => link(child, 'ink-catmenu__link ink-catmenu__link--third'))}
                  </div>
                ),
              )}
            </div>
          </section>
        ))}
      </div>
    </nav>
  );
}
