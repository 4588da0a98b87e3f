import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { skipUrlParseDeprecationCheck } from './url-parse-check.js';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import compression from 'compression';
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  validate,
  type GraphQLFormattedError,
  type ValidationContext,
} from 'graphql';
import { isStaffRole, SCHEMA_MESSAGES } from '@bolsa/domain';
import helmet from 'helmet';
import { BAD_REQUEST, errorForLog, jsonErrors, jsonNotFound, translateGraphQLError } from './client-errors.js';
import { applyAuthDirective } from './auth/directive.js';
import { describeAccess } from './schema-docs.js';
import type { Config } from './config.js';
import type { Services } from './context.js';
import { MESSAGES } from './errors.js';
import { resolvers } from './resolvers/index.js';
import { answerCache } from './answer-cache.js';
import { TrustedDocuments } from './trusted-documents.js';
import { AdminEmailsClient } from './upstream/admin-emails.js';
import { ApiTokensClient } from './upstream/api-tokens.js';
import { CatalogueClient } from './upstream/catalogue.js';
import { FilesClient } from './upstream/files.js';
import { StaffUsersClient } from './upstream/staff-users.js';
import { TestTemplatesClient } from './upstream/test-templates.js';
import { VacanciesClient } from './upstream/vacancies.js';
import { Upstream } from './upstream/http.js';
import { imagesRouter } from './files/images.js';
import { sameOriginOnly } from './auth/origin.js';
import { noSchemaButNullTypes, nullTypes } from './introspection-refusal.js';
import { ProofOfWorkService } from './auth/altcha.js';
import { CaptchaService } from './auth/captcha.js';
import { ApiStore } from './auth/api-store.js';
import { deriveKeys, loadRootSecret } from './auth/keys.js';
import { RedisStore } from './auth/redis-store.js';
import { SESSION_CACHE_DEFAULTS, SessionCache } from './auth/session-cache.js';
import { Sessions } from './auth/session.js';
import type { SharedStore } from './auth/store.js';
import { LoginThrottle } from './auth/throttle.js';
import { TokenRateLimit, tokenThrottled } from './auth/token-limit.js';
import { idempotencyKeyMiddleware, requestIdMiddleware, requestIdOf } from './request-id.js';
import { SessionsClient } from './upstream/sessions.js';
import { AssignedTestsClient } from './upstream/assigned-tests.js';
import { CandidatesClient } from './upstream/candidates.js';
import { BulkActionsClient } from './upstream/bulk-actions.js';
import { ApplicationsClient } from './upstream/applications.js';
import { AccountsClient } from './upstream/accounts.js';
import { Uploads } from './uploads/routes.js';
import { UploadBudget } from './uploads/budget.js';
import { testFilesRouter } from './files/tests.js';
import { candidateFilesRouter } from './files/candidates.js';
import { DataExports } from './files/data-exports.js';
import { InterviewsClient } from './upstream/interviews.js';
import { DocumentRequestsClient } from './upstream/document-requests.js';
import { NotesTagsClient } from './upstream/notes-tags.js';
import { ScorecardsClient, VacancyCriteriaClient } from './upstream/scorecards.js';
import { EmailTemplatesClient } from './upstream/email-templates.js';
import { RetentionClient } from './upstream/retention.js';
import { ProfilesClient } from './upstream/profiles.js';
import { ReportsClient } from './upstream/reports.js';
import { ExportsClient } from './upstream/exports.js';
import { AuditLogClient } from './upstream/audit-log.js';
import { reportsRouter } from './files/reports.js';
import { candidateExportsRouter } from './files/candidate-exports.js';
import { auditLogExportRouter } from './files/audit-log-export.js';
import { resolverContext, type ServerContext } from './resolver-context.js';
import { webRouter } from './files/web.js';
import {
  createBffMetrics,
  defaultLogger,
  instrument,
  operationMetrics,
  timedStore,
  type BffMetrics,
  type Logger,
  type TrustedPeer,
} from './observability/index.js';

export const SCHEMA_PATH = path.resolve(import.meta.dirname, '../../schema.graphql');

