import {
  UPLOAD_CHUNK_SIZE,
  UPLOAD_TYPE_RULES,
  fileNameProblem,
  type ApiCodeName,
  type UploadChunkFields,
  type UploadTypeRule,
} from '@inkstone/contracts';

/** The geometry of an accepted upload: how many chunks, and where each one goes. */
export interface ChunkPlan {
  fileName: string;
  extension: string;
  rule: UploadTypeRule;
  totalChunks: number;
  /** Bytes chunk `number` (1-based) must hold: UPLOAD_CHUNK_SIZE, the last one the rest. */
  sizeOf(number: number): number;
  offsetOf(number: number): number;
}

export type RuleCheck = { ok: true; plan: ChunkPlan } | { ok: false; code: ApiCodeName; message: string };

/** 1.5 GB, 300 KB: sizes for Chinese messages. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 || unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** Lower-case extension without the dot; '' when the name has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * Checks the chunk fields of spec §3 against the upload type's rules and the fixed chunk size.
 * Each violation has its own code and a Chinese message that says what is expected.
 */
export function checkChunkFields(fields: UploadChunkFields): RuleCheck {
  const nameProblem = fileNameProblem(fields.filename);
  if (nameProblem) return { ok: false, code: 'UploadFileNameInvalid', message: nameProblem };
  const fileName = fields.filename.trim();

  const rule = UPLOAD_TYPE_RULES[fields.uploaderFileType];
  const extension = fileExtension(fileName);
  if (!rule.extensions.includes(extension)) {
    return {
      ok: false,
      code: 'UploadTypeNotAllowed',
      message: `不支持的文件类型${extension ? `（.${extension}）` : '（无扩展名）'}，${rule.label}只能上传 ${rule.extensions.join('、')}`,
    };
  }
  if (fields.totalSize > rule.maxBytes) {
    return {
      ok: false,
      code: 'UploadTooLarge',
      message: `文件过大（${formatBytes(fields.totalSize)}），${rule.label}最大 ${formatBytes(rule.maxBytes)}`,
    };
  }
  if (fields.chunkSize !== UPLOAD_CHUNK_SIZE) {
    return {
      ok: false,
      code: 'UploadChunkInvalid',
      message: `分片大小（chunkSize）应为 ${UPLOAD_CHUNK_SIZE} 字节`,
    };
  }
  const totalChunks = Math.max(1, Math.ceil(fields.totalSize / UPLOAD_CHUNK_SIZE));
  if (fields.totalChunks !== totalChunks) {
    return {
      ok: false,
      code: 'UploadChunkInvalid',
      message: `分片总数（totalChunks）与文件大小不符：${fields.totalSize} 字节应分为 ${totalChunks} 片`,
    };
  }
  if (fields.chunkNumber > totalChunks) {
    return {
      ok: false,
      code: 'UploadChunkInvalid',
      message: `分片序号（chunkNumber）${fields.chunkNumber} 超出范围，应为 1–${totalChunks}`,
    };
  }
  const sizeOf = (number: number) =>
    number < totalChunks ? UPLOAD_CHUNK_SIZE : fields.totalSize - (totalChunks - 1) * UPLOAD_CHUNK_SIZE;
  const expected = sizeOf(fields.chunkNumber);
  if (fields.currentChunkSize !== expected) {
    return {
      ok: false,
      code: 'UploadChunkInvalid',
      message: `第 ${fields.chunkNumber} 片的大小（currentChunkSize）应为 ${expected} 字节，而不是 ${fields.currentChunkSize}`,
    };
  }
  return {
    ok: true,
    plan: {
      fileName,
      extension,
      rule,
      totalChunks,
      sizeOf,
      offsetOf: (number) => (number - 1) * UPLOAD_CHUNK_SIZE,
    },
  };
}
