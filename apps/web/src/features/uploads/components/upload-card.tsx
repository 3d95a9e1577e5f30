import { useEffect, useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import {
  CaretRightOutlined,
  CloseOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileOutlined,
  PauseOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Alert, Button, Tooltip } from 'antd';
import { MAX_FILES_DEFAULT, UPLOAD_TYPE_RULES, UploadType } from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { useUploadQueue } from '../hooks/use-upload-queue.ts';
import { acceptOf } from '../queue/pre-check.ts';
import { fileKey } from '../queue/resume-store.ts';
import type { ResumeRecord } from '../queue/resume-store.ts';
import type { UploadItem } from '../queue/upload-queue.ts';
import { summariseFacts } from '../utils/file-facts.ts';
import { fileExtension, formatBytes } from '../utils/format.ts';
import { FileDetailDrawer } from './file-detail-drawer.tsx';
import { ServerFileThumb } from './server-file-thumb.tsx';
import { UploadProgress } from './upload-progress.tsx';
import './upload-card.css';

export interface UploadCardProps {
  /** The finished files on the card (controlled); or `defaultValue` to let the card keep them. */
  value?: ServerFile[];
  defaultValue?: ServerFile[];
  onChange?(files: ServerFile[]): void;
  /** Files the card holds at most; the add box hides at the limit (spec §5: default 5, picker 1000, import 1). */
  maxFiles?: number;
  /** Spec §9: 1 print files (default), 16 editor images, 4 Excel import. */
  uploadType?: UploadTypeValue;
  /** `tiles`: picture cards (forms); `list`: a drop zone over a list of rows (batches, the picker). */
  layout?: 'tiles' | 'list';
  /** Finished files join the card (default); false: they leave it, for a screen that lists them elsewhere. */
  keepFinished?: boolean;
  disabled?: boolean;
  /** A line under the add box; by default the allowed types and sizes. */
  hint?: ReactNode;
  /** Each file that finished uploading (also when it does not stay on the card). */
  onUploaded?(file: ServerFile): void;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);
/** Larger pictures are not decoded in the page just for a preview. */
const LOCAL_PREVIEW_MAX_BYTES = 30 * 1024 * 1024;

function canPreviewLocally(file: File): boolean {
  return IMAGE_EXTENSIONS.has(fileExtension(file.name)) && file.size <= LOCAL_PREVIEW_MAX_BYTES;
}

/** An object URL for a picture chosen from the computer, released when no longer shown. */
function useLocalPreview(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !canPreviewLocally(file)) return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [file]);
  return url;
}

function defaultHint(uploadType: UploadTypeValue, maxFiles: number): string {
  const rule = UPLOAD_TYPE_RULES[uploadType];
  const types =
    rule.extensions.length > 10
      ? `${rule.extensions.slice(0, 10).join('、')} 等`
      : rule.extensions.join('、');
  return `支持 ${types}；单个文件最大 ${formatBytes(rule.maxBytes)}，最多 ${maxFiles} 个`;
}

