// Retention of candidates' personal data (issue 24, item 3).
export {
  retentionPreview,
  retentionRuns,
  runRetention,
  startRetentionJob,
  RETENTION_NOTICE_MAIL,
  type RetentionDeps,
  type RetentionJob,
} from './service.js';
export { retentionRoutes } from './routes.js';
