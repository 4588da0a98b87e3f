import { can } from '@bolsa/domain';
import type { Context } from '../context.js';
import { gqlError } from '../errors.js';
import type { ActorRef } from '../upstream/candidates.js';

/**
 * What resolvers of several GraphQL types need to know about the session (shared here so no
 * resolver imports another).
 */

/** The session's user and effective role, as the api's actor fields. */
export const actorOf = (ctx: Context): ActorRef => ({
  userId: ctx.viewer?.kind === 'STAFF' ? ctx.viewer.id : null,
  role: ctx.viewer!.role,
});

/** The session's own candidate user id: the only one the candidate's own fields ever name. */
export function ownUserId(ctx: Context): string {
  const v = ctx.viewer;
  if (!v) throw gqlError('UNAUTHENTICATED');
  if (v.kind !== 'CANDIDATE' || !can(v.role, 'candidate.ownProfile')) throw gqlError('FORBIDDEN');
  return v.id;
}
