import {
  ASSIGNED_TEST_MESSAGES,
  assignedTestStateOf,
  canonicalState,
  checkAssignedTestMove,
  TRANSITION_MESSAGES,
  type AssignedTestState,
  type CandidateState,
} from '@bolsa/domain';
import type { TemplateType, TestEventAction } from '../db/database.js';
import {
  changeStateIn,
  existingStaffId,
  stateChangeRefusal,
  type Actor,
  type PipelineDeps,
  type RefusedChange,
} from '../pipeline/index.js';
import { attachToMail, enqueueMail, type MailAttachment } from '../mail/outbox.js';
import { TESTS_MAIL, testsSent } from '../mail/templates.js';
import type { FileStore } from '../storage/index.js';
import * as repo from './repository.js';

const M = ASSIGNED_TEST_MESSAGES;

/** A refusal the routes answer with its status and Spanish message. */
export type Refusal = { ok: false; status: number; message: string; fields?: Record<string, unknown> };
export type Outcome<T> = { ok: true; value: T } | Refusal;

const refuse = (status: number, message: string, fields?: Record<string, unknown>): Refusal => ({
  ok: false,
  status,
  message,
  ...(fields && { fields }),
});

/** A refused state change as the pipeline routes answer it (spec 3 §8): pipeline's stateChangeRefusal. */
function refusedChange(outcome: RefusedChange): Refusal {
  const e = stateChangeRefusal(outcome);
  const { success: _success, ...fields } = e.fields ?? {};
  return refuse(e.status, e.message, fields);
}

export async function listTests(deps: PipelineDeps, candidateId: number): Promise<repo.AssignedTestJson[] | null> {
  if (!(await repo.candidateRow(deps.db, candidateId))) return null;
  return repo.findTests(deps.db, candidateId);
}

export interface AssignInput {
  candidateId: number;
  /** By id (extra TemplateId), else by the documented NombrePrueba + TipoPrueba. */
  template: { id: number } | { name: string; type: TemplateType };
  deadline: string;
  observations: string;
  credentials: string;
  actor: Actor;
}

/** POST /pruebas/asignar-simple: the input is already checked by the domain's assignTestSchema. */
export async function assignTest(deps: PipelineDeps, a: AssignInput): Promise<Outcome<repo.AssignedTestJson>> {
  return deps.db.transaction().execute(async (trx) => {
    const template = await repo.findActiveTemplate(trx, a.template);
    if (!template) return refuse(404, M.testNotFound);
    if (!(await repo.candidateRow(trx, a.candidateId))) return refuse(404, TRANSITION_MESSAGES.notFound);
    const linkType = template.tipo === 'LINK' || template.tipo === 'FORMULARIO';
    // The template decides the type: credentials are required and kept for LINK and FORMULARIO only.
    if (linkType && !a.credentials.trim()) return refuse(400, M.credentialsRequired);
    const userId = await existingStaffId(trx, a.actor.userId);
    const id = await repo.insertTest(trx, {
      candidateId: a.candidateId,
      templateId: template.id,
      name: template.nombre,
      type: template.tipo,
      deadline: a.deadline,
      observations: a.observations,
      credentials: linkType ? a.credentials.trim() : '',
      userId,
    });
    await repo.insertEvent(trx, {
      candidateId: a.candidateId,
      testId: id,
      action: 'ASSIGNED',
      testName: template.nombre,
      userId,
    });
    return { ok: true, value: (await repo.findTest(trx, id))! };
  });
}

const MOVE_ACTION: Record<AssignedTestState, TestEventAction> = {
  ASIGNADA: 'REACTIVATED',
  COMPLETADA: 'COMPLETED',
  CANCELADA: 'NOT_COMPLETED',
};

export interface TestUpdate {
  id: number;
  /** null: unchanged (a result-only update). */
  state: AssignedTestState | null;
  completedAt: string | null;
  /** undefined: unchanged. */
  result?: string | null;
  score?: number | null;
  actor: Actor;
}

