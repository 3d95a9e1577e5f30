import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ServerFile } from '@inkstone/contracts';
import { useLocalPreview } from '../hooks/use-local-preview.ts';
import type { UploadItem, UploadQueue } from '../queue/upload-queue.ts';
import { summariseFacts } from '../utils/file-facts.ts';
import { formatBytes } from '../utils/format.ts';
import { ServerFileThumb } from './server-file-thumb.tsx';
import { UploadRow } from './upload-row.tsx';

interface FileRowProps {
  file: ServerFile;
  source: File | undefined;
  layout: 'tiles' | 'list';
  disabled: boolean;
  onOpen(): void;
  onRemove(): void;
}

/** A finished file on the card, with its preview. */
function FileRow({ file, source, layout, disabled, onOpen, onRemove }: FileRowProps) {
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

export interface CardRowsProps {
  /** The finished files shown on the card (none when they leave it). */
  files: readonly ServerFile[];
  /** The chosen file of each finished upload, for its local preview. */
  sources: ReadonlyMap<number, File>;
  /** The uploads shown. */
  items: readonly UploadItem[];
  queue: UploadQueue;
  layout: 'tiles' | 'list';
  disabled: boolean;
  onOpen(file: ServerFile): void;
  onRemoveFile(id: number): void;
}

/** The card's rows: its finished files, then the uploads with stop, continue and remove. */
export function CardRows({
  files,
  sources,
  items,
  queue,
  layout,
  disabled,
  onOpen,
  onRemoveFile,
}: CardRowsProps) {
  return (
    <>
      {files.map((file) => (
        <FileRow
          key={`file-${file.Id}`}
          file={file}
          source={sources.get(file.Id)}
          layout={layout}
          disabled={disabled}
          onOpen={() => onOpen(file)}
          onRemove={() => onRemoveFile(file.Id)}
        />
      ))}
      {items.map((item) => (
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
}