const ACTIVE: ReadonlySet<UploadItem['status']> = new Set(['queued', 'hashing', 'uploading', 'retrying']);
/** Uploads that will take a place on the card when they finish. */
const HOLDS_A_PLACE: ReadonlySet<UploadItem['status']> = new Set([...ACTIVE, 'stopped', 'failed']);

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
function UploadRow({ item, layout, ...actions }: ItemActionsProps & { layout: 'tiles' | 'list' }) {
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

/** A finished file on the card, with its preview. */
function FileRow({
  file,
  source,
  layout,
  disabled,
  onOpen,
  onRemove,
}: {
  file: ServerFile;
  source: File | undefined;
  layout: 'tiles' | 'list';
  disabled: boolean;
  onOpen(): void;
  onRemove(): void;
}) {
  const preview = useLocalPreview(source);
  const facts = summariseFacts(file.Facts);
  return (
    <li
      className={`ink-upload-card__item ink-upload-card__item--${layout} is-file`}
      data-testid="upload-file"
    >
      <button
        type="button"
        className="ink-upload-card__media"
        onClick={onOpen}
        aria-label={`查看 ${file.OrgFileName}`}
      >
        <ServerFileThumb file={file} localSrc={preview} />
      </button>
      <span className="ink-upload-card__body">
        <span className="ink-upload-card__name" title={file.OrgFileName}>
          {file.OrgFileName}
        </span>
        <span className="ink-upload-card__meta">
          {formatBytes(file.FileSize)}
          {facts ? ` · ${facts}` : ''}
        </span>
      </span>
      <span className="ink-upload-card__actions">
        <Tooltip title="详情">
          <Button size="small" type="text" icon={<EyeOutlined />} aria-label="详情" onClick={onOpen} />
        </Tooltip>
        {!disabled && (
          <Tooltip title="移除（文件仍保留在我的文件中）">
            <Button size="small" type="text" icon={<DeleteOutlined />} aria-label="移除" onClick={onRemove} />
          </Tooltip>
        )}
      </span>
    </li>
  );
}

function UnfinishedNotice({ records, onDismiss }: { records: ResumeRecord[]; onDismiss(): void }) {
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

/**
 * The file upload card of spec §2: choose or drop files, each uploaded in 2 MiB chunks with a
 * progress bar, speed and time left, stop and continue; finished files show their preview. The
 * add box hides once the card holds `maxFiles` (spec §5). Files that break the upload type's rules
 * are refused before any upload, with the reason.
 */
export function UploadCard({
  value,
  defaultValue,
  onChange,
  maxFiles = MAX_FILES_DEFAULT,
  uploadType = UploadType.Default,
  layout = 'tiles',
  keepFinished = true,
  disabled = false,
  hint,
  onUploaded,
}: UploadCardProps) {
  const [ownFiles, setOwnFiles] = useState<ServerFile[]>(defaultValue ?? []);
  const files = value ?? ownFiles;
  const filesRef = useRef(files);
  filesRef.current = files;
  const [sources, setSources] = useState<ReadonlyMap<number, File>>(new Map());
  const [detail, setDetail] = useState<ServerFile | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  function commit(next: ServerFile[]) {
    filesRef.current = next;
    if (value === undefined) setOwnFiles(next);
    onChange?.(next);
  }

  const { queue, items, unfinished, dismissUnfinished } = useUploadQueue({
    uploadType,
    onUploaded(file, item) {
      onUploaded?.(file);
      if (!keepFinished) return;
      queue.remove(item.id);
      if (!filesRef.current.some((kept) => kept.Id === file.Id)) commit([...filesRef.current, file]);
      setSources((current) => new Map(current).set(file.Id, item.source));
    },
  });

  const pending = items.filter((item) => HOLDS_A_PLACE.has(item.status));
  const occupied = (keepFinished ? files.length : 0) + pending.length;
  const isFull = occupied >= maxFiles;
  const shownItems = keepFinished ? items.filter((item) => item.status !== 'done') : items;
  const activeCount = items.filter((item) => ACTIVE.has(item.status)).length;
  const resumable = items.filter((item) => item.canResume && !ACTIVE.has(item.status)).length;
  const settled = items.filter((item) => item.status === 'done' || item.status === 'rejected').length;

  function addFiles(chosen: File[]) {
    if (disabled || chosen.length === 0) return;
    const busy = new Set(pending.map((item) => fileKey(item.source, uploadType)));
    const fresh = chosen.filter((file) => !busy.has(fileKey(file, uploadType)));
    if (fresh.length < chosen.length) feedback.info('相同的文件已在上传列表中');
    const room = Math.max(0, maxFiles - occupied);
    const accepted = fresh.slice(0, room);
    if (fresh.length > accepted.length) {
      feedback.warning(`最多 ${maxFiles} 个文件，已忽略其余 ${fresh.length - accepted.length} 个`);
    }
    const added = queue.add(accepted);
    const refused = added.filter((item) => item.status === 'rejected');
    if (refused.length === 1) feedback.warning(`${refused[0]!.fileName}：${refused[0]!.message}`);
    else if (refused.length > 1) feedback.warning(`${refused.length} 个文件不符合上传要求，见列表中的说明`);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  }

  const dragProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setIsDragging(true);
    },
    onDragLeave: () => setIsDragging(false),
    onDrop,
  };

  const input = (
    <input
      ref={inputRef}
      type="file"
      hidden
      multiple={maxFiles > 1}
      accept={acceptOf(uploadType)}
      aria-label="选择要上传的文件"
      data-testid="upload-input"
      onChange={(event) => {
        addFiles(Array.from(event.target.files ?? []));
        event.target.value = '';
      }}
    />
  );

  const hintText = hint ?? defaultHint(uploadType, maxFiles);
  const addBox =
    isFull || disabled ? null : layout === 'tiles' ? (
      <li className="ink-upload-card__item ink-upload-card__item--tiles">
        <button
          type="button"
          className={`ink-upload-card__add${isDragging ? ' is-dragging' : ''}`}
          onClick={() => inputRef.current?.click()}
          {...dragProps}
        >
          <PlusOutlined />
          <span>上传文件</span>
          <span className="ink-upload-card__count">
            {occupied}/{maxFiles}
          </span>
        </button>
      </li>
    ) : (
      <button
        type="button"
        className={`ink-upload-card__drop${isDragging ? ' is-dragging' : ''}`}
        onClick={() => inputRef.current?.click()}
        {...dragProps}
      >
        <CloudUploadOutlined className="ink-upload-card__drop-icon" />
        <span className="ink-upload-card__drop-title">点击选择文件，或将文件拖到这里</span>
        <span className="ink-upload-card__drop-hint">{hintText}</span>
        <span className="ink-upload-card__drop-hint">
          支持断点续传：中途停止、网络中断或刷新页面后，重新选择同一文件即可接着上传
        </span>
      </button>
    );

  const rows = (
    <>
      {keepFinished &&
        files.map((file) => (
          <FileRow
            key={`file-${file.Id}`}
            file={file}
            source={sources.get(file.Id)}
            layout={layout}
            disabled={disabled}
            onOpen={() => setDetail(file)}
            onRemove={() => commit(filesRef.current.filter((kept) => kept.Id !== file.Id))}
          />
        ))}
      {shownItems.map((item) => (
        <UploadRow
          key={item.id}
          item={item}
          layout={layout}
          onStop={() => queue.stop(item.id)}
          onResume={() => queue.resume(item.id)}
          onRemove={() => queue.remove(item.id)}
        />
      ))}
    </>
  );

  return (
    <div className={`ink-upload-card ink-upload-card--${layout}${disabled ? ' is-disabled' : ''}`}>
      {input}
      {unfinished.length > 0 && <UnfinishedNotice records={unfinished} onDismiss={dismissUnfinished} />}
      {layout === 'tiles' ? (
        <>
          <ul className="ink-upload-card__tiles" aria-label="已上传的文件">
            {rows}
            {addBox}
          </ul>
          {!disabled && <p className="ink-upload-card__hint">{hintText}</p>}
        </>
      ) : (
        <>
          {addBox}
          {items.length > 0 && (
            <div className="ink-upload-card__toolbar">
              <span className="ink-upload-card__summary">
                上传列表：{activeCount > 0 ? `${activeCount} 个进行中` : '无进行中'}
                {resumable > 0 ? `，${resumable} 个已暂停` : ''}
              </span>
              <span className="ink-upload-card__toolbar-actions">
                {activeCount > 0 && (
                  <Button size="small" onClick={() => queue.stopAll()}>
                    全部停止
                  </Button>
                )}
                {resumable > 0 && (
                  <Button size="small" onClick={() => queue.resumeAll()}>
                    全部继续
                  </Button>
                )}
                {settled > 0 && (
                  <Button size="small" type="text" onClick={() => queue.clearSettled()}>
                    清除已完成
                  </Button>
                )}
              </span>
            </div>
          )}
          {(shownItems.length > 0 || (keepFinished && files.length > 0)) && (
            <ul className="ink-upload-card__list" aria-label="上传列表">
              {rows}
            </ul>
          )}
        </>
      )}
      <FileDetailDrawer file={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
