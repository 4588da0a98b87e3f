import {
  ASSIGNED_TEST_MESSAGES as M,
  assignTestSchema,
  LIMITS,
  parseTestScore,
  stateNoteSchema,
  TRANSITION_MESSAGES,
  type CandidateState,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { actorOf } from '../graph/viewer.js';
import { mutationError, notFound, operationFailed, validationFailed, type FieldProblem } from '../errors.js';
import type { Failure } from '../upstream/failure.js';
import type { MoveResult } from '../upstream/assigned-tests.js';

/** The field an api message of the assign form belongs to, so the form can mark it. */
function fieldOf(message: string): string {
  if ([M.deadlinePast, M.deadlineRequired].includes(message as never)) return 'deadline';
  if ([M.credentialsRequired, M.credentialsTooLong].includes(message as never)) return 'credentials';
  if (message === M.selectTest) return 'templateId';
  return '';
}

function testError(f: Failure, failed: string) {
  if (f.kind === 'not-found') return notFound(f.message ?? M.testNotFound);
  if (f.kind === 'invalid' && f.message) {
    const path = fieldOf(f.message);
    return validationFailed(
      f.message,
      [{ path, message: f.message }],
      path === 'templateId' ? M.incompleteTitle : null,
    );
  }
  return mutationError(f, { failed, preferApiMessage: true });
}

const transitionNotAllowed = (message: string, state: CandidateState, allowed: CandidateState[]) => ({
  __typename: 'TransitionNotAllowed' as const,
  message,
  state,
  allowed,
});

/** A send or confirm refused: by the flow (with the state), by its input, or a failure. */
function moveError(r: Exclude<MoveResult, { ok: true }>, failed: string) {
  if (r.kind === 'not-allowed')
    return transitionNotAllowed(r.message ?? TRANSITION_MESSAGES.notAllowed, r.state ?? 'postulado', r.allowed);
  const f = r.failure;
  if (f.kind === 'not-found') return notFound(f.message ?? TRANSITION_MESSAGES.notFound);
  if (f.kind === 'invalid') return validationFailed(f.message ?? failed, [], null);
  const e = mutationError(f, { failed, preferApiMessage: true });
  return e.__typename === 'Conflict' ? operationFailed(e.message, f) : e;
}

export const assignedTestQueries: Pick<QueryResolvers<Context>, 'assignedTests'> = {
  assignedTests: (_p, { candidateId }, ctx) => ctx.assignedTests.list(candidateId),
};

export const assignedTestMutations: Pick<
  MutationResolvers<Context>,
  | 'assignTest'
  | 'setAssignedTestState'
  | 'recordTestResult'
  | 'deleteAssignedTest'
  | 'sendTests'
  | 'confirmTestsCompleted'
> = {
  async assignTest(_p, { input }, ctx) {
    // The domain's checks that do not need the template (deadline ≥ today, lengths); whether
    // credentials are required depends on the template's type, which the api knows.
    const parsed = assignTestSchema().safeParse({
      candidateId: input.candidateId,
      testName: 'plantilla',
      testType: 'PDF',
      deadline: input.deadline,
      observations: input.observations ?? '',
      credentials: input.credentials ?? '',
    });
    if (!parsed.success) {
      const fields: FieldProblem[] = parsed.error.issues.map((i) => ({
        path: i.path[0] === 'candidateId' ? 'candidateId' : String(i.path[0] ?? ''),
        message: i.message,
      }));
      return { test: null, error: validationFailed(fields[0]!.message, fields) };
    }
    const r = await ctx.assignedTests.assign(
      {
        candidateId: input.candidateId,
        templateId: input.templateId,
        deadline: parsed.data.deadline,
        credentials: input.credentials?.trim() || null,
        observations: parsed.data.observations || null,
      },
      actorOf(ctx),
    );
    if (!r.ok) return { test: null, error: testError(r.failure, M.unexpected) };
    return { test: r.value, error: null };
  },

  async setAssignedTestState(_p, { id, state }, ctx) {
    const r = await ctx.assignedTests.setState(id, state, actorOf(ctx));
    if (!r.ok) return { test: null, error: testError(r.failure, M.updateFailed) };
    return { test: r.value, error: null };
  },

  async recordTestResult(_p, { id, text, score }, ctx) {
    const t = text?.trim() || null;
    if (t && t.length > LIMITS.note)
      return { test: null, error: validationFailed(M.resultTooLong, [{ path: 'text', message: M.resultTooLong }]) };
    const parsedScore = parseTestScore(score);
    if (parsedScore === 'invalid')
      return { test: null, error: validationFailed(M.scoreInvalid, [{ path: 'score', message: M.scoreInvalid }]) };
    const r = await ctx.assignedTests.recordResult(id, { text: t, score: parsedScore }, actorOf(ctx));
    if (!r.ok) return { test: null, error: testError(r.failure, M.updateFailed) };
    return { test: r.value, error: null };
  },

  async deleteAssignedTest(_p, { id }, ctx) {
    const r = await ctx.assignedTests.delete(id, actorOf(ctx));
    if (!r.ok) return { ok: false, error: testError(r.failure, M.deleteFailed) };
    return { ok: true, error: null };
  },

  async sendTests(_p, { candidateId, observations }, ctx) {
    const parsedNote = stateNoteSchema.safeParse(observations ?? undefined);
    if (!parsedNote.success) {
      const message = parsedNote.error.issues[0]?.message ?? M.sendFailed;
      return { ok: false, candidate: null, error: validationFailed(message, [{ path: 'observations', message }]) };
    }
    const note = parsedNote.data || null;
    const r = await ctx.assignedTests.send(candidateId, note, actorOf(ctx));
    if (!r.ok) return { ok: false, candidate: null, error: moveError(r, M.sendFailed) };
    return { ok: true, candidate: r.candidate ?? (await ctx.candidates.get(candidateId)), error: null };
  },

  async confirmTestsCompleted(_p, { candidateId }, ctx) {
    const r = await ctx.assignedTests.confirm(candidateId, actorOf(ctx));
    if (!r.ok) return { candidate: null, emailQueued: false, error: moveError(r, M.confirmFailed) };
    return {
      candidate: r.candidate ?? (await ctx.candidates.get(candidateId)),
      emailQueued: r.emailQueued,
      error: null,
    };
  },
};
