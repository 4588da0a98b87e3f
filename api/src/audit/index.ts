// The audit log (issue 24, item 2). Other areas record through `recordAudit`, in their own transaction.
export {
  anchorsFromLog,
  auditCutoff,
  auditHead,
  publishAuditAnchor,
  recordAudit,
  purgeAudit,
  verifyAudit,
  type AuditEntry,
} from './service.js';
export { auditRoutes } from './routes.js';
export {
  auditRequestMiddleware,
  currentAuditRequest,
  ACTOR_HEADER,
  ADDRESS_HEADER,
  type AuditActor,
} from './context.js';
