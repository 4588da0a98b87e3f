/**
 * Retention of candidates' personal data (issue 24, item 3). One run: under one lock, the daily run
 * once per Guatemala day across replicas (its day row is unique), the rules of domain applied to
 * every ended application old enough to matter: notices sent once, guests' files removed, old
 * applications anonymised (profiles' anonymiseApplications, shared with a candidate's own erasure),
 * the run's counts stored and audited in the same transaction; files removed after the commit.
 */
import {
  addDays,
  anonymisationDate,
  canonicalState,
  noticeCounts,
  retentionDay,
  retentionHorizon,
  retentionReason,
  retentionStep,
  RETENTION_ERASED_NOTE,
  RETENTION_LIMITS,
  startOfGuatemalaDay,
  todayInGuatemala,
  type RetentionCounts,
  type RetentionPolicy,
  type RetentionReason,
  type RetentionStep,
} from '@bolsa/domain';
import type { Db } from '../db/database.js';
import type { FileStore } from '../storage/index.js';
import { currentAuditRequest, recordAudit } from '../audit/index.js';
import { anonymiseApplications, removeUnused } from '../profiles/index.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderMail } from '../mail/application-mails.js';
import * as repo from './repository.js';
import type { RetentionRow } from './repository.js';

export const RETENTION_NOTICE_MAIL = 'retencion-aviso';

export interface RetentionDeps {
  db: Db;
  files: FileStore;
  policy: RetentionPolicy;
  /** The controllable clock (tests); production passes the system's. */
  now: () => Date;
}

export interface PlannedApplication {
  row: RetentionRow;
  step: RetentionStep | null;
  reason: RetentionReason;
  /** When it will be anonymised (null: the policy is off). */
  anonymiseOn: Date | null;
}

/** Every ended application the rules look at for a run at `at`, with what that run does to it. */
async function plan(deps: Pick<RetentionDeps, 'db' | 'policy'>, at: Date): Promise<PlannedApplication[]> {
  const horizon = retentionHorizon(at, deps.policy);
  if (!horizon) return [];
  const rows = await repo.candidateRows(deps.db, horizon, todayInGuatemala(at));
  const out: PlannedApplication[] = [];
  for (const row of rows) {
    const facts = { ...row, state: row.etapa };
    const reason = retentionReason(facts);
    if (!reason) continue;
    out.push({
      row,
      reason,
      step: retentionStep(facts, deps.policy, at),
      anonymiseOn: anonymisationDate(facts, deps.policy, at),
    });
  }
  return out;
}

const countsOf = (planned: PlannedApplication[]) => ({
  anonimizados: planned.filter((p) => p.step === 'anonimizar').length,
  avisos: planned.filter((p) => p.step === 'avisar').length,
  documentos: planned.filter((p) => p.step === 'documentos').length,
});

/**
 * When the next run happens: now, unless today's daily run is done (then at the start of
 * tomorrow, Guatemala).
 */
async function nextRunAt(deps: Pick<RetentionDeps, 'db' | 'now'>): Promise<Date> {
  const now = deps.now();
  const today = todayInGuatemala(now);
  if (!(await repo.dailyRunOn(deps.db, today))) return now;
  return startOfGuatemalaDay(todayInGuatemala(addDays(now, 1)))!;
}

export interface RetentionPreview {
  policy: RetentionPolicy;
  nextRunAt: Date;
  counts: { anonimizados: number; avisos: number; documentos: number };
  /** The next applications to be anonymised, soonest first (RETENTION_LIMITS.previewListed). */
  upcoming: {
    id: number;
    name: string;
    vacancy: string | null;
    state: string;
    reason: RetentionReason;
    lastActivity: Date;
    anonymiseOn: Date | null;
    step: RetentionStep | null;
  }[];
  upcomingTotal: number;
}

/** What the next run will do, before it does it (the panel's page). */
export async function retentionPreview(deps: RetentionDeps): Promise<RetentionPreview> {
  const at = await nextRunAt(deps);
  const planned = await plan(deps, at);
  const soon = planned
    .filter((p) => p.anonymiseOn !== null && (p.step === 'anonimizar' || p.step === 'avisar' || noticeCounts(p.row)))
    .sort((a, b) => a.anonymiseOn!.getTime() - b.anonymiseOn!.getTime() || a.row.id - b.row.id);
  return {
    policy: deps.policy,
    nextRunAt: at,
    counts: countsOf(planned),
    upcomingTotal: soon.length,
    upcoming: soon.slice(0, RETENTION_LIMITS.previewListed).map((p) => ({
      id: p.row.id,
      name: p.row.nombre,
      vacancy: p.row.plaza,
      state: canonicalState(p.row.etapa) ?? p.row.etapa,
      reason: p.reason,
      lastActivity: p.row.lastActivity,
      anonymiseOn: p.anonymiseOn,
      step: p.step,
    })),
  };
}

