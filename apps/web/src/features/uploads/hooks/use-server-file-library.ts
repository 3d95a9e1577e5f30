import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, UploadType } from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useServiceFiles } from '../api/get-service-files.ts';
import { useDeleteServiceFiles } from '../api/post-service-file-delete.ts';
import { useFileSelection } from './use-file-selection.ts';
import type { FileSelectionOptions } from './use-file-selection.ts';

export interface ServerFileLibraryOptions extends FileSelectionOptions {
  uploadType?: UploadTypeValue;
}

/**
 * The file library's state and calls: the page of files for the search and type filter, the file
 * open in the details drawer, selecting (up to `maxSelect`) and deleting files.
 */
export function useServerFileLibrary({ uploadType, ...selection }: ServerFileLibraryOptions) {
  const [page, setPage] = useState(FIRST_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [typeFilter, setTypeFilter] = useState<number>(uploadType ?? 0);
  const [detail, setDetail] = useState<ServerFile | null>(null);
  const search = useDebouncedValue(keyword.trim());
  const files = useServiceFiles({
    pageindex: page,
    limit: pageSize,
    UploadType: (typeFilter || undefined) as UploadTypeValue | undefined,
    Keyword: search || undefined,
  });
  const remove = useDeleteServiceFiles();
  const selecting = useFileSelection(selection);

  useEffect(() => setPage(FIRST_PAGE), [search, typeFilter, pageSize]);

  const list = files.data?.List ?? [];
  // A delete emptied the last page: show the one before.
  useEffect(() => {
    if (files.data && files.data.List.length === 0 && page > FIRST_PAGE && !files.isFetching) {
      setPage(Math.max(FIRST_PAGE, files.data.PageCount));
    }
  }, [files.data, files.isFetching, page]);

  async function deleteFiles(ids: number[]) {
    await remove.mutateAsync(ids);
    selecting.deselect(ids);
    if (detail && ids.includes(detail.Id)) setDetail(null);
  }

  return {
    ...selecting,
    page,
    pageSize,
    changePage(next: number, size: number) {
      setPage(next);
      setPageSize(size);
    },
    keyword,
    setKeyword,
    search,
    typeFilter,
    setTypeFilter,
    detail,
    setDetail,
    files,
    list,
    total: files.data?.TotalCount ?? 0,
    isDeleting: remove.isPending,
    deleteFiles,
    selectPage: () => selecting.selectPage(list),
    uploadsType: uploadType ?? (typeFilter ? (typeFilter as UploadTypeValue) : UploadType.Default),
  };
}
