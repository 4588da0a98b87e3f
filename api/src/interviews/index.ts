/** The interviews area's public face: what the pipeline's timeline and the candidate's profile read. */
export { findInterviews, latestFor, type InterviewJson } from './repository.js';
