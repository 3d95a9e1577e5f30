import { UPLOAD_TYPE_RULES, type ServerFile, type UploadTypeValue } from '@inkstone/contracts';
import { summariseFacts, type StoredFacts } from './analysis/file-facts.ts';
import { filePath, linkExpiry, thumbnailPath } from './file-links.ts';
import type { FileWithBlob } from './uploads.repository.ts';

export interface LinkSettings {
  secret: string;
  ttlSeconds: number;
  now: number;
}

/** True for the upload types whose links never expire (editor images live in saved rich text). */
export function hasPermanentLinks(uploadType: number): boolean {
  return UPLOAD_TYPE_RULES[uploadType as UploadTypeValue]?.isPermanentLink ?? false;
}

/** A file and its content → the spec §3 server file, with signed links. */
export function toServerFile({ file, blob }: FileWithBlob, links: LinkSettings): ServerFile {
  const expires = linkExpiry(links.now, links.ttlSeconds, hasPermanentLinks(file.upload_type));
  const status = blob.thumbnail_status;
  return {
    Id: file.id,
    Thumbnail: thumbnailPath(links.secret, file.merchant_id, file.id, expires),
    OrgFileName: file.org_file_name,
    SavePath: blob.storage_key,
    FilePath: filePath(links.secret, file.merchant_id, file.id, file.org_file_name, expires),
    FileSize: blob.size,
    FileExt: file.file_ext,
    UploadType: file.upload_type,
    Md5: blob.md5,
    CreatedAt: new Date(file.created_at).toISOString(),
    ThumbnailStatus: status === 'preview' ? 'preview' : status === 'icon' ? 'icon' : 'pending',
    Facts: blob.facts_json ? summariseFacts(JSON.parse(blob.facts_json) as StoredFacts) : null,
  };
}
