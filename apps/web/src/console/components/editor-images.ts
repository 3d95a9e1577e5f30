import { EDITOR_IMAGE_MAX_BYTES, UploadType, staffCalls, type EditorImage } from '@inkstone/contracts';
import { staffUpload } from '../lib/staff-api.ts';

const MAX_MB = Math.round(EDITOR_IMAGE_MAX_BYTES / 1024 / 1024);

/** Uploads a picture for the rich-text editor (upload type 16) and resolves with where it is served. */
export function uploadEditorImage(file: File): Promise<EditorImage> {
  const form = new FormData();
  // The type goes before the file: the server reads the fields that precede the file part.
  form.append('uploaderFileType', String(UploadType.Editor));
  form.append('file', file);
  return staffUpload(staffCalls.UploadEditorImage, form);
}

/** What is said of a picture too large to send (the server says the same). */
export function tooLargeMessage(name: string): string {
  return `${name}：图片不能超过 ${MAX_MB} MB，请压缩后再上传`;
}
