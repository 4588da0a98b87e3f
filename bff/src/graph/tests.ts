import type { Context } from '../context.js';
import type { TimelineDto } from '../normalise/timeline.js';

/** The timeline's TestEvent members (Candidate.timeline merges them by time). */
export async function testEvents(ctx: Context, t: TimelineDto) {
  return Promise.all(
    t.tests.map(async (e) => ({
      __typename: 'TestEvent' as const,
      at: e.at,
      by: e.userId ? ((await ctx.loaders.users.load(e.userId))?.name ?? null) : null,
      action: e.action,
      testName: e.testName,
    })),
  );
}
