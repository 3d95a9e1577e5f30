import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ContentLink, TemplatePage } from '@inkstone/contracts';
import type { ResolvedLink } from '../utils/content-link.ts';
import { TemplateCard } from './template-card.tsx';

/** The category filter: 全部 and each category with the templates it would show. */
export function CategoryFilter({
  categories,
  activeId,
  onChoose,
}: {
  categories: TemplatePage['Categories'];
  activeId: number | null;
  onChoose(id: number | null): void;
}) {
  const total = categories.reduce((sum, category) => sum + category.Count, 0);
  const options = [{ Id: null, Title: '全部', Count: total }, ...categories];
  return (
    <div className="ink-template-filter" role="group" aria-label="模板分类">
      {options.map((option) => (
        <button
          key={option.Id ?? 'all'}
          type="button"
          className={`ink-template-filter__chip${option.Id === activeId ? ' is-active' : ''}`}
          aria-pressed={option.Id === activeId}
          disabled={option.Count === 0 && option.Id !== activeId}
          onClick={() => onChoose(option.Id)}
        >
          {option.Title}
          <span className="ink-template-filter__count">{option.Count}</span>
        </button>
      ))}
    </div>
  );
}

export interface TemplateListProps {
  page: TemplatePage | undefined;
  isError: boolean;
  /** The previous page is shown while the next loads. */
  isStale: boolean;
  keyword: string;
  resolve(link: ContentLink): ResolvedLink;
  retry(): void;
}

/** The page of templates, or why there is none. */
export function TemplateList({ page, isError, isStale, keyword, resolve, retry }: TemplateListProps) {
  if (isError && !page) {
    return (
      <Alert
        type="error"
        showIcon
        title="模板加载失败，请稍后重试"
        action={
          <Button size="small" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  }
  if (!page) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (page.List.length === 0) {
    return <Empty description={keyword ? `没有与“${keyword}”相关的模板` : '该分类暂无模板'} />;
  }
  return (
    <ul className={`ink-template-grid${isStale ? ' is-loading' : ''}`} aria-busy={isStale}>
      {page.List.map((template) => (
        <li key={template.Id}>
          <TemplateCard template={template} resolve={resolve} />
        </li>
      ))}
    </ul>
  );
}
