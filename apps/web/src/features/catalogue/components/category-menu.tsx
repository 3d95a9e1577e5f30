import { useState } from 'react';
import { AppstoreOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CategoryTreeNodeWire, ProductSummary } from '@inkstone/contracts';
import type { CategoryPath } from '../category-paths.ts';
import { buildMenu } from '../category-tree.ts';
import { CategorySection, activeTitlesOf } from './category-section.tsx';
import './category-menu.css';

export interface CategoryMenuProps {
  tree: readonly CategoryTreeNodeWire[];
  /** The catalogue's products: each link shows their picture and lowest 起价. */
  products?: readonly ProductSummary[];
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

/**
 * The three-level category menu (spec §3). On wide screens a side list; on phones a folded bar
 * naming the current category that opens the same list.
 */
export function CategoryMenu({
  tree,
  products,
  depth,
  activePath,
  hrefOf,
  isLoading,
  error,
  onRetry,
}: CategoryMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const sections = buildMenu(tree, depth, products);

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
        <span className="ink-catmenu__toggle-current">
          {activeTitlesOf(sections, activePath).join(' / ')}
        </span>
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
          <CategorySection
            key={section.id}
            section={section}
            depth={depth}
            activePath={activePath}
            hrefOf={hrefOf}
            onNavigate={() => setIsOpen(false)}
          />
        ))}
      </div>
    </nav>
  );
}
