import type { Config } from '../../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** The storage the configuration names (docs/uploads.md, "Storage"). */
export function createFileStorage(config: Config): FileStorage {
  switch (config.STORAGE_DRIVER) {
    case 'local':
      return new LocalStorage(config.UPLOAD_DIR);
    case 's3':
      return new S3Storage({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
      });
  }
}
