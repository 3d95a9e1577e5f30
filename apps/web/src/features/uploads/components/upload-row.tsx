import { CaretRightOutlined, CloseOutlined, FileOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { ACTIVE } from '../hooks/use-upload-card.ts';
import { useLocalPreview } from '../hooks/use-local-preview.ts';
import type { UploadItem } from '../queue/upload-queue.ts';
import { fileExtension } from '../utils/format.ts';
import { UploadProgress } from './upload-progress.tsx';

interface ItemActionsProps {
  item: UploadItem;
  onStop(): void;
  onResume(): void;
  onRemove(): void;
}

function ItemActions({ item, onStop, onResume, onRemove }: ItemActionsProps) {
  const isActive = ACTIVE.has(item.status);
  return (
    <span className="ink-upload-card__actions">
      {isActive && (
        <Button size="small" icon={<PauseOutlined />} onClick={onStop}>
          停止
        </Button>
      )}
      {item.canResume && !isActive && (
        <Button size="small" type="primary" ghost icon={<CaretRightOutlined />} onClick={onResume}>
          继续
        </Button>
      )}
      <Tooltip title={isActive ? '停止并移除' : '移除'}>
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label="移除" onClick={onRemove} />
      </Tooltip>
    </span>
  );
}

/** An upload in progress (or stopped, failed, refused). */
export function UploadRow({ item, layout, ...actions }: ItemActionsProps & { layout: 'tiles' | 'list' }) {
  const preview = useLocalPreview(item.source);
  const media = preview ? (
    <img className="ink-file-thumb" src={preview} alt="" />
  ) : (
    <span className="ink-upload-card__ext">
      <FileOutlined />
      {fileExtension(item.fileName).toUpperCase() || '文件'}
    </span>
  );
  return (
    <li
      className={`ink-upload-card__item ink-upload-card__item--${layout} is-${item.status}`}
      data-testid="upload-item"
      data-status={item.status}
    >
      <span className="ink-upload-card__media">{media}</span>
      <span className="ink-upload-card__body">
        <span className="ink-upload-card__name" title={item.fileName}>
          {item.fileName}
        </span>
        <UploadProgress item={item} compact={layout === 'tiles'} />
      </span>
      <ItemActions item={item} {...actions} />
    </li>
  );
}
