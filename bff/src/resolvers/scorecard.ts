import {
  can,
  SCORECARD_MESSAGES,
  SCORECARD_RECOMMENDATIONS,
  scorecardCriteriaSchema,
  scorecardSchema,
} from '@bolsa/domain';
import type { InterviewResolvers, MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { conflict, mutationError, notFound, validationFailed } from '../errors.js';
import { toInterview, type InterviewModel } from '../graph/interviews.js';
import { actorOf } from '../graph/viewer.js';
import type { InterviewScorecardsDto, ScorecardDto } from '../normalise/scorecard.js';

const M = SCORECARD_MESSAGES;

/** A candidate's interviews with their cards, read once per request (every Interview of the detail). */
const perRequest = new WeakMap<Context, Map<string, Promise<InterviewScorecardsDto[]>>>();

function cardsOf(ctx: Context, candidateId: string): Promise<InterviewScorecardsDto[]> {
  let byCandidate = perRequest.get(ctx);
  if (!byCandidate) perRequest.set(ctx, (byCandidate = new Map()));
  let p = byCandidate.get(candidateId);
  if (!p) byCandidate.set(candidateId, (p = ctx.scorecards.forCandidate(candidateId)));
  return p;
}

async function entryOf(ctx: Context, i: InterviewModel): Promise<InterviewScorecardsDto> {
  const found = (await cardsOf(ctx, i.candidateId)).find((e) => e.interviewId === i.id);
  return (
    found ?? {
      interviewId: i.id,
      criteria: [],
      evaluators: [],
      open: false,
      scorecards: [],
      summary: {
        count: 0,
        criteria: [],
        overall: null,
        recommendations: { CONTRATAR: 0, NO_CONTRATAR: 0, DUDOSO: 0 },
      },
    }
  );
}

const viewerId = (ctx: Context): string | null => (ctx.viewer?.kind === 'STAFF' ? ctx.viewer.id : null);

/** Scorecard of the schema, for this viewer. */
const cardOf = (ctx: Context, c: ScorecardDto) => ({
  id: c.id,
  interviewId: c.interviewId,
  author: c.author,
  ratings: c.ratings,
  recommendation: c.recommendation,
  comments: c.comments,
  createdAt: c.createdAt,
  editedAt: c.editedAt,
  mine: c.authorId !== null && c.authorId === viewerId(ctx),
});

/** Interview's scorecard fields (issue 24): every staff role reads them. */
export const InterviewScorecardFields: InterviewResolvers<Context> = {
  scorecards: async (i, _a, ctx) => (await entryOf(ctx, i)).scorecards.map((c) => cardOf(ctx, c)),
  scorecardSummary: async (i, _a, ctx) => {
    const s = (await entryOf(ctx, i)).summary;
    return {
      count: s.count,
      criteria: s.criteria,
      overall: s.overall,
      recommendations: SCORECARD_RECOMMENDATIONS.map((r) => ({ recommendation: r, count: s.recommendations[r] })),
    };
  },
  scorecardCriteria: async (i, _a, ctx) => (await entryOf(ctx, i)).criteria,
  scorecardOpen: async (i, _a, ctx) => (await entryOf(ctx, i)).open,
  viewerCanScore: async (i, _a, ctx) => {
    const me = viewerId(ctx);
    if (!me || !can(ctx.viewer?.role, 'interview.scorecard')) return false;
    return (await entryOf(ctx, i)).evaluators.includes(me);
  },
};

export const scorecardQueries: Pick<QueryResolvers<Context>, 'vacancyScorecardCriteria'> = {
  vacancyScorecardCriteria: async (_p, { vacancyId }, ctx) => (await ctx.vacancyCriteria.get(vacancyId)) ?? [],
};

export const scorecardMutations: Pick<MutationResolvers<Context>, 'submitScorecard' | 'setVacancyScorecardCriteria'> = {
  async setVacancyScorecardCriteria(_p, { vacancyId, criteria }, ctx) {
    const parsed = scorecardCriteriaSchema.safeParse(criteria);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? M.criterionEmpty;
      return { criteria: null, error: validationFailed(message, [{ path: 'criteria', message }]) };
    }
    const r = await ctx.vacancyCriteria.set(vacancyId, parsed.data, actorOf(ctx));
    if (!r.ok)
      return {
        criteria: null,
        error: mutationError(r.failure, {
          failed: M.criteriaFailed,
          notFound: 'Plaza no encontrada',
          preferApiMessage: true,
        }),
      };
    return { criteria: r.value, error: null };
  },

  async submitScorecard(_p, { input }, ctx) {
    const none = { scorecard: null, interview: null };
    const comments = input.comments ?? null;
    // The api checks the interview's own criteria; here only the shape (1–5, a recommendation, the comments' length).
    const criteria = input.ratings.map((r) => r.criterion.trim());
    const parsed = scorecardSchema(criteria).safeParse({
      ratings: input.ratings.map((r) => ({ criterion: r.criterion.trim(), score: r.score })),
      recommendation: input.recommendation,
      comments,
    });
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return { ...none, error: validationFailed(fields[0]?.message ?? M.ratingInvalid, fields) };
    }
    const r = await ctx.scorecards.submit(
      {
        interviewId: input.interviewId,
        ratings: parsed.data.ratings.map((x) => ({ criterion: x.criterion, score: x.score })),
        recommendation: parsed.data.recommendation,
        comments: parsed.data.comments,
      },
      actorOf(ctx),
    );
    if (!r.ok) {
      const f = r.failure;
      // Not a participant, or role 3: the api's Spanish reason, as a Conflict (like someone else's note).
      if (f.kind === 'forbidden') return { ...none, error: conflict(f.message ?? M.notParticipant) };
      if (f.kind === 'invalid') {
        const message = f.message ?? M.ratingInvalid;
        return { ...none, error: validationFailed(message, [{ path: 'ratings', message }]) };
      }
      if (f.kind === 'not-found') return { ...none, error: notFound(f.message ?? M.interviewNotFound) };
      return {
        ...none,
        error: mutationError(f, { failed: M.failed, conflict: M.notStarted, preferApiMessage: true }),
      };
    }
    perRequest.get(ctx)?.delete(r.value.candidateId);
    const interview = (await ctx.interviews.forCandidate(r.value.candidateId)).find(
      (i) => i.id === r.value.card.interviewId,
    );
    return {
      scorecard: cardOf(ctx, r.value.card),
      interview: interview ? toInterview(interview) : null,
      error: null,
    };
  },
};
