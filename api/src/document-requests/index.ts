/** The document requests' public face: their events on the pipeline's timeline. */
export { findRequestEvents } from './repository.js';
