import { Button, Popconfirm } from 'antd';
import { DELETE_CONFIRM } from './server-file-card.tsx';

export interface FileDetailActionsProps {
  mode: 'manage' | 'pick';
  isSelected: boolean;
  canSelectMore: boolean;
  onDelete(): Promise<unknown>;
  /** 选择此文件: select it (when not yet) and close the drawer. */
  onChoose(): void;
}

/** The details drawer's buttons in the library: 删除, and 选择此文件 when choosing. */
export function FileDetailActions({
  mode,
  isSelected,
  canSelectMore,
  onDelete,
  onChoose,
}: FileDetailActionsProps) {
  return (
    <>
      <Popconfirm
        title={DELETE_CONFIRM}
        okText="删除"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button danger>删除</Button>
      </Popconfirm>
      {mode === 'pick' && (
        <Button type="primary" disabled={!isSelected && !canSelectMore} onClick={onChoose}>
          {isSelected ? '已选择' : '选择此文件'}
        </Button>
      )}
    </>
  );
}
