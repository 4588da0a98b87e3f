/**
 * The ops area's public face: the backup archive (write, verify, restore) and the console report
 * the one-off commands in cli/ share.
 */
export {
  FORMAT,
  FORMAT_VERSION,
  verifyBackup,
  type BackupHeader,
  type BackupManifest,
  type ManifestEntry,
  type VerifyResult,
} from './archive.js';
export { writeBackup, type BackupOptions, type BackupResult } from './write-backup.js';
export { restoreBackup, RestoreRefused, type RestoreOptions, type RestoreResult } from './restore-backup.js';
export { describeDatabase, describeStorage, describeTarget, fail, report } from './report.js';
