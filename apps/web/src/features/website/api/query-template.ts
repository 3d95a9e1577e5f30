import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { websiteCalls } from '@inkstone/contracts';
import type { TemplatePage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface TemplateParams {
  CategoryId: number | null;
  Keyword: string;
  pageindex: number;
  limit: number;
}

/** POST /api/Website/QueryTemplate: a page of design templates and every category with its count. */
export function queryTemplate(params: TemplateParams): Promise<TemplatePage> {
  return api.call(websiteCalls.QueryTemplate, params);
}

export function templatesQuery(params: TemplateParams) {
  return queryOptions({
    queryKey: queryKeys.site.templates(params),
    queryFn: () => queryTemplate(params),
    staleTime: 5 * 60_000,
  });
}

/** One page of templates; the previous page stays on screen while the next loads. */
export function useTemplates(params: TemplateParams) {
  return useQuery({ ...templatesQuery(params), placeholderData: keepPreviousData });
}
