import { createLocalFileStore } from './local.js';
import { createS3FileStore } from './s3.js';
import type { FileStore } from './store.js';

export * from './store.js';
export * from './received.js';
export { createLocalFileStore } from './local.js';
export { createS3FileStore, type S3Options } from './s3.js';

export interface StorageSettings {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY?: string | undefined;
  S3_SECRET_KEY?: string | undefined;
  S3_REGION?: string | undefined;
  S3_PREFIX?: string | undefined;
}

/** S3-compatible storage when S3_ENDPOINT and S3_BUCKET are set, else the local folder. */
export function createFileStore(settings: StorageSettings, localRoot: string): FileStore {
  if (settings.S3_ENDPOINT && settings.S3_BUCKET) {
    return createS3FileStore({
      endpoint: settings.S3_ENDPOINT,
      bucket: settings.S3_BUCKET,
      accessKeyId: settings.S3_ACCESS_KEY ?? '',
      secretAccessKey: settings.S3_SECRET_KEY ?? '',
      region: settings.S3_REGION,
      prefix: settings.S3_PREFIX,
    });
  }
  return createLocalFileStore(localRoot);
}
