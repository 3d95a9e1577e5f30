import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { uploadsCalls } from '@inkstone/contracts';
import type { ServiceFilePage, UploadTypeValue } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ServiceFilesParams {
  pageindex: number;
  limit: number;
  UploadType?: UploadTypeValue;
  Keyword?: string;
}

/** While a thumbnail is being made, the page is asked again this often. */
const PENDING_REFRESH_MS = 2000;

/** GET /api/v1/get_service_files: the customer's files, newest first (spec §2, §3 pager). */
export function getServiceFiles(params: ServiceFilesParams): Promise<ServiceFilePage> {
  return api.call(uploadsCalls.get_service_files, {
    pageindex: params.pageindex,
    limit: params.limit,
    UploadType: params.UploadType,
    Keyword: params.Keyword?.trim() || undefined,
  });
}

export function serviceFilesQuery(params: ServiceFilesParams) {
  return queryOptions({
    queryKey: queryKeys.uploads.serviceFilesPage(params),
    queryFn: () => getServiceFiles(params),
    staleTime: 10_000,
  });
}

/** One page of the library; asked again while any of its thumbnails is still being made. */
export function useServiceFiles(params: ServiceFilesParams) {
  return useQuery({
    ...serviceFilesQuery(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.List.some((file) => file.ThumbnailStatus === 'pending') ? PENDING_REFRESH_MS : false,
  });
}
