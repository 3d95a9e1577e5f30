import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { ServerFile } from '@inkstone/contracts';
import { ServerFileCard } from './server-file-card.tsx';

export interface FileLibraryGridProps {
  isPending: boolean;
  /** Loading failed and there is nothing to show. */
  isFailed: boolean;
  /** The page shown is the last one while the next loads. */
  isPlaceholder: boolean;
  pageSize: number;
  list: readonly ServerFile[];
  /** The search the list answers, for the empty text. */
  search: string;
  selectedIds: ReadonlySet<number>;
  canSelectMore: boolean;
  onReload(): void;
  onToggle(file: ServerFile): void;
  onOpen(file: ServerFile): void;
  onDelete(file: ServerFile): Promise<unknown>;
}

/** The page of files as a grid of cards; skeletons while loading, or why there is nothing. */
export function FileLibraryGrid(props: FileLibraryGridProps) {
  const { list, pageSize, search, selectedIds, canSelectMore } = props;
  if (props.isPending) {
    return (
      <ul className="ink-file-grid" aria-busy="true">
        {Array.from({ length: Math.min(pageSize, 10) }, (_, index) => (
          <li key={index} className="ink-file-card is-skeleton">
            <Skeleton.Node active className="ink-file-card__skeleton" />
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  }
  if (props.isFailed) {
    return (
      <Result
        status="warning"
        title="文件列表加载失败"
        subTitle="请检查网络后重试"
        extra={
          <Button icon={<ReloadOutlined />} onClick={props.onReload}>
            重新加载
          </Button>
        }
      />
    );
  }
  if (list.length === 0) {
    return (
      <Empty
        className="ink-file-library__empty"
        description={search ? `没有文件名包含“${search}”的文件` : '还没有文件，上传后会保存在这里'}
      />
    );
  }
  return (
    <ul className={`ink-file-grid${props.isPlaceholder ? ' is-loading' : ''}`} aria-label="文件列表">
      {list.map((file) => (
        <ServerFileCard
          key={file.Id}
          file={file}
          isSelected={selectedIds.has(file.Id)}
          isSelectable={canSelectMore}
          onToggle={() => props.onToggle(file)}
          onOpen={() => props.onOpen(file)}
          onDelete={() => props.onDelete(file)}
        />
      ))}
    </ul>
  );
}
