/**
 * The pipeline area's public face: THE state change (and its refusal, as every route answers it),
 * what the other areas read of a candidate in the pipeline, and the routes app.ts mounts.
 */
export { candidateListQueryOf, pipelineRoutes, PIPELINE_MESSAGES } from './routes.js';
export {
  candidateIdsInOrder,
  candidatesByIds,
  changeStateIn,
  findCandidate,
  listCandidates,
  matchingCandidateIds,
  stateOf,
  type Actor,
  type PipelineDeps,
  type StateChangeOutcome,
} from './service.js';
export { existingStaffId, lockCandidate } from './repository.js';
export type { CandidateListQuery } from './list-repository.js';
export { stateChangeRefusal, transitionFields, type RefusedChange, type RefusedTransition } from './refusal.js';