export function buildSchema() {
  const typeDefs = readFileSync(SCHEMA_PATH, 'utf8');
  return applyAuthDirective(describeAccess(makeExecutableSchema({ typeDefs, resolvers })));
}

/**
 * Expected errors keep their Spanish message, library ones are said in Spanish
 * (client-errors.ts); anything else is logged with the request's id and shown generically.
 */
function errorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const known = translateGraphQLError(formatted);
    if (known) return known;
    const requestId = (error as { extensions?: { requestId?: string } })?.extensions?.requestId;
    const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    logger.error({ reqId: requestId, path: formatted.path, err: errorForLog(original) }, 'error inesperado');
    return { message: MESSAGES.INTERNAL, path: formatted.path, extensions: { code: 'INTERNAL' } };
  };
}

/**
 * The session could not be looked up because the api (or Redis) is down: no operation can run,
 * so the whole answer is 503 Service Unavailable with the usual Spanish error, not Apollo's 500
 * for a failed context. Apollo reads the status from the error's `http` extension and strips it.
 */
function unavailableAs503(err: unknown): unknown {
  if (!(err instanceof GraphQLError) || err.extensions.code !== 'UPSTREAM_UNAVAILABLE') return err;
  return new GraphQLError(err.message, {
    extensions: { ...err.extensions, http: { status: 503, headers: new HeaderMap([['retry-after', '5']]) } },
  });
}

/** Tags unexpected resolver errors with the request id so the log line can be found. */
const requestIdPlugin: ApolloServerPlugin<ServerContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ contextValue, errors }) {
        for (const e of errors) {
          if (!e.extensions.code || e.extensions.code === 'INTERNAL_SERVER_ERROR') {
            (e.extensions as Record<string, unknown>).requestId = contextValue.requestId;
          }
        }
      },
    };
  },
};

/**
 * INTROSPECTION=staff (production with GraphiQL): the schema is read by staff sessions and API
 * tokens only. Anyone else asking for `__schema` or `__type` (anywhere in the document, fragments
 * included — graphql-js's own rule finds them) gets 401 (no session, no token) or 403 (a
 * candidate) before anything runs; `__typename` and ordinary queries are untouched.
 */
const introspectionForStaffOnly: ApolloServerPlugin<ServerContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ source, document, schema, contextValue }) {
        if (!/\b__(schema|type)\b/.test(source) || isStaffRole(contextValue.viewer?.realRole)) return;
        if (validate(schema, document, [NoSchemaIntrospectionCustomRule]).length === 0) return;
        throw contextValue.viewer
          ? new GraphQLError(SCHEMA_MESSAGES.staffOnly, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } })
          : new GraphQLError(SCHEMA_MESSAGES.signInToRead, {
              extensions: {
                code: 'UNAUTHENTICATED',
                http: { status: 401, headers: new HeaderMap([['www-authenticate', 'Bearer realm="bolsa"']]) },
              },
            });
      },
    };
  },
};

/**
 * helmet's headers with a Content-Security-Policy the SPA and GraphiQL run under (checked in
 * Chromium: no violation on /, /vacantes/{id}, the staff panel and /graphiql — e2e/csp.e2e.ts).
 * Styles need 'unsafe-inline': Mantine and GraphiQL (Monaco) set style attributes and inject
 * <style> at run time. Workers are GraphiQL's three Monaco workers, built files under /assets
 * (never blob: URLs); its fonts are data: URLs in its stylesheet.
 * No upgrade-insecure-requests: an intranet on plain HTTP must keep working.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Said below, and only over HTTPS: on plain HTTP it means nothing (RFC 6797 §7.2).
  strictTransportSecurity: false,
});

/**
 * HSTS only when the request came over HTTPS: TLS here, or X-Forwarded-Proto from a hop
 * TRUST_PROXY trusts (`req.secure`). A plain-HTTP intranet never gets it.
 */
function hstsOverHttps(req: Request, res: Response, next: NextFunction) {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}

