// What other features may use of the session (architecture principle 9: only through this file).
export { SessionProvider, useSession, type SessionViewer, type Session } from './SessionProvider';
export { roleLabel } from './roles';
export { useStaffRole, type StaffPermissions } from './use-staff-role';
export { storeRedirectAfterLogin, REDIRECT_KEY } from './redirect';
export { sessionExpiryLink } from './session-events';
export { VIEWER_FIELDS } from './operations';
