import type { DragEvent, ReactNode, RefObject } from 'react';
import { CloudUploadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { UPLOAD_TYPE_RULES } from '@inkstone/contracts';
import type { UploadTypeValue } from '@inkstone/contracts';
import { acceptOf } from '../queue/pre-check.ts';
import type { ResumeRecord } from '../queue/resume-store.ts';
import { formatBytes } from '../utils/format.ts';

/** The line under the add box by default: the allowed types and sizes. */
export function defaultHint(uploadType: UploadTypeValue, maxFiles: number): string {
  const rule = UPLOAD_TYPE_RULES[uploadType];
  const types =
    rule.extensions.length > 10
      ? `${rule.extensions.slice(0, 10).join('、')} 等`
      : rule.extensions.join('、');
  return `支持 ${types}；单个文件最大 ${formatBytes(rule.maxBytes)}，最多 ${maxFiles} 个`;
}

export interface FileChooserProps {
  inputRef: RefObject<HTMLInputElement | null>;
  multiple: boolean;
  uploadType: UploadTypeValue;
  onChoose(files: File[]): void;
}

/** The hidden file input the add box opens; the same file may be chosen again right after. */
export function FileChooser({ inputRef, multiple, uploadType, onChoose }: FileChooserProps) {
  return (
    <input
      ref={inputRef}
      type="file"
      hidden
      multiple={multiple}
      accept={acceptOf(uploadType)}
      aria-label="选择要上传的文件"
      data-testid="upload-input"
      onChange={(event) => {
        onChoose(Array.from(event.target.files ?? []));
        event.target.value = '';
      }}
    />
  );
}

/** Uploads of an earlier visit that did not finish: choosing the same files again resumes them. */
export function UnfinishedNotice({ records, onDismiss }: { records: ResumeRecord[]; onDismiss(): void }) {
  const shown = records.slice(0, 3).map((record) => {
    const percent = record.size ? Math.floor((record.uploadedBytes / record.size) * 100) : 0;
    return `${record.name}（已传 ${percent}%）`;
  });
  const more = records.length > shown.length ? ` 等 ${records.length} 个文件` : '';
  return (
    <Alert
      className="ink-upload-card__notice"
      type="info"
      showIcon
      closable={{ onClose: onDismiss, 'aria-label': '不再提示' }}
      title={`上次有文件没有传完：${shown.join('、')}${more}`}
      description="重新选择这些文件即可从断点继续，已上传的部分不用再传。"
    />
  );
}

export interface AddBoxProps {
  layout: 'tiles' | 'list';
  isDragging: boolean;
  occupied: number;
  maxFiles: number;
  hint: ReactNode;
  dragProps: {
    onDragOver(event: DragEvent): void;
    onDragLeave(): void;
    onDrop(event: DragEvent): void;
  };
  onChoose(): void;
}

/** Where files are added: a tile with the count (`tiles`), or a drop zone with the rules (`list`). */
export function AddBox({ layout, isDragging, occupied, maxFiles, hint, dragProps, onChoose }: AddBoxProps) {
  if (layout === 'tiles') {
    return (
      <li className="ink-upload-card__item ink-upload-card__item--tiles">
        <button
          type="button"
          className={`ink-upload-card__add${isDragging ? ' is-dragging' : ''}`}
          onClick={onChoose}
          {...dragProps}
        >
          <PlusOutlined />
          <span>上传文件</span>
          <span className="ink-upload-card__count">
            {occupied}/{maxFiles}
          </span>
        </button>
      </li>
    );
  }
  return (
    <button
      type="button"
      className={`ink-upload-card__drop${isDragging ? ' is-dragging' : ''}`}
      onClick={onChoose}
      {...dragProps}
    >
      <CloudUploadOutlined className="ink-upload-card__drop-icon" />
      <span className="ink-upload-card__drop-title">点击选择文件，或将文件拖到这里</span>
      <span className="ink-upload-card__drop-hint">{hint}</span>
      <span className="ink-upload-card__drop-hint">
        支持断点续传：中途停止、网络中断或刷新页面后，重新选择同一文件即可接着上传
      </span>
    </button>
  );
}

export interface UploadListToolbarProps {
  activeCount: number;
  resumable: number;
  settled: number;
  onStopAll(): void;
  onResumeAll(): void;
  onClearSettled(): void;
}

/** Over the upload list: how many run or are paused, 全部停止, 全部继续, 清除已完成. */
export function UploadListToolbar(props: UploadListToolbarProps) {
  const { activeCount, resumable, settled } = props;
  return (
    <div className="ink-upload-card__toolbar">
      <span className="ink-upload-card__summary">
        上传列表：{activeCount > 0 ? `${activeCount} 个进行中` : '无进行中'}
        {resumable > 0 ? `，${resumable} 个已暂停` : ''}
      </span>
      <span className="ink-upload-card__toolbar-actions">
        {activeCount > 0 && (
          <Button size="small" onClick={props.onStopAll}>
            全部停止
          </Button>
        )}
        {resumable > 0 && (
          <Button size="small" onClick={props.onResumeAll}>
            全部继续
          </Button>
        )}
        {settled > 0 && (
          <Button size="small" type="text" onClick={props.onClearSettled}>
            清除已完成
          </Button>
        )}
      </span>
    </div>
  );
}
