import {
  allowedNext,
  apiTokenActor,
  documentKindOf,
  hireSchema,
  rejectSchema,
  stateNoteSchema,
  TAG_LIMITS,
  TAG_MESSAGES,
  TRANSITION_MESSAGES,
  UNKNOWN_ACTOR,
  type CandidateState,
} from '@bolsa/domain';
import type { CandidateResolvers, MutationResolvers, QueryResolvers, ResolversTypes } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { actorOf } from '../graph/viewer.js';
import {
  gqlError,
  mutationError,
  notFound,
  operationFailed,
  validationFailed,
  type FailureMessages,
} from '../errors.js';
import { isRecordId, type Failure } from '../upstream/failure.js';
import type { CandidateDetailDto, CandidateDto } from '../normalise/candidate.js';
import { interviewEvents, toInterview } from '../graph/interviews.js';
import { testEvents } from '../graph/tests.js';
import type { CandidateSortField, StateChangeRequest, StateChangeResult } from '../upstream/candidates.js';
import { noteEvents } from '../graph/notes-tags.js';
import { pageOf } from '../graph/candidate-page.js';

const M = TRANSITION_MESSAGES;
const MAX_PAGE_SIZE = 100;
const clamp = (n: number | null | undefined, fallback: number) => Math.min(Math.max(n ?? fallback, 1), MAX_PAGE_SIZE);

