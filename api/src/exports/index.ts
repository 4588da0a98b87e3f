/** The exports area's public face: the routes app.ts mounts. */
export { exportRoutes } from './routes.js';
