import {
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { ServerFile } from '@inkstone/contracts';
import { summariseFacts } from '../utils/file-facts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatBytes } from '../utils/format.ts';
import { downloadHref } from './file-detail-parts.tsx';
import { ServerFileThumb } from './server-file-thumb.tsx';

/** Spec §2: the confirmation text of a delete. */
export const DELETE_CONFIRM = '确定要删除吗?';

export interface ServerFileCardProps {
  file: ServerFile;
  isSelected: boolean;
  /** Selecting is not possible (the limit is reached and this file is not selected). */
  isSelectable: boolean;
  onToggle(): void;
  onOpen(): void;
  onDelete(): Promise<unknown>;
}

/**
 * A card of the server-file picker (spec §2, width 202): thumbnail and original name, select by
 * clicking the card, details, download, and delete after 确定要删除吗?.
 */
export function ServerFileCard({
  file,
  isSelected,
  isSelectable,
  onToggle,
  onOpen,
  onDelete,
}: ServerFileCardProps) {
  const facts = summariseFacts(file.Facts);
  return (
    <li
      className={`ink-file-card${isSelected ? ' is-selected' : ''}`}
      data-testid="server-file-card"
      data-file-id={file.Id}
    >
      <button
        type="button"
        className="ink-file-card__select"
        role="checkbox"
        aria-checked={isSelected}
        aria-label={`选择 ${file.OrgFileName}`}
        disabled={!isSelected && !isSelectable}
        onClick={onToggle}
      >
        <span className="ink-file-card__thumb">
          <ServerFileThumb file={file} />
          {file.ThumbnailStatus === 'pending' && (
            <span className="ink-file-card__pending">
              <LoadingOutlined /> 缩略图生成中
            </span>
          )}
        </span>
        <span className="ink-file-card__check" aria-hidden="true">
          <CheckOutlined />
        </span>
      </button>
      <div className="ink-file-card__info">
        <p className="ink-file-card__name" title={file.OrgFileName}>
          {/* The name selects the file too (the thumbnail's checkbox is the keyboard's way). */}
          <button
            type="button"
            className="ink-file-card__name-toggle"
            tabIndex={-1}
            disabled={!isSelected && !isSelectable}
            onClick={onToggle}
          >
            {file.OrgFileName}
          </button>
        </p>
        <p className="ink-file-card__meta">
          {formatBytes(file.FileSize)} · {formatDateTime(file.CreatedAt).slice(5)}
        </p>
        {facts && <p className="ink-file-card__meta">{facts}</p>}
      </div>
      <div className="ink-file-card__actions">
        <Tooltip title="详情与印前检查">
          <Button size="small" type="text" icon={<EyeOutlined />} onClick={onOpen}>
            详情
          </Button>
        </Tooltip>
        <Tooltip title="下载">
          <Button
            size="small"
            type="text"
            icon={<DownloadOutlined />}
            href={downloadHref(file)}
            aria-label="下载"
          />
        </Tooltip>
        <Popconfirm
          title={DELETE_CONFIRM}
          description="删除后不再出现在我的文件中，已下单的文件不受影响。"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Tooltip title="删除">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" />
          </Tooltip>
        </Popconfirm>
      </div>
    </li>
  );
}