/**
 * POST /pruebas/postulante-pruebas/{id}: Completada / No Completada / Reactivar (COMPLETADA
 * refused while the candidate is 'en seguimiento'); with the same state, the result notes only.
 */
export async function updateTest(deps: PipelineDeps, u: TestUpdate): Promise<Outcome<repo.AssignedTestJson>> {
  return deps.db.transaction().execute(async (trx) => {
    const test = await repo.lockTest(trx, u.id);
    if (!test) return refuse(404, M.testNotFound);
    const from = assignedTestStateOf(test.estado) ?? 'ASIGNADA';
    const userId = await existingStaffId(trx, u.actor.userId);
    const withResult = u.result !== undefined || u.score !== undefined;
    if (u.state === null && !withResult) return refuse(400, M.stateInvalid);
    if (u.state !== null && from !== u.state) {
      const candidate = await repo.candidateRow(trx, test.postulante_id);
      const problem = checkAssignedTestMove(from, u.state, candidate?.estado);
      if (problem) return refuse(400, problem);
      await repo.writeTestState(trx, test.id, u.state, u.completedAt);
      await repo.insertEvent(trx, {
        candidateId: test.postulante_id,
        testId: test.id,
        action: MOVE_ACTION[u.state],
        testName: test.nombre_prueba,
        userId,
      });
    } else if (u.state !== null && !withResult) return refuse(400, M.stateInvalid);
    if (withResult) {
      await repo.writeResult(trx, test.id, { text: u.result, score: u.score });
      await repo.insertEvent(trx, {
        candidateId: test.postulante_id,
        testId: test.id,
        action: 'RESULT',
        testName: test.nombre_prueba,
        userId,
      });
    }
    return { ok: true, value: (await repo.findTest(trx, test.id))! };
  });
}

export async function deleteTest(deps: PipelineDeps, id: number, actor: Actor): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const test = await repo.lockTest(trx, id);
    if (!test) return false;
    await repo.deleteTest(trx, id);
    await repo.insertEvent(trx, {
      candidateId: test.postulante_id,
      testId: null,
      action: 'DELETED',
      testName: test.nombre_prueba,
      userId: await existingStaffId(trx, actor.userId),
    });
    return true;
  });
}

export interface SendInput {
  candidateId: number;
  /** The Ids of the payload's pruebas[], when given: only those (still ASIGNADA) are sent. */
  testIds: number[] | null;
  observation: string | null;
  actor: Actor;
}

export interface SendResult {
  from: CandidateState;
  to: CandidateState;
  sent: number;
}

/**
 * POST /email/enviar-pruebas: the e-mail with every ASIGNADA test, and the move to pre-pruebas,
 * in one transaction (changeStateIn with the tests e-mail). A candidate already in pre-pruebas
 * (a second batch) gets the e-mail without a state change.
 */
