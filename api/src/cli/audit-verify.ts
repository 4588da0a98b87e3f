// `npm run audit:verify`: checks the audit log's chain against the anchors the api published in its
// own log (`Bitácora de auditoría: ancla`, at start-up and hourly when the chain moved). A chain
// rewritten with the database owner's rights verifies by itself; it no longer matches an anchor
// kept outside the database (docs/decisions/2026-11-27-audit-log.md, "Anchors").
//
//   grep '"ancla"' /var/log/bolsa/api.log | npm run audit:verify
//   npm run audit:verify < anclas.log
//
// The database is the api's: DATABASE_URL, else PGlite in DATA_DIR (stop the api first: PGlite
// opens one process at a time). Nothing is written. Exit 0: intact and every anchor matches;
// 1: a row altered or missing; 64: no anchor on the standard input.
import { auditVerificationMessage } from '@bolsa/domain';
import { anchorsFromLog, verifyAudit } from '../audit/index.js';
import { loadConfig } from '../config.js';
import { configuredTarget, createDatabase } from '../db/database.js';

const EX_USAGE = 64;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<number> {
  const anchors = anchorsFromLog(await readStdin());
  if (!anchors.length) {
    console.error(
      'No se encontró ninguna ancla en la entrada: pase las líneas "Bitácora de auditoría: ancla" del log del api.',
    );
    return EX_USAGE;
  }
  const config = loadConfig();
  const db = await createDatabase(configuredTarget(config));
  try {
    const result = await verifyAudit(db, undefined, anchors);
    console.log(auditVerificationMessage(result));
    console.log(`Anclas comprobadas: ${anchors.length}.`);
    return result.ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`No se pudo verificar la bitácora: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
