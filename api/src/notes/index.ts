/** The notes' public face: the routes app.ts mounts. */
export { noteRoutes } from './routes.js';
