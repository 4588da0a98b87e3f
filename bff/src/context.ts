import type { RoleId } from '@bolsa/domain';
import type { ProofOfWorkService } from './auth/altcha.js';
import type { CaptchaService } from './auth/captcha.js';
import type { Sessions } from './auth/session.js';
import type { SharedStore } from './auth/store.js';
import type { LoginThrottle } from './auth/throttle.js';
import type { TokenRateLimit } from './auth/token-limit.js';
import type { Viewer } from './auth/viewer.js';
import type { Config } from './config.js';
import type { Loaders } from './loaders.js';
import type { DataExports } from './files/data-exports.js';
import type { Uploads } from './uploads/routes.js';
import type { AccountsClient } from './upstream/accounts.js';
import type { AdminEmailsClient } from './upstream/admin-emails.js';
import type { AuditLogClient } from './upstream/audit-log.js';
import type { ApplicationsClient } from './upstream/applications.js';
import type { ApiTokensClient } from './upstream/api-tokens.js';
import type { AssignedTestsClient } from './upstream/assigned-tests.js';
import type { CandidatesClient } from './upstream/candidates.js';
import type { BulkActionsClient } from './upstream/bulk-actions.js';
import type { CatalogueClient } from './upstream/catalogue.js';
import type { DocumentRequestsClient } from './upstream/document-requests.js';
import type { ExportsClient } from './upstream/exports.js';
import type { FilesClient } from './upstream/files.js';
import type { InterviewsClient } from './upstream/interviews.js';
import type { NotesTagsClient } from './upstream/notes-tags.js';
import type { ScorecardsClient, VacancyCriteriaClient } from './upstream/scorecards.js';
import type { EmailTemplatesClient } from './upstream/email-templates.js';
import type { RetentionClient } from './upstream/retention.js';
import type { Upstream } from './upstream/http.js';
import type { ProfilesClient } from './upstream/profiles.js';
import type { ReportsClient } from './upstream/reports.js';
import type { StaffUsersClient } from './upstream/staff-users.js';
import type { TestTemplatesClient } from './upstream/test-templates.js';
import type { VacanciesClient } from './upstream/vacancies.js';

/**
 * Long-lived services shared by every request of one BFF process. This module only names types;
 * nothing it imports imports it back (the clients and loaders take exactly what they use).
 */
export interface Services {
  config: Config;
  http: Upstream;
  vacancies: VacanciesClient;
  catalogue: CatalogueClient;
  accounts: AccountsClient;
  staffUsers: StaffUsersClient;
  apiTokens: ApiTokensClient;
  testTemplates: TestTemplatesClient;
  adminEmails: AdminEmailsClient;
  files: FilesClient;
  applications: ApplicationsClient;
  candidates: CandidatesClient;
  /** Bulk state changes (issue 23). */
  bulkActions: BulkActionsClient;
  assignedTests: AssignedTestsClient;
  profiles: ProfilesClient;
  interviews: InterviewsClient;
  reports: ReportsClient;
  /** Candidate-list exports and their log (issue 23). */
  exports: ExportsClient;
  documentRequests: DocumentRequestsClient;
  /** Notes and tags on candidates (issue 23). */
  notesTags: NotesTagsClient;
  /** The audit log (issue 24). */
  auditLog: AuditLogClient;
  /** E-mail templates (issue 24). */
  emailTemplates: EmailTemplatesClient;
  /** Retention of personal data (issue 24). */
  retention: RetentionClient;
  /** Interview scorecards (issue 24). */
  scorecards: ScorecardsClient;
  /** A vacancy's scorecard criteria (issue 24). */
  vacancyCriteria: VacancyCriteriaClient;
  /** One-time links to the 'Mis datos' archive. */
  dataExports: DataExports;
  sessions: Sessions;
  captcha: CaptchaService;
  /** The accessible alternative to the image captcha (an ALTCHA proof of work). */
  proofOfWork: ProofOfWorkService;
  throttle: LoginThrottle;
  /** Requests per API token (integrators). */
  tokenLimit: TokenRateLimit;
  /** Sessions, counters and spent tokens shared by every replica (api database or Redis). */
  store: SharedStore;
  uploads: Uploads;
}

/** A session just proved by a password, as `ContextSession.start` takes it. */
export interface SessionStart {
  kind: 'staff' | 'candidate';
  uid: string;
  role: RoleId;
  real: RoleId;
  name: string;
  email: string;
}

/** What a resolver may do to the browser's session: start one (sets the cookie) or end it (clears it). */
export interface ContextSession {
  start(s: SessionStart): Promise<Viewer | null>;
  end(): Promise<void>;
}

/**
 * What a resolver gets: the services (not the raw HTTP client, not the session machinery), the
 * viewer, loaders and small purpose-built capabilities — never Express's request or response.
 */
export interface Context extends Omit<Services, 'http' | 'sessions'> {
  viewer: Viewer | null;
  requestId: string;
  loaders: Loaders;
  /** The client's address, for throttling (Express's `req.ip`, which honours TRUST_PROXY). */
  clientAddress: string;
  /** The guest applicant's cookie id, when this browser has one. */
  guestOwner: string | null;
  session: ContextSession;
  /** Whether the api answers its health check. */
  apiHealthy(): Promise<boolean>;
  /** Sets the answer's Retry-After header: a refusal that says when to try again (seconds). */
  retryAfter(seconds: number): void;
}
