/** The e-mail templates' public face (issue 24): the routes app.ts mounts. The outbox renders with the current versions itself (mail/current-template.ts). */
export { emailTemplateRoutes } from './routes.js';
