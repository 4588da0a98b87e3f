/**
 * The profiles area's public face: the candidate's starting profile (registration), the profile
 * files other areas read or replace (applications, document requests, the pipeline's file check).
 */
// Applications anonymised (issue 24): the candidate's own erasure and the retention policy share it.
export { anonymiseApplications } from './repository.js';
export {
  insertProfileFile,
  insertStartingProfile,
  keyInUse,
  listProfileFiles,
  lockAccount,
} from './profile-repository.js';
export {
  checkFiles,
  discardWritten,
  PROFILE_PARTS,
  removeUnused,
  replaceProfileFiles,
  storeNewFiles,
  type CheckedFile,
  type FieldIssue,
  type ProfilePart,
} from './profile-files.js';
