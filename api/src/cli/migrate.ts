// `npm run migrate`: brings the configured database up to this version and exits — pending
// migrations, Guatemala's geography and (when SEED_DEMO says so) the demo data, under the same
// lock the api takes at start-up, so it is safe while replicas start. Same settings as the api:
// DATABASE_URL, else PGlite in DATA_DIR; files (demo images and documents) in S3_* or DATA_DIR/files.
//   npm run migrate              migrate and seed
//   npm run migrate -- --status  print what has run and what is pending; exit 1 when behind
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { configuredTarget, createDatabase } from '../db/database.js';
import { migrationStatus } from '../db/migrate.js';
import { prepareDatabase } from '../db/prepare.js';
import { createFileStore } from '../storage/index.js';
import { describeTarget, fail, report } from '../ops/index.js';

const { values } = parseArgs({ options: { status: { type: 'boolean', default: false } } });
const config = loadConfig();
const target = configuredTarget(config);
const db = await createDatabase(target).catch(fail);
try {
  if (values.status) {
    const s = await migrationStatus(db);
    console.log(`Database: ${describeTarget(target)}`);
    console.log(`Executed: ${s.executed.length} (latest: ${s.executed.at(-1) ?? 'none'})`);
    console.log(`Pending:  ${s.pending.length}${s.pending.length ? ` (${s.pending.join(', ')})` : ''}`);
    if (s.unknown.length) console.log(`Unknown to this version: ${s.unknown.join(', ')}`);
    process.exitCode = s.pending.length || s.unknown.length ? 1 : 0;
  } else {
    const started = Date.now();
    const files = createFileStore(config, path.join(path.resolve(config.DATA_DIR), 'files'));
    await files.ready?.();
    const { applied } = await prepareDatabase(db, files, {
      demo: config.SEED_DEMO ?? config.NODE_ENV !== 'production',
      orgEmailDomain: config.ORG_EMAIL_DOMAIN,
      log: (line) => console.log(line),
    });
    for (const name of applied) console.log(`  applied ${name}`);
    console.log(
      `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${describeTarget(target)} ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; the database is up to date.`,
    );
  }
} catch (err) {
  report(err);
} finally {
  await db.destroy();
}
