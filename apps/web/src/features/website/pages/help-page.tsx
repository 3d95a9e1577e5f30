import { Alert, Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { helpPath } from '../../../lib/paths.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { ArticleMissing, HelpArticleView } from '../components/help-article.tsx';
import { HelpMenu } from '../components/help-menu.tsx';
import { useHelpPage } from '../hooks/use-help-page.ts';
import '../components/help.css';

/**
 * 帮助中心 (/help/{id}, /help-v2/{id}, /help-v3/{id}, /help-v4/{id}): the menu of categories and
 * articles with a search box beside the article, its text and the previous and next article of
 * its category. An address naming no published article says so instead of failing.
 */
export function Component() {
  const { version, home } = useVersionSite();
  const navigate = useNavigate();
  const { id, article, isMissing, menu, firstArticleId, search, setSearch, keyword } = useHelpPage();
  const homeHref = firstArticleId === null ? null : helpPath(version, firstArticleId);

  let main;
  if (isMissing) {
    main = <ArticleMissing homeHref={homeHref} onHome={() => void navigate(homeHref ?? home)} />;
  } else if (article.isError) {
    main = (
      <Alert
        type="error"
        showIcon
        title="文章加载失败，请稍后重试"
        action={
          <Button size="small" onClick={() => void article.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (article.isPending) {
    main = <Skeleton active title paragraph={{ rows: 12 }} />;
  } else {
    main = <HelpArticleView version={version} article={article.data} homeHref={homeHref} />;
  }

  return (
    <div className="ink-help">
      <aside className="ink-help__side">
        <HelpMenu
          version={version}
          categories={menu.data}
          isLoading={menu.isPending}
          currentId={id}
          search={search}
          keyword={keyword}
          onSearch={setSearch}
        />
      </aside>
      <div className="ink-help__main">{main}</div>
    </div>
  );
}
