import type { ReactNode } from 'react';
import { MAX_FILES_DEFAULT, UploadType } from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { useUploadCard } from '../hooks/use-upload-card.ts';
import { FileDetailDrawer } from './file-detail-drawer.tsx';
import {
  AddBox,
  FileChooser,
  UnfinishedNotice,
  UploadListToolbar,
  defaultHint,
} from './upload-card-parts.tsx';
import { CardRows } from './upload-card-rows.tsx';
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

interface UploadListProps {
  card: ReturnType<typeof useUploadCard>;
  addBox: ReactNode;
  rows: ReactNode;
  keepFinished: boolean;
}

/** The list layout: the drop zone, the toolbar over a batch (stop, continue, clear) and the rows. */
function UploadList({ card, addBox, rows, keepFinished }: UploadListProps) {
  const { files, queue, items, shownItems } = card;
  return (
    <>
      {addBox}
      {items.length > 0 && (
        <UploadListToolbar
          activeCount={card.activeCount}
          resumable={card.resumable}
          settled={card.settled}
          onStopAll={() => queue.stopAll()}
          onResumeAll={() => queue.resumeAll()}
          onClearSettled={() => queue.clearSettled()}
        />
      )}
      {(shownItems.length > 0 || (keepFinished && files.length > 0)) && (
        <ul className="ink-upload-card__list" aria-label="上传列表">
          {rows}
        </ul>
      )}
    </>
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
  const card = useUploadCard({
    value,
    defaultValue,
    onChange,
    maxFiles,
    uploadType,
    keepFinished,
    disabled,
    onUploaded,
  });
  const { files, queue, shownItems } = card;
  const hintText = hint ?? defaultHint(uploadType, maxFiles);
  const addBox =
    card.isFull || disabled ? null : (
      <AddBox
        layout={layout}
        isDragging={card.isDragging}
        occupied={card.occupied}
        maxFiles={maxFiles}
        hint={hintText}
        dragProps={card.dragProps}
        onChoose={card.choose}
      />
    );

  const rows = (
    <CardRows
      files={keepFinished ? files : []}
      sources={card.sources}
      items={shownItems}
      queue={queue}
      layout={layout}
      disabled={disabled}
      onOpen={card.setDetail}
      onRemoveFile={card.removeFile}
    />
  );

  return (
    <div className={`ink-upload-card ink-upload-card--${layout}${disabled ? ' is-disabled' : ''}`}>
      <FileChooser
        inputRef={card.inputRef}
        multiple={maxFiles > 1}
        uploadType={uploadType}
        onChoose={card.addFiles}
      />
      {card.unfinished.length > 0 && (
        <UnfinishedNotice records={card.unfinished} onDismiss={card.dismissUnfinished} />
      )}
      {layout === 'tiles' ? (
        <>
          <ul className="ink-upload-card__tiles" aria-label="已上传的文件">
            {rows}
            {addBox}
          </ul>
          {!disabled && <p className="ink-upload-card__hint">{hintText}</p>}
        </>
      ) : (
        <UploadList card={card} addBox={addBox} rows={rows} keepFinished={keepFinished} />
      )}
      <FileDetailDrawer file={card.detail} onClose={() => card.setDetail(null)} />
    </div>
  );
}
