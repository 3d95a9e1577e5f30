/** The uploads module's public API: other modules and the composition root import only this. */
export { filePath, linkExpiry, thumbnailPath } from './file-links.ts';
export { createUploadsModule, type UploadsModule } from './uploads.module.ts';
export { registerUploadRoutes } from './uploads.routes.ts';
export type { OwnedFileByName, OwnedFileContent, ServerFileService } from './server-files.service.ts';
