import { useEffect, useState } from 'react';
import { fileExtension } from '../utils/format.ts';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);
/** Larger pictures are not decoded in the page just for a preview. */
const LOCAL_PREVIEW_MAX_BYTES = 30 * 1024 * 1024;

function canPreviewLocally(file: File): boolean {
  return IMAGE_EXTENSIONS.has(fileExtension(file.name)) && file.size <= LOCAL_PREVIEW_MAX_BYTES;
}

/** An object URL for a picture chosen from the computer, released when no longer shown. */
export function useLocalPreview(file: File | null | undefined): string | null {
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
