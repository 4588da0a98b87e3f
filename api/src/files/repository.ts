// The file store moved to src/storage (local folder or S3-compatible); kept here for old imports.
export {
  contentTypeFor,
  createLocalFileStore,
  isSafeKey,
  newFileKey,
  type FileStore,
  type StoredFile,
} from '../storage/index.js';
