import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { sql } from 'kysely';
import { adminEmailRoutes } from './admin-emails/routes.js';
import { apiTokenRoutes } from './api-tokens/routes.js';
import { auditRequestMiddleware, auditRoutes } from './audit/index.js';
import { applicationRoutes } from './applications/routes.js';
import { assessmentRoutes } from './assessments/routes.js';
import { assignedTestRoutes } from './assigned-tests/routes.js';
import { branchRoutes } from './branches/routes.js';
import { pipelineRoutes } from './pipeline/index.js';
import { bulkActionRoutes } from './bulk-actions/routes.js';
import { exportRoutes } from './exports/index.js';
import { candidateRoutes } from './candidates/routes.js';
import type { Db } from './db/database.js';
import { errorHandler, MESSAGES, notFoundHandler } from './errors.js';
import type { FileStore } from './storage/index.js';
import { fileRoutes } from './files/routes.js';
import { geographyRoutes } from './geography/routes.js';
import { primePasswords } from './passwords.js';
import { profileRoutes } from './profiles/routes.js';
import { reportRoutes } from './reports/routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { userRoutes } from './users/routes.js';
import { vacancyRoutes } from './vacancies/routes.js';
import { interviewRoutes } from './interviews/routes.js';
import { documentRequestRoutes } from './document-requests/routes.js';
import { idempotency } from './idempotency/index.js';
import { noteRoutes } from './notes/index.js';
import { scorecardRoutes } from './scorecards/index.js';
import { emailTemplateRoutes } from './email-templates/index.js';
import { tagRoutes } from './tags/index.js';
import { retentionRoutes } from './retention/index.js';
import { RETENTION_DEFAULTS, type RetentionPolicy } from '@bolsa/domain';
import { templateMeetings } from './interviews/meetings.js';
import { defaultLogger, Readiness, requestLogging, type ApiMetrics, type Logger } from './observability/index.js';
import type { MeetingProvider } from './interviews/service.js';

