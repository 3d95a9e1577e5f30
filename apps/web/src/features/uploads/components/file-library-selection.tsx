import { Button, Popconfirm } from 'antd';
import { DELETE_CONFIRM } from './server-file-card.tsx';

export interface FileLibrarySelectionProps {
  mode: 'manage' | 'pick';
  count: number;
  maxSelect: number;
  isSingle: boolean;
  /** 选择本页全部 is offered: more may be selected and this page has unselected files. */
  canSelectPage: boolean;
  isDeleting: boolean;
  onSelectPage(): void;
  onClear(): void;
  onDeleteSelected(): Promise<unknown>;
}

/** The bar over the grid while files are selected: how many, select the page, clear, delete. */
export function FileLibrarySelection(props: FileLibrarySelectionProps) {
  const { mode, count, maxSelect, isSingle } = props;
  return (
    <div className="ink-file-library__selection" role="region" aria-label="已选文件">
      <span>
        已选 <strong>{count}</strong> 个{mode === 'pick' && !isSingle ? `（最多 ${maxSelect} 个）` : ''}
      </span>
      {props.canSelectPage && (
        <Button size="small" type="link" onClick={props.onSelectPage}>
          选择本页全部
        </Button>
      )}
      <Button size="small" type="link" onClick={props.onClear}>
        取消选择
      </Button>
      {mode === 'manage' && (
        <Popconfirm
          title={DELETE_CONFIRM}
          description={`将删除已选的 ${count} 个文件`}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={props.onDeleteSelected}
        >
          <Button size="small" danger loading={props.isDeleting}>
            删除所选
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}
