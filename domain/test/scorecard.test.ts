import { describe, expect, it } from 'vitest';
import {
  criteriaOf,
  DEFAULT_SCORECARD_CRITERIA,
  formatScore,
  SCORECARD_MESSAGES as M,
  scorecardCriteriaSchema,
  scorecardOpen,
  scorecardSchema,
  summariseScorecards,
} from '../src/scorecard.js';

describe('interview scorecards (issue 24)', () => {
  it('rates exactly the criteria, 1–5, with a recommendation; every problem at once', () => {
    const s = scorecardSchema(['A', 'B']);
    expect(
      s.parse({
        ratings: [
          { criterion: ' B ', score: 2 },
          { criterion: 'A', score: 5 },
        ],
        recommendation: 'DUDOSO',
        comments: '  ',
      }),
    ).toEqual({
      ratings: [
        { criterion: 'A', score: 5 },
        { criterion: 'B', score: 2 },
      ],
      recommendation: 'DUDOSO',
      comments: null,
    });
    const bad = s.safeParse({ ratings: [{ criterion: 'A', score: 0 }], recommendation: 'TAL_VEZ' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      M.ratingInvalid,
      M.ratingRequired('B'),
      M.recommendationRequired,
    ]);
    expect(
      s.safeParse({ ratings: [], recommendation: 'CONTRATAR', comments: 'x'.repeat(2001) }).error!.issues.at(-1)!
        .message,
    ).toBe(M.commentsTooLong);
  });

  it('averages per criterion and overall, counting recommendations; older criteria after the current ones', () => {
    expect(
      summariseScorecards(
        ['A', 'B'],
        [
          {
            ratings: [
              { criterion: 'A', score: 5 },
              { criterion: 'B', score: 4 },
            ],
            recommendation: 'CONTRATAR',
          },
          {
            ratings: [
              { criterion: 'A', score: 2 },
              { criterion: 'Z', score: 3 },
            ],
            recommendation: 'NO_CONTRATAR',
          },
        ],
      ),
    ).toEqual({
      count: 2,
      criteria: [
        { criterion: 'A', average: 3.5 },
        { criterion: 'B', average: 4 },
        { criterion: 'Z', average: 3 },
      ],
      overall: 3.5,
      recommendations: { CONTRATAR: 1, NO_CONTRATAR: 1, DUDOSO: 0 },
    });
    expect(summariseScorecards(['A'], []).overall).toBeNull();
    expect(formatScore(null)).toBe('—');
  });

  it('opens at the start on Guatemala time; empty criteria = the default set; a vacancy list is checked', () => {
    // 2026-11-27 10:00 in Guatemala is 16:00 UTC.
    expect(scorecardOpen({ date: '2026-11-27', start: '10:00' }, new Date('2026-11-27T15:59:00Z'))).toBe(false);
    expect(scorecardOpen({ date: '2026-11-27', start: '10:00' }, new Date('2026-11-27T16:00:00Z'))).toBe(true);
    expect(criteriaOf([])).toEqual([...DEFAULT_SCORECARD_CRITERIA]);
    expect(criteriaOf(['Inglés'])).toEqual(['Inglés']);
    expect(scorecardCriteriaSchema.parse([' Inglés   técnico '])).toEqual(['Inglés técnico']);
    expect(scorecardCriteriaSchema.safeParse(['Inglés', 'INGLÉS']).error!.issues[0]!.message).toBe(M.criteriaRepeated);
    expect(scorecardCriteriaSchema.safeParse(Array.from({ length: 11 }, (_, i) => `C${i}`)).success).toBe(false);
  });
});