const sortOf = (sort: string | null | undefined, order: string | null | undefined) =>
  sort
    ? { field: sort as CandidateSortField, direction: order === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
    : null;

type Payload = ResolversTypes['CandidatePayload'];

/** The lists' tag filter (issue 23): ids that can exist, at most TAG_LIMITS.filter. */
function tagIdsOf(raw: readonly string[] | null | undefined): string[] | null {
  if (!raw?.length) return null;
  const ids = [...new Set(raw)];
  if (ids.length > TAG_LIMITS.filter) throw gqlError('BAD_USER_INPUT', TAG_MESSAGES.tooManyFilter);
  if (ids.some((i) => !isRecordId(i))) throw gqlError('BAD_USER_INPUT', TAG_MESSAGES.notFound);
  return ids;
}

const transitionNotAllowed = (message: string, state: CandidateState, allowed: CandidateState[]) => ({
  __typename: 'TransitionNotAllowed' as const,
  message,
  state,
  allowed,
});

interface Failures {
  /** OperationFailed for anything unexpected (spec 3 §8). */
  failed: string;
  /** A specific refusal message for the target (hire only from inducción, already in induction). */
  refusal?: (current: CandidateState) => string | null;
}

/** One state change's answer as the payload: the change, or its refusal as data. */
async function payloadOf(
  ctx: Context,
  id: string,
  to: CandidateState | null,
  r: StateChangeResult,
  m: Failures,
): Promise<Payload> {
  if (r.ok)
    return { candidate: r.candidate ?? (await ctx.candidates.get(id)), error: null, emailQueued: r.emailQueued };
  const none = { candidate: null, emailQueued: false };
  switch (r.kind) {
    case 'not-found':
      return { ...none, error: notFound(M.notFound) };
    case 'email-not-queued':
      return { ...none, error: { __typename: 'EmailNotQueued', message: M.mailFailed } };
    case 'not-allowed': {
      const current = r.state ?? (await ctx.candidates.get(id))?.state ?? to ?? 'postulado';
      const message = m.refusal?.(current) ?? r.message ?? M.notAllowed;
      return { ...none, error: transitionNotAllowed(message, current, r.allowed) };
    }
    default:
      return {
        ...none,
        error: candidateError(r.failure, { failed: m.failed, notFound: M.notFound, preferApiMessage: true }),
      };
  }
}

async function change(ctx: Context, id: string, req: StateChangeRequest, m: Failures): Promise<Payload> {
  const r = await ctx.candidates.changeState(id, req, actorOf(ctx));
  return payloadOf(ctx, id, req.to, r, m);
}

/** mutationError without Conflict, which CandidateError does not have (a conflict is a failure here). */
function candidateError(f: Failure, m: FailureMessages) {
  const e = mutationError(f, m);
  return e.__typename === 'Conflict' ? operationFailed(e.message, f) : e;
}

const hireRefusal = (current: CandidateState) => (current !== 'inducción' ? M.hireOnlyFromInduction : null);

function noteOrFailure(raw: string | null | undefined) {
  const parsed = stateNoteSchema.safeParse(raw ?? undefined);
  if (parsed.success) return { ok: true as const, note: parsed.data ?? null };
  const message = parsed.error.issues[0]?.message ?? 'Solicitud inválida.';
  return { ok: false as const, error: validationFailed(message, [{ path: 'note', message }]) };
}

export const candidateQueries: Pick<
  QueryResolvers<Context>,
  'candidates' | 'candidate' | 'candidatesByVacancy' | 'candidateHistory'
> = {
  async candidates(_p, { page, pageSize, state, search, sort, order, tagIds }, ctx) {
    const s = state ?? null;
    if (s === 'contratado' || s === 'rechazado')
      throw gqlError('BAD_USER_INPUT', 'Los candidatos contratados y rechazados están en el historial.');
    return pageOf(
      await ctx.candidates.list({
        list: 'ACTIVE',
        page: Math.max(page ?? 1, 1),
        pageSize: clamp(pageSize, 10),
        state: s,
        search,
        sort: sortOf(sort, order),
        tagIds: tagIdsOf(tagIds),
      }),
    );
  },

  candidate: (_p, { id }, ctx) => ctx.candidates.get(id),

  async candidatesByVacancy(_p, { vacancyId, page, pageSize, search, tagIds }, ctx) {
    return pageOf(
      await ctx.candidates.list({
        list: 'VACANCY',
        vacancyId,
        page: Math.max(page ?? 1, 1),
        pageSize: clamp(pageSize, 5),
        search,
        tagIds: tagIdsOf(tagIds),
      }),
    );
  },

  async candidateHistory(_p, { tab, candidateSearch, positionSearch, page, pageSize }, ctx) {
    return pageOf(
      await ctx.candidates.list({
        list: 'HISTORY',
        state: tab === 'HIRED' ? 'contratado' : tab === 'REJECTED' ? 'rechazado' : null,
        candidateSearch,
        positionSearch,
        page: Math.max(page ?? 1, 1),
        pageSize: clamp(pageSize, 5),
      }),
    );
  },
};

export const candidateMutations: Pick<
  MutationResolvers<Context>,
  | 'startFollowUp'
  | 'changeCandidateState'
  | 'moveToInduction'
  | 'hireCandidate'
  | 'rejectCandidate'
  | 'reactivateCandidate'
  | 'deleteCandidate'
> = {
  startFollowUp: (_p, { id, expectedState }, ctx) =>
    change(ctx, id, { to: 'en seguimiento', expected: expectedState ?? null }, { failed: M.followUpFailed }),

  async changeCandidateState(_p, { id, state, note, expectedState }, ctx) {
    const to = state;
    const checked = noteOrFailure(note);
    if (!checked.ok) return { candidate: null, emailQueued: false, error: checked.error };
    // A hire needs its dialog (place, date, time): through hireCandidate only.
    if (to === 'contratado')
      return {
        candidate: null,
        emailQueued: false,
        error: validationFailed(M.hireFieldsRequired, [{ path: 'state', message: M.hireFieldsRequired }]),
      };
    return change(ctx, id, { to, note: checked.note, expected: expectedState ?? null }, { failed: M.changeFailed });
  },

  moveToInduction: (_p, { id, expectedState }, ctx) =>
    change(
      ctx,
      id,
      { to: 'inducción', expected: expectedState ?? null },
      {
        failed: M.changeFailed,
        refusal: (current) => (current === 'inducción' ? M.alreadyInInduction : null),
      },
    ),

  async hireCandidate(_p, { id, date, time, place, force, expectedState }, ctx) {
    const parsed = hireSchema.safeParse({ date, time, place });
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }));
      return {
        candidate: null,
        emailQueued: false,
        error: validationFailed(fields[0]?.message ?? M.hireFieldsRequired, fields),
      };
    }
    return change(
      ctx,
      id,
      {
        to: 'contratado',
        hire: parsed.data,
        force: force === true,
        expected: expectedState ?? null,
      },
      { failed: M.hireFailed, refusal: hireRefusal },
    );
  },

  async rejectCandidate(_p, { id, observation, expectedState }, ctx) {
    const parsed = rejectSchema.safeParse({ observation: observation ?? undefined });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? M.rejectFailed;
      return {
        candidate: null,
        emailQueued: false,
        error: validationFailed(message, [{ path: 'observation', message }]),
      };
    }
    return change(
      ctx,
      id,
      { to: 'rechazado', note: parsed.data.observation ?? null, expected: expectedState ?? null },
      { failed: M.rejectFailed },
    );
  },

  async reactivateCandidate(_p, { id }, ctx) {
    const r = await ctx.candidates.reactivate(id, actorOf(ctx));
    return payloadOf(ctx, id, null, r, { failed: M.reactivateFailed });
  },

  async deleteCandidate(_p, { id }, ctx) {
    const r = await ctx.candidates.delete(id);
    if (r.ok) return { ok: true, error: null };
    return {
      ok: false,
      error: mutationError(r.failure, { failed: M.deleteFailed, notFound: M.notFound, preferApiMessage: true }),
    };
  },
};