export async function retentionRuns(db: Db) {
  return repo.lastRuns(db, RETENTION_LIMITS.runsListed);
}

export async function retentionRun(db: Db, id: number) {
  return (await repo.lastRuns(db, 1, id))[0] ?? null;
}

export interface RetentionRunResult extends RetentionCounts {
  runId: number;
}

/**
 * One run at the clock's now. `daily`: the scheduled run, at most once per Guatemala day across
 * replicas (null when that day's run exists), audited as the system; otherwise 'Ejecutar ahora',
 * audited as the request's actor.
 */
export async function runRetention(deps: RetentionDeps, kind: 'diaria' | 'manual'): Promise<RetentionRunResult | null> {
  const now = deps.now();
  const actor = kind === 'diaria' ? ({ kind: 'sistema', id: null } as const) : currentAuditRequest().actor;
  const result = await deps.db.transaction().execute(async (trx) => {
    await repo.lockRetention(trx);
    const userId = actor.kind === 'usuario' ? actor.id : null;
    const runId = await repo.insertRun(trx, {
      day: todayInGuatemala(now),
      kind,
      userId,
      userName: userId === null ? null : await repo.staffName(trx, userId),
      at: now,
    });
    if (runId === null) return null;
    const planned = await plan({ db: trx, policy: deps.policy }, now);
    const ids = (step: RetentionStep) => planned.filter((p) => p.step === step).map((p) => p.row.id);
    const keys: string[] = [];
    keys.push(...(await anonymiseApplications(trx, ids('anonimizar'), RETENTION_ERASED_NOTE)));
    await repo.markAnonymisedByRetention(trx, ids('anonimizar'));
    keys.push(...(await repo.removeGuestDocuments(trx, ids('documentos'), now)));
    let avisos = 0;
    for (const p of planned.filter((x) => x.step === 'avisar')) {
      const on = addDays(now, deps.policy.noticeDays);
      const due = p.anonymiseOn && p.anonymiseOn > on ? p.anonymiseOn : on;
      let mailId: number | null = null;
      if (p.row.email) {
        const mail = renderMail(RETENTION_NOTICE_MAIL, {
          nombre: p.row.nombre,
          vacante: p.row.plaza ?? '',
          fecha: retentionDay(due),
        });
        mailId = await enqueueMail(trx, mail, p.row.email, { applicationId: p.row.id });
      }
      await repo.recordNotice(trx, p.row.id, now, mailId);
      avisos++;
    }
    const unique = [...new Set(keys)];
    const counts: RetentionCounts = {
      anonimizados: ids('anonimizar').length,
      avisos,
      documentos: ids('documentos').length,
      archivos: unique.length,
    };
    await repo.finishRun(trx, runId, counts);
    await recordAudit(trx, {
      action: 'retencion.ejecutar',
      target: { kind: 'retencion', id: runId },
      detail: { tipo: kind, ...counts },
      actor,
      at: now,
    });
    return { runId, counts, keys: unique };
  });
  if (!result) return null;
  await removeUnused(deps, result.keys);
  return { runId: result.runId, ...result.counts };
}

export interface RetentionJob {
  stop(): Promise<void>;
}

/**
 * The daily run: tried at start and then every `checkMs` (default hourly); the day's row makes one
 * replica run it and the others find it done. Counts only in the log.
 */
export function startRetentionJob(
  deps: RetentionDeps & { log: (line: string) => void; onError: (err: unknown) => void; checkMs?: number },
): RetentionJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= runRetention(deps, 'diaria')
      .then((r) => {
        if (r && (r.anonimizados || r.avisos || r.documentos))
          deps.log(
            `Retención: ${r.anonimizados} postulaciones anonimizadas, ${r.avisos} avisos, documentos de ${r.documentos} invitados eliminados`,
          );
      })
      .catch(deps.onError)
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, deps.checkMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
