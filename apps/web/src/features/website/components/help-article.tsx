import { Breadcrumb, Button, Result } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { HelpArticle, HelpArticleRef } from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { helpPath } from '../../../lib/paths.ts';
import type { Version } from '../../../lib/paths.ts';
import { RichText } from './rich-text.tsx';

/** 上一篇 / 下一篇 within the article's category. */
function ArticlePager({
  version,
  previous,
  next,
}: {
  version: Version;
  previous: HelpArticleRef | null;
  next: HelpArticleRef | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav className="ink-help-pager" aria-label="上一篇与下一篇">
      {previous ? (
        <Link to={helpPath(version, previous.Id)} className="ink-help-pager__link" rel="prev">
          <span className="ink-help-pager__label">
            <LeftOutlined /> 上一篇
          </span>
          <span className="ink-help-pager__title">{previous.Title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link
          to={helpPath(version, next.Id)}
          className="ink-help-pager__link ink-help-pager__link--next"
          rel="next"
        >
          <span className="ink-help-pager__label">
            下一篇 <RightOutlined />
          </span>
          <span className="ink-help-pager__title">{next.Title}</span>
        </Link>
      )}
    </nav>
  );
}

export interface HelpArticleViewProps {
  version: Version;
  article: HelpArticle;
  /** Where the breadcrumb's 帮助中心 leads: the centre's first article. */
  homeHref: string | null;
  /** Hide the pager and breadcrumb (the about page shows the article alone). */
  isStandalone?: boolean;
}

/** One help article: where it sits, its title, when it changed, its text, and its neighbours. */
export function HelpArticleView({ version, article, homeHref, isStandalone = false }: HelpArticleViewProps) {
  return (
    <article className="ink-help-article">
      {!isStandalone && (
        <Breadcrumb
          className="ink-help-article__crumbs"
          items={[
            { title: homeHref ? <Link to={homeHref}>帮助中心</Link> : '帮助中心' },
            { title: article.CategoryTitle },
          ]}
        />
      )}
      <h1 className="ink-help-article__title">{article.Title}</h1>
      <p className="ink-help-article__meta">更新于 {formatDateTime(article.UpdatedAt)}</p>
      <RichText html={article.Html} className="ink-help-article__body" />
      {!isStandalone && <ArticlePager version={version} previous={article.Previous} next={article.Next} />}
    </article>
  );
}

/** What an address that names no published article shows: a clear message and a way on. */
export function ArticleMissing({ homeHref, onHome }: { homeHref: string | null; onHome(): void }) {
  return (
    <Result
      className="ink-help-missing"
      status="warning"
      title="文章不存在或已下线"
      subTitle="您要查看的帮助文章不存在，可能已被删除或暂时下线。可以在左侧目录或搜索中查找相关内容。"
      extra={
        <Button type="primary" onClick={onHome}>
          {homeHref ? '查看帮助中心' : '返回首页'}
        </Button>
      }
    />
  );
}
