/**
 * The ops area's public face: the backup archive (write, verify, restore) and the console report
 * the one-off commands in cli/ share.
 */
export {
  FORMAT,
  FORMAT_VERSION,
  restoreBackup,
  RestoreRefused,
  verifyBackup,
  writeBackup,
  type BackupHeader,
  type BackupManifest,
  type BackupOptions,
  type BackupResult,
  type ManifestEntry,
  type RestoreOptions,
  type RestoreResult,
  type VerifyResult,
} from './archive.js';
export { describeDatabase, describeStorage, describeTarget, fail, report } from './report.js';