/**
 * Express 5 leaves req.body unset when the content type is not JSON, and Apollo's Express
 * integration then answers a 500 in English; an empty body lets Apollo refuse it (400, Spanish).
 */
function ensureBody(req: Request, _res: Response, next: NextFunction) {
  if (req.body === undefined) req.body = {};
  next();
}

/**
 * /graphql answers GET and POST only; anything else is refused here rather than by a library.
 * Only /graphql itself: the mount would also hand /graphql/x to Apollo, which is no endpoint (404).
 */
function graphqlMethods(req: Request, res: Response, next: NextFunction) {
  if (req.path !== '/') return jsonNotFound(req, res);
  if (req.method === 'GET' || req.method === 'POST') return next();
  res.setHeader('Allow', 'GET, POST');
  res.status(405).json({ errors: [{ message: BAD_REQUEST, extensions: { code: 'BAD_REQUEST' } }] });
}

/** Armor rules throw by default, which Apollo turns into a 500; report them as validation errors. */
const reportInsteadOfThrow = {
  propagateOnRejection: false,
  onReject: [(ctx: ValidationContext | null, err: GraphQLError) => ctx?.reportError(err)],
};

/**
 * How long the BFF keeps an idle connection open. Node's default is 5 s: a client or proxy that
 * keeps its connections longer (a load balancer's 60 s, Playwright's request context, undici)
 * could send its next request on a socket the BFF was closing at that moment and get ECONNRESET.
 */
export const KEEP_ALIVE_MS = 65_000;

