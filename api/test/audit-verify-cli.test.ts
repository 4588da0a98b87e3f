import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsFromLog, recordAudit } from '../src/audit/index.js';
import { capturingLogger } from '../src/observability/index.js';
import { startApi } from '../src/server.js';
import { ROOT, runNode } from './support/processes.js';

// `npm run audit:verify` against the anchors a running api wrote to its log (PGlite in DATA_DIR).
const cli = path.join(ROOT, 'api/src/cli/audit-verify.ts');

let dataDir: string;
const logs: string[] = [];

async function verify(stdin: string): Promise<{ code: number | null; out: string }> {
  const { code, output } = await runNode(cli, [], { NODE_ENV: 'production', DATA_DIR: dataDir }, 120_000, stdin);
  return { code, out: output };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bolsa-audit-verify-'));
  // The api publishes the chain's head with its hourly sweep; here every 100 ms.
  const api = await startApi({
    dataDir,
    port: 0,
    seedDemo: false,
    log: false,
    logger: capturingLogger('api', logs),
    orphanSweepMs: 100,
  });
  try {
    for (let i = 1; i <= 3; i++)
      await recordAudit(api.db, { action: 'plaza.editar', target: { kind: 'plaza', id: i } });
    const { last } = await api.db
      .selectFrom('auditoria')
      .select((e) => e.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    // Until a sweep has published a head at or after the three rows (the api's own start-up jobs may
    // add a row after them: the head is then that one).
    const published = () => anchorsFromLog(logs.join('\n')).some((a) => a.id >= Number(last));
    for (let i = 0; i < 300 && !published(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!published()) throw new Error(`no anchor of row ${last} in the api's log after 30 s`);
  } finally {
    await api.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run audit:verify', () => {
  it('finds the anchors in the log, and reports a chain rewritten after them', async () => {
    const anchors = logs.filter((l) => l.includes('"ancla"'));
    expect(anchors.join('\n')).toContain('Bitácora de auditoría: ancla');
    const intact = await verify(`${logs.join('\n')}\n`);
    expect(intact.code, intact.out).toBe(0);
    expect(intact.out).toMatch(/La bitácora está íntegra: \d+ registros verificados\./);
    expect(intact.out).toContain(`Anclas comprobadas: ${anchors.length}.`);

    // Nothing to check against: said, not a pass.
    const none = await verify('una línea cualquiera\n');
    expect(none.code, none.out).toBe(64);
    expect(none.out).toContain('No se encontró ninguna ancla');

    // The anchored head removed by the database's owner (the row itself, not whatever is newest
    // when the api starts again): the chain left is whole, the anchor is not.
    const head = Math.max(...anchorsFromLog(logs.join('\n')).map((a) => a.id));
    const api = await startApi({ dataDir, port: 0, seedDemo: false, log: false });
    try {
      await api.db.transaction().execute(async (trx) => {
        await sql`alter table auditoria disable trigger user`.execute(trx);
        await sql`delete from auditoria where id = ${head}`.execute(trx);
        await sql`alter table auditoria enable trigger user`.execute(trx);
      });
    } finally {
      await api.close();
    }
    const cut = await verify(anchors.join('\n'));
    expect(cut.code, cut.out).toBe(1);
    expect(cut.out).toMatch(/Registro alterado: #\d+ del /);
  }, 120_000);
});
