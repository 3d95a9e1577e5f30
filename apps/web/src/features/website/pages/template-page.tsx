import { Input, Pagination } from 'antd';
import { CategoryFilter, TemplateList } from '../components/template-parts.tsx';
import { useContentLinks } from '../hooks/use-content-links.ts';
import { useTemplatePage } from '../hooks/use-template-page.ts';
import { TEMPLATE_PAGE_SIZE } from '../utils/template-filters.ts';
import '../components/template.css';

/**
 * 模板中心 (/template-v4): design templates by category and keyword, twelve a page, each with its
 * preview, finished size and bleed, and a download link per file (PDF with bleed and trim boxes).
 */
export function Component() {
  const { filters, templates, chooseCategory, search, goToPage } = useTemplatePage();
  const resolve = useContentLinks();
  const data = templates.data;

  return (
    <div className="ink-template-page">
      <header className="ink-template-page__head">
        <div>
          <h1 className="ink-template-page__title">模板中心</h1>
          <p className="ink-template-page__lead">
            免费下载印刷设计模板：按成品尺寸制作，已含出血线与安全区，在模板上排版后上传即可下单。
          </p>
        </div>
        <Input.Search
          key={filters.keyword}
          className="ink-template-page__search"
          placeholder="搜索模板名称"
          aria-label="搜索模板"
          allowClear
          maxLength={50}
          defaultValue={filters.keyword}
          onSearch={search}
          enterButton="搜索"
        />
      </header>
      {data && (
        <CategoryFilter
          categories={data.Categories}
          activeId={filters.categoryId}
          onChoose={chooseCategory}
        />
      )}
      <TemplateList
        page={data}
        isError={templates.isError}
        isStale={templates.isPlaceholderData}
        keyword={filters.keyword}
        resolve={resolve}
        retry={() => void templates.refetch()}
      />
      {data && data.TotalCount > TEMPLATE_PAGE_SIZE && (
        <Pagination
          className="ink-template-page__pager"
          current={data.PageIndex}
          pageSize={TEMPLATE_PAGE_SIZE}
          total={data.TotalCount}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 个模板`}
          onChange={goToPage}
        />
      )}
    </div>
  );
}
