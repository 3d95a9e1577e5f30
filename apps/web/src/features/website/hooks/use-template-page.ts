import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTemplates } from '../api/query-template.ts';
import { TEMPLATE_PAGE_SIZE, readTemplateFilters, templateFilterQuery } from '../utils/template-filters.ts';
import type { TemplateFilters } from '../utils/template-filters.ts';

/**
 * 模板中心's state: category, keyword and page live in the address (a filtered list can be shared
 * and the back button undoes a filter); a new category or keyword starts at the first page.
 */
export function useTemplatePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readTemplateFilters(params), [params]);
  const templates = useTemplates({
    CategoryId: filters.categoryId,
    Keyword: filters.keyword,
    pageindex: filters.page,
    limit: TEMPLATE_PAGE_SIZE,
  });

  function change(next: Partial<TemplateFilters>) {
    const page = next.page ?? 1;
    setParams(templateFilterQuery({ ...filters, ...next, page }));
  }

  return {
    filters,
    templates,
    chooseCategory: (categoryId: number | null) => change({ categoryId }),
    search: (keyword: string) => change({ keyword: keyword.trim().slice(0, 50) }),
    goToPage: (page: number) => change({ page }),
  };
}
