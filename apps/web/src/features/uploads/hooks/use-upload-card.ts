import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { fileKey } from '../queue/resume-store.ts';
import type { UploadItem } from '../queue/upload-queue.ts';
import { useUploadQueue } from './use-upload-queue.ts';

/** Uploads still running (or waiting to). */
export const ACTIVE: ReadonlySet<UploadItem['status']> = new Set([
  'queued',
  'hashing',
  'uploading',
  'retrying',
]);
/** Uploads that will take a place on the card when they finish. */
const HOLDS_A_PLACE: ReadonlySet<UploadItem['status']> = new Set([...ACTIVE, 'stopped', 'failed']);

export interface UploadCardOptions {
  value: ServerFile[] | undefined;
  defaultValue: ServerFile[] | undefined;
  onChange: ((files: ServerFile[]) => void) | undefined;
  maxFiles: number;
  uploadType: UploadTypeValue;
  keepFinished: boolean;
  disabled: boolean;
  onUploaded: ((file: ServerFile) => void) | undefined;
}

/** Dragging files over the add box, and dropping them there. */
function useDropZone(disabled: boolean, onDrop: (files: File[]) => void) {
  const [isDragging, setIsDragging] = useState(false);
  const dragProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setIsDragging(true);
    },
    onDragLeave: () => setIsDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setIsDragging(false);
      onDrop(Array.from(event.dataTransfer.files));
    },
  };
  return { isDragging, dragProps };
}

/**
 * The upload card's state: its finished files (controlled by `value` or kept by the card), the
 * upload queue, the places taken against `maxFiles`, adding chosen or dropped files, and the file
 * open in the details drawer.
 */
export function useUploadCard(options: UploadCardOptions) {
  const { value, onChange, maxFiles, uploadType, keepFinished, disabled, onUploaded } = options;
  const [ownFiles, setOwnFiles] = useState<ServerFile[]>(options.defaultValue ?? []);
  const files = value ?? ownFiles;
  const filesRef = useRef(files);
  filesRef.current = files;
  const [sources, setSources] = useState<ReadonlyMap<number, File>>(new Map());
  const [detail, setDetail] = useState<ServerFile | null>(null);
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

  const { isDragging, dragProps } = useDropZone(disabled, addFiles);

  return {
    files,
    sources,
    detail,
    setDetail,
    isDragging,
    inputRef,
    queue,
    items,
    unfinished,
    dismissUnfinished,
    occupied,
    isFull: occupied >= maxFiles,
    shownItems: keepFinished ? items.filter((item) => item.status !== 'done') : items,
    activeCount: items.filter((item) => ACTIVE.has(item.status)).length,
    resumable: items.filter((item) => item.canResume && !ACTIVE.has(item.status)).length,
    settled: items.filter((item) => item.status === 'done' || item.status === 'rejected').length,
    addFiles,
    /** Takes a finished file off the card (it stays in 我的文件). */
    removeFile: (id: number) => commit(filesRef.current.filter((kept) => kept.Id !== id)),
    dragProps,
    /** Opens the browser's file chooser. */
    choose: () => inputRef.current?.click(),
  };
}

export type UploadCardState = ReturnType<typeof useUploadCard>;
