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
/** Candidate photos decoded with the pixel limit and kept as a bounded JPEG (issue 22). */
export { boundedPhoto, isBoundedPhoto, type PhotoOutcome } from './photo.js';
