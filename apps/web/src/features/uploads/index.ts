/**
 * Public face of the uploads feature (spec §2, §4): the chunk uploader, the file library calls,
 * the preflight report, and the reusable upload card and server-file picker with their pieces.
 */
export { useUploadQueue } from './hooks/use-upload-queue.ts';
export type { UploadQueueHandle, UseUploadQueueOptions } from './hooks/use-upload-queue.ts';
export { UploadQueue, STOPPED_MESSAGE } from './queue/upload-queue.ts';
export type { UploadItem, UploadStatus } from './queue/upload-queue.ts';
export type { ResumeRecord } from './queue/resume-store.ts';
export { acceptOf, preCheckFile } from './queue/pre-check.ts';
export { fileKey } from './queue/resume-store.ts';
export { getServiceFilePreflight, usePreflight } from './api/get-service-file-preflight.ts';
export type { FinishedSize, PreflightCallOptions } from './api/get-service-file-preflight.ts';
export { useServiceFiles } from './api/get-service-files.ts';
export type { ServiceFilesParams } from './api/get-service-files.ts';
export { useDeleteServiceFiles, DELETED_MESSAGE } from './api/post-service-file-delete.ts';
export { FileDetailDrawer } from './components/file-detail-drawer.tsx';
export { downloadHref } from './components/file-detail-parts.tsx';
export { ServerFileThumb } from './components/server-file-thumb.tsx';
export { UploadProgress } from './components/upload-progress.tsx';
export { formatBytes, fileExtension } from './utils/format.ts';
export { summariseFacts } from './utils/file-facts.ts';
export { UploadCard } from './components/upload-card.tsx';
export type { UploadCardProps } from './components/upload-card.tsx';
export { ServerFilePicker } from './components/server-file-picker.tsx';
export type { ServerFilePickerProps } from './components/server-file-picker.tsx';
export { ServerFileLibrary } from './components/server-file-library.tsx';
export type { ServerFileLibraryProps } from './components/server-file-library.tsx';
export { DELETE_CONFIRM } from './components/server-file-card.tsx';