export interface AppDeps {
  db: Db;
  files: FileStore;
  serviceToken: string;
  /** Also accepted while SERVICE_TOKEN is rotated (SERVICE_TOKEN_PREVIOUS). */
  previousServiceToken?: string;
  /** Staff e-mails must end in @orgEmailDomain (default 'ejemplo.org.gt'). */
  orgEmailDomain?: string;
  /** One line per request: method, route, status, ms, request id (API_LOG). Errors are logged either way. */
  log?: boolean;
  /** pino; default: the process's logger from LOG_LEVEL/LOG_PRETTY. */
  logger?: Logger;
  /** Request durations for Prometheus. */
  metrics?: ApiMetrics;
  /** GET /internal/readyz; default: database and migrations checked, never draining. */
  readiness?: Readiness;
  /** The site's public address, for links in e-mails (default http://localhost:4000). */
  publicUrl?: string;
  /** Creates virtual interview meetings: Microsoft Graph when configured, else VIRTUAL_MEETING_URL. */
  meetings?: MeetingProvider;
  /** Retention (issue 24): the policy (default RETENTION_DEFAULTS) and the clock (tests move it). */
  retention?: { policy: RetentionPolicy; now: () => Date };
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

function presentedToken(authorization: string | undefined, header: string | undefined): string | null {
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return bearer ?? header?.trim() ?? null;
}

function requireServiceToken(tokens: (string | undefined)[]): RequestHandler {
  // Comparing fixed-length digests keeps timingSafeEqual from leaking the token's length.
  const expected = tokens.filter((t): t is string => !!t).map(digest);
  return (req, res, next) => {
    const given = presentedToken(req.get('authorization'), req.get('x-service-token'));
    const mine = given ? digest(given) : null;
    // Every accepted token is compared, so the time taken does not say which one matched.
    const matches = mine ? expected.map((e) => timingSafeEqual(mine, e)) : [];
    if (matches.includes(true)) {
      next();
      return;
    }
    res.status(401).json({ message: MESSAGES.unauthorized });
  };
}

export function createApp(deps: AppDeps): Express {
  const { db, files, serviceToken } = deps;
  if (serviceToken.length < 16) throw new Error('El token de servicio debe tener al menos 16 caracteres');
  const logger = deps.logger ?? defaultLogger();
  const readiness = deps.readiness ?? new Readiness(db);
  // The dummy hash that unknown-account logins verify against, ready before the first login.
  primePasswords();

  const app = express();
  app.disable('x-powered-by');
  // The BFF owns HTTP caching; hashing every list body for an ETag nobody sends back is wasted work.
  app.set('etag', false);

  app.use(requestLogging({ logger, lines: deps.log ?? false, metrics: deps.metrics }));

  // Liveness of the process alone, without the database: what the BFF probes when a call is slow, so
  // that a busy database (a queue of slow queries) is not taken for a dead api.
  app.get('/livez', (_req, res) => {
    res.json({ ok: true });
  });
  // Health: the process answers and reaches its database (the Docker HEALTHCHECK, start.mjs).
  app.get('/healthz', async (_req, res) => {
    try {
      await sql`select 1`.execute(db);
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false });
    }
  });
  // Readiness: send traffic here (database, migrations applied, not shutting down). No token, like /healthz.
  app.get('/internal/readyz', async (_req, res) => {
    const report = await readiness.check();
    res.setHeader('Cache-Control', 'no-store');
    res.status(report.ok ? 200 : 503).json(report);
  });

  app.use(requireServiceToken([serviceToken, deps.previousServiceToken]));
  // Past the token: the actor and address headers are the BFF's, and every audit row of the request uses them.
  app.use(auditRequestMiddleware);
  app.use(express.json({ limit: '1mb' }));
  // A write retried with the same Idempotency-Key runs once (docs/decisions/2026-11-29-idempotent-writes.md).
  app.use(idempotency(db, logger, { secret: serviceToken }));

  app.use(geographyRoutes(db));
  app.use(branchRoutes(db));
  app.use(vacancyRoutes(db, files));
  app.use(fileRoutes({ db, files }));
  app.use(candidateRoutes({ db, files }));
  app.use(pipelineRoutes({ db, files, publicUrl: deps.publicUrl ?? 'http://localhost:4000' }));
  app.use(bulkActionRoutes({ db, files, publicUrl: deps.publicUrl ?? 'http://localhost:4000' }));
  app.use(assignedTestRoutes({ db, files, publicUrl: deps.publicUrl ?? 'http://localhost:4000' }));
  app.use(documentRequestRoutes({ db, files, publicUrl: deps.publicUrl ?? 'http://localhost:4000' }));
  app.use(
    interviewRoutes({
      db,
      files,
      publicUrl: deps.publicUrl ?? 'http://localhost:4000',
      orgEmailDomain: deps.orgEmailDomain ?? 'ejemplo.org.gt',
      meetings: deps.meetings ?? templateMeetings(),
    }),
  );
  app.use(profileRoutes({ db, files }));
  app.use(applicationRoutes({ db, files, publicUrl: deps.publicUrl ?? 'http://localhost:4000' }));
  app.use(userRoutes(db, deps.orgEmailDomain ?? 'ejemplo.org.gt'));
  app.use(apiTokenRoutes(db));
  app.use(sessionRoutes(db));
  app.use(assessmentRoutes(db, files));
  app.use(adminEmailRoutes(db, deps.orgEmailDomain ?? 'ejemplo.org.gt'));
  app.use(reportRoutes(db));
  app.use(exportRoutes(db));
  app.use(noteRoutes(db));
  app.use(scorecardRoutes(db));
  app.use(emailTemplateRoutes(db));
  app.use(tagRoutes(db));
  app.use(auditRoutes(db));
  app.use(
    retentionRoutes({
      db,
      files,
      policy: deps.retention?.policy ?? RETENTION_DEFAULTS,
      now: deps.retention?.now ?? (() => new Date()),
    }),
  );

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
