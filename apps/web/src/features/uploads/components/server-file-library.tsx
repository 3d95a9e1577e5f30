import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Pagination, Popconfirm, Result, Select, Skeleton } from 'antd';
import {
  DEFAULT_PAGE_SIZE,
  FILE_PICKER_CARD_WIDTH,
  FILE_PICKER_MAX_FILES,
  FIRST_PAGE,
  LIST_RELOAD_DEBOUNCE_MS,
  UPLOAD_TYPE_RULES,
  UploadType,
} from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { useServiceFiles } from '../api/get-service-files.ts';
import { useDeleteServiceFiles } from '../api/post-service-file-delete.ts';
import { formatBytes } from '../utils/format.ts';
import { FileDetailDrawer } from './file-detail-drawer.tsx';
import { UploadCard } from './upload-card.tsx';
import { DELETE_CONFIRM, ServerFileCard } from './server-file-card.tsx';
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

const TYPE_OPTIONS = [
  { value: 0, label: '全部类型' },
  ...Object.entries(UPLOAD_TYPE_RULES).map(([type, rule]) => ({ value: Number(type), label: rule.label })),
];

/** `value`, settling `delayMs` after the last change (spec §9: list reload debounced 300 ms). */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
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
  const [page, setPage] = useState(FIRST_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [typeFilter, setTypeFilter] = useState<number>(uploadType ?? 0);
  const [detail, setDetail] = useState<ServerFile | null>(null);
  const search = useDebounced(keyword.trim(), LIST_RELOAD_DEBOUNCE_MS);
  const files = useServiceFiles({
    pageindex: page,
    limit: pageSize,
    UploadType: (typeFilter || undefined) as UploadTypeValue | undefined,
    Keyword: search || undefined,
  });
  const remove = useDeleteServiceFiles();
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  useEffect(() => setPage(FIRST_PAGE), [search, typeFilter, pageSize]);

  const list = files.data?.List ?? [];
  // A delete emptied the last page: show the one before.
  useEffect(() => {
    if (files.data && files.data.List.length === 0 && page > FIRST_PAGE && !files.isFetching) {
      setPage(Math.max(FIRST_PAGE, files.data.PageCount));
    }
  }, [files.data, files.isFetching, page]);

  const selectedIds = new Set(selected.map((file) => file.Id));
  const isSingle = maxSelect === 1;
  const canSelectMore = isSingle || selected.length < maxSelect;

  function toggle(file: ServerFile) {
    const current = selectedRef.current;
    if (current.some((item) => item.Id === file.Id)) {
      onSelectedChange(current.filter((item) => item.Id !== file.Id));
    } else if (isSingle) {
      onSelectedChange([file]);
    } else if (current.length < maxSelect) {
      onSelectedChange([...current, file]);
    }
  }

  async function deleteFiles(ids: number[]) {
    await remove.mutateAsync(ids);
    onSelectedChange(selectedRef.current.filter((file) => !ids.includes(file.Id)));
    if (detail && ids.includes(detail.Id)) setDetail(null);
  }

  function selectPage() {
    const current = selectedRef.current;
    const room = isSingle ? 0 : maxSelect - current.length;
    const extra = list.filter((file) => !current.some((item) => item.Id === file.Id)).slice(0, room);
    onSelectedChange([...current, ...extra]);
  }

  const uploadsType = uploadType ?? (typeFilter ? (typeFilter as UploadTypeValue) : UploadType.Default);

  let body;
  if (files.isPending) {
    body = (
      <ul className="ink-file-grid" aria-busy="true">
        {Array.from({ length: Math.min(pageSize, 10) }, (_, index) => (
          <li key={index} className="ink-file-card is-skeleton">
            <Skeleton.Node active className="ink-file-card__skeleton" />
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  } else if (files.isError && !files.data) {
    body = (
      <Result
        status="warning"
        title="文件列表加载失败"
        subTitle="请检查网络后重试"
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void files.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    body = (
      <Empty
        className="ink-file-library__empty"
        description={search ? `没有文件名包含“${search}”的文件` : '还没有文件，上传后会保存在这里'}
      />
    );
  } else {
    body = (
      <ul className={`ink-file-grid${files.isPlaceholderData ? ' is-loading' : ''}`} aria-label="文件列表">
        {list.map((file) => (
          <ServerFileCard
            key={file.Id}
            file={file}
            isSelected={selectedIds.has(file.Id)}
            isSelectable={canSelectMore}
            onToggle={() => toggle(file)}
            onOpen={() => setDetail(file)}
            onDelete={() => deleteFiles([file.Id])}
          />
        ))}
      </ul>
    );
  }

  const total = files.data?.TotalCount ?? 0;
  return (
    <div className={`ink-file-library ink-file-library--${mode}`} style={GRID_STYLE}>
      <UploadCard
        layout="list"
        keepFinished={false}
        maxFiles={FILE_PICKER_MAX_FILES}
        uploadType={uploadsType}
        onUploaded={(file) => {
          // A file uploaded while choosing is meant to be chosen.
          if (mode === 'pick' && !selectedRef.current.some((item) => item.Id === file.Id)) {
            if (isSingle) onSelectedChange([file]);
            else if (selectedRef.current.length < maxSelect) onSelectedChange([...selectedRef.current, file]);
          }
        }}
      />

      <div className="ink-file-library__toolbar">
        <Input
          className="ink-file-library__search"
          prefix={<SearchOutlined />}
          placeholder="搜索文件名"
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          aria-label="搜索文件名"
        />
        {uploadType === undefined && (
          <Select
            className="ink-file-library__type"
            value={typeFilter}
            onChange={setTypeFilter}
            options={TYPE_OPTIONS}
            aria-label="文件类型"
          />
        )}
        <span className="ink-file-library__total">
          共 {total} 个文件
          {files.data ? ` · ${formatBytes(files.data.Attach.TotalSize)}` : ''}
        </span>
      </div>

      {selected.length > 0 && (
        <div className="ink-file-library__selection" role="region" aria-label="已选文件">
          <span>
            已选 <strong>{selected.length}</strong> 个
            {mode === 'pick' && !isSingle ? `（最多 ${maxSelect} 个）` : ''}
          </span>
          {!isSingle && canSelectMore && list.some((file) => !selectedIds.has(file.Id)) && (
            <Button size="small" type="link" onClick={selectPage}>
              选择本页全部
            </Button>
          )}
          <Button size="small" type="link" onClick={() => onSelectedChange([])}>
            取消选择
          </Button>
          {mode === 'manage' && (
            <Popconfirm
              title={DELETE_CONFIRM}
              description={`将删除已选的 ${selected.length} 个文件`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteFiles(selected.map((file) => file.Id))}
            >
              <Button size="small" danger loading={remove.isPending}>
                删除所选
              </Button>
            </Popconfirm>
          )}
        </div>
      )}

      {body}

      {total > pageSize && (
        <Pagination
          className="ink-file-library__pager"
          current={page}
          pageSize={pageSize}
          total={total}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          onChange={(next, size) => {
            setPage(next);
            setPageSize(size);
          }}
          showTotal={(count) => `共 ${count} 个`}
        />
      )}

      <FileDetailDrawer
        file={detail}
        onClose={() => setDetail(null)}
        actions={
          detail && (
            <>
              <Popconfirm
                title={DELETE_CONFIRM}
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => deleteFiles([detail.Id])}
              >
                <Button danger>删除</Button>
              </Popconfirm>
              {mode === 'pick' && (
                <Button
                  type="primary"
                  disabled={!selectedIds.has(detail.Id) && !canSelectMore}
                  onClick={() => {
                    if (!selectedIds.has(detail.Id)) toggle(detail);
                    setDetail(null);
                  }}
                >
                  {selectedIds.has(detail.Id) ? '已选择' : '选择此文件'}
                </Button>
              )}
            </>
          )
        }
      />
    </div>
  );
}
