/** The tags' public face: the routes app.ts mounts. */
export { tagRoutes } from './routes.js';
