/**
 * The files area's public face: files staged from a form (uploaded before the form is sent) as the
 * areas whose forms carry them use them, and the start-up sweep forgets the stale ones.
 */
export {
  addStagedToForm,
  findStaged,
  forgetOldStaged,
  releaseStaged,
  STAGED_GONE,
  stagedRefs,
  stagedUsed,
  type StagedRef,
} from './staged.js';