/** The BFF's HTTP listener as production runs it (index.ts); tests and benchmarks listen with it too. */
export function createListener(handler: RequestListener): Server {
  const server = createHttpServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

export interface BffServer {
  app: Express;
  /**
   * What to listen with: every request gets its id, log line and metrics; cached anonymous board
   * reads are answered before Express, everything else by `app`.
   */
  handler: RequestListener;
  services: Services;
  metrics: BffMetrics;
  logger: Logger;
  /** Set when shutdown begins: /readyz answers 503 so load balancers stop sending traffic. */
  health: { draining: boolean };
  /** Stops Apollo, closes the session store (Redis) and the upstream pool. Drain the listener first. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** pino logger (default: the process's, from LOG_LEVEL/LOG_PRETTY; tests pass a capturing one). */
  logger?: Logger;
  /** Also collect Node's process metrics (CPU, memory, event-loop lag) in this server's registry (index.ts). */
  processMetrics?: boolean;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<BffServer> {
  const logger = options.logger ?? defaultLogger();
  const metrics = createBffMetrics({ processMetrics: options.processMetrics });
  const health = { draining: false };
  const http = new Upstream({
    baseUrl: config.apiUrl,
    token: config.serviceToken,
    timeoutMs: config.upstreamTimeoutMs,
    connections: config.upstreamConnections,
    metrics,
  });
  const accounts = new AccountsClient(http);
  const keys = deriveKeys(loadRootSecret(config.sessionSecret, config.dataDir));
  const sessionsClient = new SessionsClient(http);
  const rawStore = config.redisUrl
    ? await RedisStore.connect(config.redisUrl, sessionsClient, (err) =>
        logger.warn({ err: { type: err.name } }, 'Redis: conexión con error; se reintenta'),
      )
    : new ApiStore(sessionsClient);
  // Sessions served from this replica's memory while it hears the revocation feed (issue 22).
  const sessionCache = new SessionCache(timedStore(rawStore, metrics), rawStore, sessionsClient, {
    ...SESSION_CACHE_DEFAULTS,
    // Idle marks reach the store within 1 % of the idle limit (5 s of the default 15 min).
    flushMs: Math.min(SESSION_CACHE_DEFAULTS.flushMs, Math.max(50, config.sessionIdleMs / 100)),
  });
  await sessionCache.start();
  const store: SharedStore = sessionCache;
  const catalogue = new CatalogueClient(http, config.publicCacheTtlMs);
  const staffUsers = new StaffUsersClient(http, config.roleRules);
  const staffName = async (userId: string) =>
    (await staffUsers.directory.get()).find((u) => u.id === userId)?.name ?? null;
  const trusted = TrustedDocuments.load(config.trustedDocuments);
  const trustPolicy = { enforced: config.trustedDocuments, staffFreeText: config.graphiql };
  const answers = answerCache(config.publicCacheTtlMs, undefined, (body) =>
    trusted.documentOf(body, trustPolicy.enforced),
  );
  const services: Services = {
    config,
    http,
    vacancies: new VacanciesClient(http, catalogue, staffName, config.publicCacheTtlMs, answers.invalidate),
    catalogue,
    accounts,
    staffUsers,
    apiTokens: new ApiTokensClient(http),
    testTemplates: new TestTemplatesClient(http),
    adminEmails: new AdminEmailsClient(http),
    files: new FilesClient(http),
    applications: new ApplicationsClient(http),
    candidates: new CandidatesClient(http),
    bulkActions: new BulkActionsClient(http),
    assignedTests: new AssignedTestsClient(http),
    profiles: new ProfilesClient(http),
    interviews: new InterviewsClient(http),
    reports: new ReportsClient(http),
    exports: new ExportsClient(http),
    documentRequests: new DocumentRequestsClient(http),
    notesTags: new NotesTagsClient(http),
    auditLog: new AuditLogClient(http),
    emailTemplates: new EmailTemplatesClient(http),
    retention: new RetentionClient(http),
    scorecards: new ScorecardsClient(http),
    vacancyCriteria: new VacancyCriteriaClient(http),
    dataExports: new DataExports(keys.export, store),
    store,
    sessions: new Sessions(
      keys.session,
      {
        idleMs: config.sessionIdleMs,
        maxAgeMs: config.sessionMaxAgeMs,
        roleRules: config.roleRules,
        cookieSecure: config.cookieSecure,
      },
      store,
      accounts,
      sessionCache,
    ),
    captcha: new CaptchaService(keys.captcha, store),
    proofOfWork: new ProofOfWorkService(keys.altcha, store),
    throttle: new LoginThrottle(store, keys, {
      maxFailures: config.loginMaxFailures,
      windowMs: config.loginWindowMs,
      delayMs: config.loginDelayMs,
      captchasPerAddress: config.captchasPerAddress,
      applicationChecksPerAddress: config.applicationChecksPerAddress,
    }),
    tokenLimit: new TokenRateLimit(store, { points: config.apiTokenRequests, windowMs: config.apiTokenWindowMs }),
    uploads: new Uploads(config.dataDir, keys.upload, store, new UploadBudget(store, keys, config.uploadBudget)),
  };

  const apollo = new ApolloServer<ServerContext>({
    schema: buildSchema(),
    // INTROSPECTION=false: noSchemaButNullTypes below instead of Apollo's rule (introspection-refusal.ts).
    introspection: true,
    csrfPrevention: true,
    // index.ts drains the listener and then stops Apollo; Apollo's own SIGTERM handler would stop
    // it first, and a request still arriving during the drain would get a 500.
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: 2_000 },
    // Registered operations by hash (trusted-documents.ts); nothing is registered at run time.
    persistedQueries: { cache: trusted.apqCache },
    validationRules: [
      maxDepthRule({ n: 8, ...reportInsteadOfThrow }),
      // `__typename` too: the library lets it through by default, so 500 of them passed.
      maxAliasesRule({ n: 15, allowList: [], ...reportInsteadOfThrow }),
      costLimitRule({ maxCost: 5_000, ...reportInsteadOfThrow }),
      ...(config.introspection === false ? [noSchemaButNullTypes] : []),
    ],
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // Off: its per-field hook made Apollo wrap every resolver of the schema, for a header that
      // never varied (we set no cache hints). The context below says `no-store` on every answer,
      // refused documents included (docs/decisions/2026-11-27-session-cache.md, 2026-11-28).
      ApolloServerPluginCacheControlDisabled(),
      requestIdPlugin,
      operationMetrics<ServerContext>(metrics),
      // A mutation may have changed an account or token: this replica's next lookups poll first.
      {
        async requestDidStart() {
          return {
            async willSendResponse(rc) {
              if (rc.operation?.operation === 'mutation') sessionCache.markDirty();
            },
          };
        },
      },
      ...(config.introspection === 'staff' ? [introspectionForStaffOnly] : []),
      ...(config.introspection === false ? [nullTypes] : []),
    ],
    formatError: errorFormatter(logger),
    includeStacktraceInErrorResponses: false,
    // No 'Did you mean …' in production: suggestions map the schema for whoever probes it.
    hideSchemaDetailsFromClientErrors: config.env === 'production',
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestIdMiddleware);
  app.use(securityHeaders);
  app.use(hstsOverHttps);
  // GraphQL answers and HTML; images are already compressed and built assets come precompressed.
  app.use(compression({ threshold: 1024 }));

  // Liveness: the process answers (restart it when this fails). /healthz is the older name.
  app.get(['/livez', '/healthz'], (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true });
  });
  // Readiness: this BFF can serve (send it traffic): the api and the session store answer, and it is
  // not shutting down.
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const [api, sessionStore] = await Promise.all([http.healthy(), store.ping()]);
    const ok = api && sessionStore && !health.draining;
    res.status(ok ? 200 : 503).json({ ok, api, sessionStore, draining: health.draining });
  });

  // Apollo's Express integration calls url.parse() per request: without this, Node 24 walks the
  // stack on every call (url-parse-check.ts).
  skipUrlParseDeprecationCheck();
  app.use(
    '/graphql',
    graphqlMethods,
    sameOriginOnly(config.allowedOrigins),
    // A mutation retried with the same Idempotency-Key is carried out once by the api (ADR 2026-11-29).
    idempotencyKeyMiddleware,
    express.json({ limit: '200kb' }),
    answers.unparsable,
    ensureBody,
    answers.middleware,
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        const requestId = requestIdOf(req);
        res.setHeader('Cache-Control', 'no-store');
        const viewer = await services.sessions.viewer(req, res).catch((err: unknown) => {
          throw unavailableAs503(err);
        });
        const untrusted = trusted.refusal(req, viewer, trustPolicy);
        if (untrusted) throw untrusted;
        // Before any parsing or execution: an integrator over its budget costs next to nothing.
        if (viewer?.kind === 'INTEGRATION') {
          const wait = await services.tokenLimit.wait(viewer.id);
          if (wait) throw tokenThrottled(wait);
        }
        return resolverContext(services, req, res, viewer, requestId);
      },
    }),
  );
  if (config.env === 'test') {
    // Browser tests answer the captcha through this; it exists only in test mode.
    app.get('/__test/captcha', (req, res) => {
      res.json({ answer: services.captcha.peek(String(req.query.id ?? '')) });
    });
    app.get('/__test/captcha/latest', (_req, res) => {
      res.json({ answer: services.captcha.peekLatest() });
    });
  }
  app.use('/images', imagesRouter(services));
  app.use('/uploads', services.uploads.router(services));
  app.use('/files', testFilesRouter(services));
  app.use('/files', candidateFilesRouter(services));
  app.use('/reports', reportsRouter(services));
  app.use('/reports', candidateExportsRouter(services));
  app.use('/reports', auditLogExportRouter(services));

  const graphiqlFile = config.webDist ? path.join(config.webDist, 'graphiql.html') : null;
  app.get('/graphiql', (_req, res) => {
    if (!config.graphiql || !graphiqlFile || !existsSync(graphiqlFile)) {
      res.status(404).json({ message: 'GraphiQL no está disponible.' });
      return;
    }
    res.sendFile(graphiqlFile);
  });
  if (config.webDist && existsSync(config.webDist)) app.use(webRouter(config.webDist, services));
  app.use(jsonNotFound);
  app.use(jsonErrors(logger));

  return {
    app,
    handler: instrument(answers.handler(app, config.allowedOrigins), {
      logger,
      metrics,
      trusted: app.get('trust proxy fn') as TrustedPeer,
    }),
    services,
    metrics,
    logger,
    health,
    async close() {
      await apollo.stop();
      await store.close();
      await http.close();
    },
  };
}
