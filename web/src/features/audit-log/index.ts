// What the router may use of the audit log (architecture principle 9: only through this file).
export { AuditLogPage } from './AuditLogPage';
