import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/*
 * Tests only (StartApiOptions.snapshotDir): an in-memory PGlite api that has just been migrated and
 * seeded is kept as a data-folder dump plus a copy of the demo files it stored; the next start with
 * the same code loads the dump instead of running initdb, every migration and the seeds (argon2
 * hashes, images) again. On this 2-core machine that is most of an api's start-up, and the unit
 * suite starts ~90 of them. Production never passes a snapshot folder.
 *
 * A snapshot is named by a hash of everything that decides what the seeded database holds: the
 * api's and domain's sources (migrations, seeds and the rules they call), the lockfile, the
 * Guatemala date (demo dates are relative to today) and the seed options. A changed source is a new
 * name; the old snapshots are removed when a new one is written.
 */

const here = path.dirname(new URL(import.meta.url).pathname);
const sourceRoots = [path.resolve(here, '..'), path.resolve(here, '../../../domain/src')];

let sourceDigest: string | null = null;
function sourcesHash(): string {
  if (sourceDigest) return sourceDigest;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|js|json|sql)$/.test(name)) hash.update(file).update(readFileSync(file));
    }
  };
  for (const root of sourceRoots) walk(root);
  // The installed versions (PGlite's data folder format among them).
  hash.update(readFileSync(path.resolve(here, '../../../package-lock.json')));
  sourceDigest = hash.digest('hex');
  return sourceDigest;
}

/**
 * Where the test suites keep their snapshots (one machine's runs share them while the sources
 * match); `BOLSA_TEST_SNAPSHOTS=0` turns them off (every start migrates and seeds).
 */
export const TEST_SNAPSHOT_DIR =
  process.env.BOLSA_TEST_SNAPSHOTS === '0' ? undefined : path.join(os.tmpdir(), 'bolsa-test-snapshots');

export interface SnapshotPlan {
  dir: string;
  key: string;
}

/** The snapshot's name for these seed options, today. */
export function snapshotPlan(
  dir: string,
  seed: { demo: boolean; orgEmailDomain: string; today: string },
): SnapshotPlan {
  const options = createHash('sha256').update(JSON.stringify(seed)).digest('hex').slice(0, 12);
  return { dir: path.resolve(dir), key: `${sourcesHash().slice(0, 16)}-${options}` };
}

/** A snapshot is one folder: data.tar (the dump), files/ (the file store) and log.json. */
const folder = (p: SnapshotPlan) => path.join(p.dir, p.key);

export interface LoadedSnapshot {
  data: Blob;
  /** The seeds' log lines, said again so a start from a snapshot logs what a seeded one does. */
  log: string[];
}

/** The snapshot's database, with its files copied into `filesRoot`; null when there is none yet. */
export async function loadSnapshot(plan: SnapshotPlan, filesRoot: string): Promise<LoadedSnapshot | null> {
  try {
    const bytes = await readFile(path.join(folder(plan), 'data.tar'));
    const log = JSON.parse(await readFile(path.join(folder(plan), 'log.json'), 'utf8')) as string[];
    await cp(path.join(folder(plan), 'files'), filesRoot, { recursive: true });
    return { data: new Blob([new Uint8Array(bytes)]), log };
  } catch {
    // None yet, or removed meanwhile by a run of other sources: this start migrates and seeds.
    return null;
  }
}

/**
 * Keeps the database as it is now with the files under `filesRoot` (the rows name the files by
 * random keys: the two belong together). Written in a folder of its own and renamed into place, so
 * a snapshot that exists is whole; when another process has put the same one there first, this copy
 * is dropped.
 */
export async function saveSnapshot(
  plan: SnapshotPlan,
  pglite: PGlite,
  filesRoot: string,
  log: string[],
): Promise<void> {
  const staging = path.join(plan.dir, `.${plan.key}-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  try {
    await cp(filesRoot, path.join(staging, 'files'), { recursive: true });
    await writeFile(path.join(staging, 'log.json'), JSON.stringify(log));
    const dump = await pglite.dumpDataDir('none');
    await writeFile(path.join(staging, 'data.tar'), new Uint8Array(await dump.arrayBuffer()));
    await rename(staging, folder(plan));
  } catch {
    // Another process's copy is in place (or the folder cannot be written): starts go on without ours.
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // Snapshots of other sources go (the same sources' other options and days stay: others may read them).
  const sources = plan.key.slice(0, plan.key.indexOf('-') + 1);
  for (const name of await readdir(plan.dir).catch(() => [] as string[]))
    if (!name.startsWith(sources) && !name.startsWith('.'))
      await rm(path.join(plan.dir, name), { recursive: true, force: true }).catch(() => undefined);
}
