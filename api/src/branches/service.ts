/*
 * Each operation of this area is one statement with no rule beyond the route's input checks,
 * so the service passes the repository's functions through; routes still import only the
 * service, so a rule added later has one obvious place.
 */
export { listBranches } from './repository.js';
