// `npm run backup -- <file>`: one archive (tar) with a logical dump of the database and every
// stored file, plus a manifest with checksums (api/src/ops/archive.ts). Same settings as the api:
// DATABASE_URL, else PGlite in DATA_DIR (stop the api first: a PGlite folder is one process's);
// files from S3_* or DATA_DIR/files. Safe while the api runs on PostgreSQL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { configuredTarget, createDatabase } from '../db/database.js';
import { createFileStore } from '../storage/index.js';
import { writeBackup, describeDatabase, describeStorage, fail, report } from '../ops/index.js';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const file = positionals[0];
if (!file || positionals.length > 1) fail(new Error('Usage: npm run backup -- <archive.tar>'));
const out = path.resolve(file);
if (existsSync(out)) fail(new Error(`${out} already exists; choose another name (a backup never overwrites a file)`));

const config = loadConfig();
const target = configuredTarget(config);
const db = await createDatabase(target).catch(fail);
try {
  const files = createFileStore(config, path.join(path.resolve(config.DATA_DIR), 'files'));
  const source = { database: await describeDatabase(db, target), storage: describeStorage(config) };
  console.log(`Backing up ${source.database} and ${source.storage} to ${out}`);
  const started = Date.now();
  const { manifest, bytes } = await writeBackup({ db, files, file: out, source, log: (l) => console.log(l) });
  console.log(
    `Backup written: ${out} (${(bytes / 1e6).toFixed(1)} MB, ${manifest.entries.length} entries, ` +
      `migration level ${manifest.migrations.at(-1) ?? 'none'}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.vanished.length)
    console.log(`Note: ${manifest.vanished.length} files were removed while the backup ran and are not in it.`);
} catch (err) {
  report(err);
} finally {
  await db.destroy();
}
