import type { CSSProperties } from 'react';
import { Pagination } from 'antd';
import { DEFAULT_PAGE_SIZE, FILE_PICKER_CARD_WIDTH, FILE_PICKER_MAX_FILES } from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { useServerFileLibrary } from '../hooks/use-server-file-library.ts';
import { FileDetailActions } from './file-detail-actions.tsx';
import { FileDetailDrawer } from './file-detail-drawer.tsx';
import { FileLibraryGrid } from './file-library-grid.tsx';
import { FileLibrarySelection } from './file-library-selection.tsx';
import { FileLibraryToolbar } from './file-library-toolbar.tsx';
import { UploadCard } from './upload-card.tsx';
import './server-file-picker.css';

export interface ServerFileLibraryProps {
  /** `manage`: the customer's file library; `pick`: choosing files for something (the picker). */
  mode: 'manage' | 'pick';
  /** Only files of this upload type are listed, and uploads are of this type. */
  uploadType?: UploadTypeValue;
  selected: readonly ServerFile[];
  onSelectedChange(files: ServerFile[]): void;
  /** Files that may be selected at most (pick mode). */
  maxSelect?: number;
}

const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 20, 50, 100];
/** Spec §2: cards 202 wide. */
const GRID_STYLE = { '--ink-file-card-width': `${FILE_PICKER_CARD_WIDTH}px` } as CSSProperties;

/** The open file's details, with choosing it (pick) and deleting it at the foot. */
function LibraryDetail({
  mode,
  library,
}: {
  mode: ServerFileLibraryProps['mode'];
  library: ReturnType<typeof useServerFileLibrary>;
}) {
  const { detail, selectedIds } = library;
  return (
    <FileDetailDrawer
      file={detail}
      onClose={() => library.setDetail(null)}
      actions={
        detail && (
          <FileDetailActions
            mode={mode}
            isSelected={selectedIds.has(detail.Id)}
            canSelectMore={library.canSelectMore}
            onDelete={() => library.deleteFiles([detail.Id])}
            onChoose={() => {
              if (!selectedIds.has(detail.Id)) library.toggle(detail);
              library.setDetail(null);
            }}
          />
        )
      }
    />
  );
}

/**
 * The server-file picker's content (spec §2): an upload box taking up to 1000 files, then the
 * customer's files as a paged grid of cards with thumbnail and original name, to select, open
 * (details and preflight) and delete (确定要删除吗?). Used in the picker dialog and on 我的文件.
 */
export function ServerFileLibrary({
  mode,
  uploadType,
  selected,
  onSelectedChange,
  maxSelect = FILE_PICKER_MAX_FILES,
}: ServerFileLibraryProps) {
  const library = useServerFileLibrary({ mode, uploadType, selected, onSelectedChange, maxSelect });
  const { files, list, selectedIds, isSingle, canSelectMore } = library;

  return (
    <div className={`ink-file-library ink-file-library--${mode}`} style={GRID_STYLE}>
      <UploadCard
        layout="list"
        keepFinished={false}
        maxFiles={FILE_PICKER_MAX_FILES}
        uploadType={library.uploadsType}
        onUploaded={library.onUploaded}
      />

      <FileLibraryToolbar
        keyword={library.keyword}
        onKeywordChange={library.setKeyword}
        showTypeFilter={uploadType === undefined}
        typeFilter={library.typeFilter}
        onTypeFilterChange={library.setTypeFilter}
        total={library.total}
        totalSize={files.data?.Attach.TotalSize}
      />

      {selected.length > 0 && (
        <FileLibrarySelection
          mode={mode}
          count={selected.length}
          maxSelect={maxSelect}
          isSingle={isSingle}
          canSelectPage={!isSingle && canSelectMore && list.some((file) => !selectedIds.has(file.Id))}
          isDeleting={library.isDeleting}
          onSelectPage={library.selectPage}
          onClear={() => onSelectedChange([])}
          onDeleteSelected={() => library.deleteFiles(selected.map((file) => file.Id))}
        />
      )}

      <FileLibraryGrid
        isPending={files.isPending}
        isFailed={files.isError && !files.data}
        isPlaceholder={files.isPlaceholderData}
        pageSize={library.pageSize}
        list={list}
        search={library.search}
        selectedIds={selectedIds}
        canSelectMore={canSelectMore}
        onReload={() => void files.refetch()}
        onToggle={library.toggle}
        onOpen={library.setDetail}
        onDelete={(file) => library.deleteFiles([file.Id])}
      />

      {library.total > library.pageSize && (
        <Pagination
          className="ink-file-library__pager"
          current={library.page}
          pageSize={library.pageSize}
          total={library.total}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          onChange={library.changePage}
          showTotal={(count) => `共 ${count} 个`}
        />
      )}

      <LibraryDetail mode={mode} library={library} />
    </div>
  );
}
