import { INTERVIEW_MESSAGES, TRANSITION_MESSAGES, canonicalState } from '@bolsa/domain';
import type { MutationResolvers, ResolversTypes } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { failureDetail, mutationError, notFound, validationFailed } from '../errors.js';
import { toInterview } from '../graph/interviews.js';
import type { ScheduleResult } from '../upstream/interviews.js';

const M = INTERVIEW_MESSAGES;

/** The domain schema's field names → InterviewInput's. */
const FIELD: Record<string, string> = {
  start: 'from',
  end: 'to',
  candidateEmail: 'candidateId',
  candidateName: 'candidateId',
};

type Payload = Awaited<ResolversTypes['InterviewPayload']>;

function errorOf(r: Exclude<ScheduleResult, { ok: true }>): Payload['error'] {
  switch (r.kind) {
    case 'invalid': {
      const path = r.field ? (FIELD[r.field] ?? r.field) : '';
      return validationFailed(r.message, [{ path, message: r.message }], M.checkData);
    }
    case 'unauthorised':
      return {
        __typename: 'NotAuthorisedOrganiser',
        title: r.title || M.unauthorizedTitle,
        message: r.message || M.unauthorized,
      };
    case 'not-found':
      return notFound(r.message ?? TRANSITION_MESSAGES.notFound);
    case 'not-allowed': {
      const state = canonicalState(r.state) ?? 'postulado';
      return {
        __typename: 'TransitionNotAllowed',
        message: r.message,
        state,
        allowed: r.allowed.flatMap((s) => {
          const c = canonicalState(s);
          return c ? [c] : [];
        }),
      };
    }
    case 'meeting':
      return { __typename: 'InterviewFailed', message: r.message, details: r.details };
    default: {
      const e = mutationError(r.failure, {
        failed: M.errorTitle,
        notFound: TRANSITION_MESSAGES.notFound,
        preferApiMessage: true,
      });
      if (e.__typename === 'OperationFailed' || e.__typename === 'Conflict')
        return {
          __typename: 'InterviewFailed',
          message: e.message,
          details: failureDetail(r.failure),
        };
      return e as Payload['error'];
    }
  }
}

export const interviewMutations: Pick<MutationResolvers<Context>, 'scheduleInterview'> = {
  /** The organiser is the session's staff e-mail (spec 3 §5), never a client-sent one. */
  async scheduleInterview(_p, { input }, ctx) {
    const none = { interview: null, meetingLink: null, candidate: null };
    const candidate = await ctx.candidates.get(input.candidateId);
    if (!candidate) return { ...none, error: notFound(TRANSITION_MESSAGES.notFound) };
    if (!candidate.email || candidate.dataErased)
      return {
        ...none,
        error: validationFailed(
          M.candidateEmailInvalid,
          [{ path: 'candidateId', message: M.candidateEmailInvalid }],
          M.checkData,
        ),
      };
    const viewer = ctx.viewer!;
    const r = await ctx.interviews.schedule(
      {
        candidateId: input.candidateId,
        candidateName: candidate.fullName,
        candidateEmail: candidate.email,
        mode: input.mode,
        date: input.date,
        from: input.from,
        to: input.to,
        participants: input.participants,
        observations: input.observations ?? null,
        branchId: input.branchId ?? null,
        address: input.address ?? null,
        room: input.room ?? null,
        interviewer: input.interviewer ?? null,
        organiserEmail: viewer.kind === 'STAFF' ? viewer.email : '',
      },
      { userId: viewer.kind === 'STAFF' ? viewer.id : null, role: viewer.role },
    );
    if (!r.ok) return { ...none, error: errorOf(r) };
    return {
      interview: r.interview ? toInterview(r.interview) : null,
      meetingLink: r.meetingLink,
      candidate: await ctx.candidates.get(input.candidateId),
      error: null,
    };
  },
};
