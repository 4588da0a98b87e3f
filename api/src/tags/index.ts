/** The tags' public face: the routes app.ts mounts. */
export { tagRoutes } from './routes.js';
/** The one rule of a tag change, for the bulk action (issue 23). */
export { auditTagChange, changeTagsIn, unknownTagIds, type TagChange, type TagChangeOutcome } from './service.js';
