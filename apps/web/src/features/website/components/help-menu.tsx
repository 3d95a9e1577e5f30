import { Empty, Input, Skeleton } from 'antd';
import { Link } from 'react-router';
import type { HelpCategory } from '@inkstone/contracts';
import { helpPath } from '../../../lib/paths.ts';
import type { Version } from '../../../lib/paths.ts';
import { countArticles } from '../utils/help-menu.ts';

export interface HelpMenuProps {
  version: Version;
  categories: readonly HelpCategory[] | undefined;
  isLoading: boolean;
  currentId: number | null;
  search: string;
  /** The keyword the list shows results of; '' for the whole menu, null while results load. */
  keyword: string | null;
  onSearch(value: string): void;
}

/** The help centre's search box and its menu: categories with their articles, the current one marked. */
export function HelpMenu({
  version,
  categories,
  isLoading,
  currentId,
  search,
  keyword,
  onSearch,
}: HelpMenuProps) {
  const total = categories ? countArticles(categories) : 0;
  return (
    <nav className="ink-help-menu" aria-label="帮助中心目录">
      <Input.Search
        className="ink-help-menu__search"
        placeholder="搜索帮助文章"
        aria-label="搜索帮助文章"
        allowClear
        maxLength={50}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        onSearch={onSearch}
        loading={keyword === null}
      />
      {keyword && (
        <p className="ink-help-menu__result" role="status">
          {total > 0 ? `找到 ${total} 篇与“${keyword}”相关的文章` : `没有与“${keyword}”相关的文章`}
        </p>
      )}
      {isLoading && !categories && <Skeleton active paragraph={{ rows: 8 }} />}
      {categories && categories.length === 0 && !keyword && <Empty description="暂无帮助文章" />}
      {categories?.map((category) => (
        <section key={category.Id} className="ink-help-menu__category">
          <h2 className="ink-help-menu__title">{category.Title}</h2>
          <ul>
            {category.Articles.map((article) => (
              <li key={article.Id}>
                <Link
                  to={helpPath(version, article.Id)}
                  className={`ink-help-menu__link${article.Id === currentId ? ' is-active' : ''}`}
                  aria-current={article.Id === currentId ? 'page' : undefined}
                >
                  {article.Title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
