import { useEffect, useState } from 'react';
import { FileOutlined } from '@ant-design/icons';
import type { ServerFile } from '@inkstone/contracts';

/** While a thumbnail is being made the typed icon is shown; the picture is asked for again then. */
const PENDING_RETRY_MS = [2000, 5000, 10_000, 20_000];

/** The signed thumbnail link, marked with its status so a finished preview replaces the icon. */
export function thumbnailSrc(file: ServerFile, attempt = 0): string {
  const separator = file.Thumbnail.includes('?') ? '&' : '?';
  return `${file.Thumbnail}${separator}v=${file.ThumbnailStatus}${attempt ? `-${attempt}` : ''}`;
}

export interface ServerFileThumbProps {
  file: ServerFile;
  /** A picture of the file at hand (an image just uploaded from this page), shown instead. */
  localSrc?: string | null;
  className?: string;
}

/** A server file's thumbnail (preview picture or typed icon), from its signed link. */
export function ServerFileThumb({ file, localSrc, className }: ServerFileThumbProps) {
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setHasFailed] = useState(false);
  const isPending = file.ThumbnailStatus === 'pending';

  useEffect(() => {
    if (!isPending || localSrc || attempt >= PENDING_RETRY_MS.length) return;
    const timer = setTimeout(() => setAttempt((value) => value + 1), PENDING_RETRY_MS[attempt]);
    return () => clearTimeout(timer);
  }, [isPending, attempt, localSrc]);

  if (hasFailed && !localSrc) {
    return (
      <span className={`ink-file-thumb ink-file-thumb--missing ${className ?? ''}`} aria-hidden="true">
        <FileOutlined />
        <span>{file.FileExt.toUpperCase()}</span>
      </span>
    );
  }
  return (
    <img
      className={`ink-file-thumb ${className ?? ''}`}
      src={localSrc ?? thumbnailSrc(file, attempt)}
      alt={file.OrgFileName}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setHasFailed(true)}
    />
  );
}