/** The detail part of a candidate: as given, or loaded once per request for a list row. */
async function detailOf(c: CandidateDto, ctx: Context): Promise<CandidateDetailDto | null> {
  if (c.detail) return c.detail;
  return (await ctx.loaders.candidates.load(c.id))?.detail ?? null;
}

const staffName = async (ctx: Context, userId: string | null) =>
  userId ? ((await ctx.loaders.users.load(userId))?.name ?? null) : null;

export const Candidate: CandidateResolvers<Context> = {
  tests: (c, _a, ctx) => ctx.assignedTests.list(c.id),
  state: (c) => c.state,
  dpi: async (c, _a, ctx) => (await detailOf(c, ctx))?.dpi ?? null,
  address: async (c, _a, ctx) => (await detailOf(c, ctx))?.address ?? null,
  age: async (c, _a, ctx) => (await detailOf(c, ctx))?.age ?? null,
  maritalStatus: async (c, _a, ctx) => (await detailOf(c, ctx))?.maritalStatus ?? null,
  educationLevel: async (c, _a, ctx) => (await detailOf(c, ctx))?.educationLevel ?? null,
  studying: async (c, _a, ctx) => (await detailOf(c, ctx))?.studying ?? null,
  availableImmediately: async (c, _a, ctx) => (await detailOf(c, ctx))?.availableImmediately ?? null,
  salaryExpectation: async (c, _a, ctx) => (await detailOf(c, ctx))?.salaryExpectation ?? null,
  negotiable: async (c, _a, ctx) => (await detailOf(c, ctx))?.negotiable ?? null,
  experiences: async (c, _a, ctx) => (await detailOf(c, ctx))?.experiences ?? [],
  references: async (c, _a, ctx) => (await detailOf(c, ctx))?.references ?? [],
  photo: async (c, _a, ctx) => (await detailOf(c, ctx))?.photo ?? null,
  documents: async (c, _a, ctx) => (await detailOf(c, ctx))?.documents ?? [],
  allowedStates: (c, _a, ctx) => allowedNext(c.state, ctx.viewer?.role, { beforeRejection: c.stateBeforeRejection }),
  interviews: async (c, _a, ctx) => (await ctx.interviews.forCandidate(c.id)).map(toInterview),
  async timeline(c, _a, ctx) {
    const t = await ctx.candidates.timeline(c.id);
    const events = [
      ...(await Promise.all(
        t.states.map(async (h) => ({
          __typename: 'StateChangeEvent' as const,
          at: h.at,
          from: h.from,
          to: h.to,
          by: await staffName(ctx, h.userId),
          note: h.note,
        })),
      )),
      ...t.emails.map((e) => ({ __typename: 'EmailEvent' as const, ...e })),
      ...(await Promise.all(
        t.accesses.map(async (a) => ({
          __typename: 'FileAccessEvent' as const,
          at: a.at,
          by: (await staffName(ctx, a.userId)) ?? (a.tokenName ? apiTokenActor(a.tokenName) : UNKNOWN_ACTOR),
          document: documentKindOf(a.type) ?? 'CURRICULUM',
        })),
      )),
      ...(await testEvents(ctx, t)),
      ...interviewEvents(await ctx.interviews.forCandidate(c.id)),
      ...(await Promise.all(
        t.documentRequests.map(async (d) => ({
          __typename: 'DocumentRequestEvent' as const,
          at: d.at,
          by: await staffName(ctx, d.userId),
          action: d.action,
          documents: d.documents,
          comment: d.comment,
        })),
      )),
      ...(await noteEvents(ctx, c.id)),
    ];
    // Oldest first; a state change comes before the e-mail it queued in the same instant.
    const rank = {
      StateChangeEvent: 0,
      InterviewEvent: 1,
      DocumentRequestEvent: 1,
      NoteEvent: 1,
      EmailEvent: 2,
      FileAccessEvent: 3,
      TestEvent: 4,
    } as const;
    return events.sort((a, b) => a.at.localeCompare(b.at) || rank[a.__typename] - rank[b.__typename]);
  },
};
