import { UPLOAD_TYPE_RULES, UploadType } from '@inkstone/contracts';
import type { UploadTypeValue } from '@inkstone/contracts';
import { fileExtension, formatBytes } from '../utils/format.ts';

/** Whether a file may be uploaded as `uploadType`, and why not (in Chinese). */
export type PreCheck = { ok: true } | { ok: false; message: string };

// Control characters, and the characters the server refuses in names (docs/uploads.md, -1080).
// eslint-disable-next-line no-control-regex
const FORBIDDEN_NAME_CHARACTERS = /[\u0000-\u001f\u007f<>:"|?*/\\]/;
const MAX_NAME_LENGTH = 200;

/**
 * Checks the name, extension and size of a file against UPLOAD_TYPE_RULES before any hashing,
 * so a wrong file is refused at once with the rule that it breaks (the server checks the same).
 */
export function preCheckFile(
  file: { name: string; size: number },
  uploadType: UploadTypeValue = UploadType.Default,
): PreCheck {
  const rule = UPLOAD_TYPE_RULES[uploadType];
  const name = file.name;
  if (!name.trim()) return { ok: false, message: '文件名不能为空，请重命名后再上传' };
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) {
    return { ok: false, message: '文件名不能包含 < > : " | ? * / \\ 等字符，请重命名后再上传' };
  }
  if (name.length > MAX_NAME_LENGTH) {
    return { ok: false, message: `文件名过长（最多 ${MAX_NAME_LENGTH} 个字符），请重命名后再上传` };
  }
  const extension = fileExtension(name);
  if (!rule.extensions.includes(extension)) {
    const what = extension ? ` .${extension} 文件` : '没有扩展名的文件';
    return { ok: false, message: `不支持${what}，${rule.label}只能上传 ${rule.extensions.join('、')}` };
  }
  if (file.size === 0) return { ok: false, message: '文件是空的（0 字节），请检查后重新选择' };
  if (file.size > rule.maxBytes) {
    return {
      ok: false,
      message: `文件过大（${formatBytes(file.size)}），${rule.label}最大 ${formatBytes(rule.maxBytes)}`,
    };
  }
  return { ok: true };
}

/** The `accept` attribute of a file input for the upload type: `.pdf,.ai,…`. */
export function acceptOf(uploadType: UploadTypeValue = UploadType.Default): string {
  return UPLOAD_TYPE_RULES[uploadType].extensions.map((extension) => `.${extension}`).join(',');
}
