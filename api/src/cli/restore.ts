// `npm run restore -- <file> [--force]`: loads a backup (npm run backup) into an empty install —
// the database named by DATABASE_URL (else PGlite in DATA_DIR) and the file store (S3_* or
// DATA_DIR/files) — after checking every entry against the manifest's checksums. Run it before the
// api's first start on the new install (with PGlite, with the api stopped).
//   --check  only verify the archive
//   --force  replace what a non-empty install holds (same version's schema only)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { configuredTarget, createDatabase } from '../db/database.js';
import { createFileStore } from '../storage/index.js';
import { describeDatabase, describeStorage, fail, report, restoreBackup, verifyBackup } from '../ops/index.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } },
});
const file = positionals[0];
if (!file || positionals.length > 1) fail(new Error('Usage: npm run restore -- <archive.tar> [--force | --check]'));
const archive = path.resolve(file);

if (values.check) {
  try {
    const { manifest, bytes } = await verifyBackup(archive);
    console.log(
      `${archive}: intact (${manifest.entries.length} entries, ${(bytes / 1e6).toFixed(1)} MB). Taken ${manifest.createdAt} ` +
        `by version ${manifest.appVersion} at migration ${manifest.migrations.at(-1) ?? 'none'}; ` +
        `${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, ${manifest.files.count} files.`,
    );
  } catch (err) {
    report(err);
  }
} else {
  const config = loadConfig();
  const target = configuredTarget(config);
  const db = await createDatabase(target).catch(fail);
  try {
    const files = createFileStore(config, path.join(path.resolve(config.DATA_DIR), 'files'));
    await files.ready?.();
    console.log(`Restoring ${archive} into ${await describeDatabase(db, target)} and ${describeStorage(config)}`);
    const started = Date.now();
    const r = await restoreBackup({ db, files, file: archive, force: values.force, log: (l) => console.log(l) });
    console.log(
      `Restored the backup of ${r.manifest.createdAt} (version ${r.manifest.appVersion}): ${r.rows} rows, ` +
        `${r.files} files (${(r.bytes / 1e6).toFixed(1)} MB)` +
        (r.upgraded.length ? `, then ${r.upgraded.length} newer migrations` : '') +
        ` in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the api on it.`,
    );
    console.log(
      'Not in a backup: SERVICE_TOKEN and SESSION_SECRET (set them as before; with PGlite the generated ones ' +
        'live in DATA_DIR/service-token and DATA_DIR/session-secret).',
    );
  } catch (err) {
    report(err);
  } finally {
    await db.destroy();
  }
}
