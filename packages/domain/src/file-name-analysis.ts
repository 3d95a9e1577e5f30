/**
 * Public API of file-name analysis for batch ordering (pure, no I/O): build an index of a
 * catalogue version once, then read each artwork file's name against it. See
 * docs/batch-ordering.md.
 */
export {
  analyseFileName,
  FILE_NAME_REVIEW_CONFIDENCE,
  type FileNameAnalysis,
  type FileNameStatus,
} from './file-names/analyse-file-name.ts';
export { buildFileNameIndex, type FileNameIndex } from './file-names/file-name-index.ts';
export type { FieldReading, FieldSource, PageSizeHint, SizeValue } from './file-names/file-name-fields.ts';
export { normaliseFileNameText } from './file-names/file-name-text.ts';
