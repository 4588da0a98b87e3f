/** The assigned tests' public face: their events on the pipeline's timeline. */
export { findTestEvents } from './repository.js';
