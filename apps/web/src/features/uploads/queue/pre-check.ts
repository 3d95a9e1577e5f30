import { UPLOAD_TYPE_RULES, UploadType, fileNameProblem } from '@inkstone/contracts';
import type { UploadTypeValue } from '@inkstone/contracts';
import { fileExtension, formatBytes } from '../utils/format.ts';

/** Whether a file may be uploaded as `uploadType`, and why not (in Chinese). */
export type PreCheck = { ok: true } | { ok: false; message: string };

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
  // The server's own rule (docs/uploads.md, -1080): no path, invisible or control character,
  // character Windows forbids or Windows device name, at most 200 characters.
  const nameProblem = fileNameProblem(name);
  if (nameProblem) return { ok: false, message: `${nameProblem.replace(/，请.*$/, '')}，请重命名后再上传` };
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
