/**
 * The users area's public face: the administrator the `create-admin` command creates or resets.
 * (app.ts, the composition root, mounts routes.ts itself.)
 */
export { upsertAdministrator } from './service.js';