/** The template files to attach, read before the transaction; a missing file is left out. */
async function readFiles(files: FileStore, rows: Awaited<ReturnType<typeof repo.templateFilesOf>>) {
  const out = new Map<number, MailAttachment>();
  for (const r of rows) {
    const f = r.archivo_ruta ? await files.open(r.archivo_ruta) : null;
    if (!f) continue;
    const chunks: Buffer[] = [];
    for await (const c of f.body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
    out.set(r.testId, {
      name: r.archivo_nombre ?? r.archivo_ruta!.split('/').pop()!,
      mime: f.contentType || 'application/octet-stream',
      content: Buffer.concat(chunks),
    });
  }
  return out;
}

export async function sendTests(deps: PipelineDeps, s: SendInput): Promise<Outcome<SendResult>> {
  const pending = (await repo.findTests(deps.db, s.candidateId)).filter((t) => t.estado === 'ASIGNADA');
  const attachments = await readFiles(
    deps.files,
    await repo.templateFilesOf(
      deps.db,
      pending.map((t) => t.id),
    ),
  );
  return deps.db.transaction().execute(async (trx) => {
    const candidate = await repo.candidateRow(trx, s.candidateId);
    if (!candidate) return refuse(404, TRANSITION_MESSAGES.notFound);
    const all = await repo.findTests(trx, s.candidateId);
    const tests = all.filter((t) => t.estado === 'ASIGNADA' && (!s.testIds || s.testIds.includes(t.id)));
    if (tests.length === 0) return refuse(400, M.noneToSend);
    const address = candidate.datos_eliminados ? null : candidate.email?.trim() || null;
    if (!address) return refuse(400, M.noEmail);

    const mailFor = (name: string | null, vacancy: string | null) =>
      testsSent({
        name: name?.trim() || 'candidato',
        vacancy,
        observation: s.observation,
        publicUrl: deps.publicUrl,
        registered: candidate.usuario_candidato_id !== null,
        tests: tests.map((t) => ({
          name: t.nombrePrueba,
          type: t.tipoPrueba,
          deadline: t.fechaLimite,
          observations: t.observaciones,
          link: t.linkExterno,
          credentials: t.credencialesAcceso,
          fileName: attachments.get(t.id)?.name ?? t.archivoNombre,
          attached: attachments.has(t.id),
        })),
      });

    const current = canonicalState(candidate.estado);
    let result: SendResult;
    let mailId: number | null = null;
    if (current === 'pre-pruebas') {
      const vacancy = await trx
        .selectFrom('postulantes as c')
        .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
        .select('v.nombre')
        .where('c.id', '=', s.candidateId)
        .executeTakeFirst();
      mailId = await enqueueMail(trx, mailFor(candidate.nombre, vacancy?.nombre ?? null), address, {
        applicationId: s.candidateId,
      });
      result = { from: current, to: current, sent: tests.length };
    } else {
      const outcome = await changeStateIn(trx, deps, {
        id: s.candidateId,
        to: 'pre-pruebas',
        actor: s.actor,
        note: s.observation,
        mail: (row) => mailFor(row.nombre, row.plazaNombre),
      });
      if (!outcome.ok) return refusedChange(outcome);
      result = { from: outcome.from, to: outcome.to, sent: tests.length };
      mailId = await repo.lastQueuedMail(trx, s.candidateId, TESTS_MAIL);
    }
    if (mailId !== null)
      await attachToMail(
        trx,
        mailId,
        tests.flatMap((t) => attachments.get(t.id) ?? []),
      );
    const userId = await existingStaffId(trx, s.actor.userId);
    await repo.markSent(
      trx,
      tests.map((t) => t.id),
    );
    for (const t of tests)
      await repo.insertEvent(trx, {
        candidateId: s.candidateId,
        testId: t.id,
        action: 'SENT',
        testName: t.nombrePrueba,
        userId,
      });
    return { ok: true, value: result };
  });
}

/**
 * The 'confirm tests completed' button (ASSIGNED_TEST_MESSAGES.confirmButton): every assigned test COMPLETADA and the candidate in
 * pre-pruebas → post-pruebas with the state's own e-mail (spec 3 §4.1).
 */
export async function confirmTests(
  deps: PipelineDeps,
  candidateId: number,
  actor: Actor,
): Promise<Outcome<{ from: CandidateState; to: CandidateState; emailQueued: boolean }>> {
  return deps.db.transaction().execute(async (trx) => {
    const candidate = await repo.candidateRow(trx, candidateId);
    if (!candidate) return refuse(404, TRANSITION_MESSAGES.notFound);
    const tests = await repo.findTests(trx, candidateId);
    if (tests.length === 0 || tests.some((t) => t.estado !== 'COMPLETADA')) return refuse(400, M.notAllCompleted);
    if (canonicalState(candidate.estado) !== 'pre-pruebas')
      return refuse(400, M.confirmNeedsPreTests, { estadoActual: canonicalState(candidate.estado) });
    const outcome = await changeStateIn(trx, deps, { id: candidateId, to: 'post-pruebas', actor });
    if (!outcome.ok) return refusedChange(outcome);
    return { ok: true, value: { from: outcome.from, to: outcome.to, emailQueued: outcome.emailQueued } };
  });
}
