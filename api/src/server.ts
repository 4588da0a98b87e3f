import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createApp } from './app.js';
import { meetingProviderFrom } from './interviews/meetings.js';
import type { MeetingProvider } from './interviews/service.js';
import { loadConfig } from './config.js';
import { createDatabase, pgliteOf, pgPoolOf, type Database, type DatabaseTarget } from './db/database.js';
import { loadSnapshot, saveSnapshot, snapshotPlan } from './db/snapshot.js';
import { IDEMPOTENCY_TTL_MS, todayInGuatemala } from '@bolsa/domain';
import { assertMigrated } from './db/migrate.js';
import { prepareDatabase } from './db/prepare.js';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox.js';
import { startCvTextWorker, type CvTextWorker } from './cv-text/index.js';
import { startScorecardReminders, type ReminderWorker } from './scorecards/index.js';
import {
  createApiMetrics,
  defaultLogger,
  drainable,
  Readiness,
  type ApiMetrics,
  type Logger,
} from './observability/index.js';
import { createFileStore, type FileStore } from './storage/index.js';
import { sweepOrphanFiles } from './storage/orphans.js';
import { sweepIdempotentRequests } from './idempotency/index.js';
import { publishAuditAnchor, purgeAudit } from './audit/index.js';
import { startRetentionJob, type RetentionJob } from './retention/index.js';
import type { AuditAnchor, RetentionPolicy } from '@bolsa/domain';

export interface StartApiOptions {
  /** Default config API_PORT (4001); 0 = ephemeral. */
  port?: number;
  /** Default API_HOST or '127.0.0.1'. */
  host?: string;
  /** PostgreSQL when set (else env DATABASE_URL, except with `memory`). */
  databaseUrl?: string;
  /** Default DATA_DIR or './data': PGlite in <dataDir>/pglite, files in <dataDir>/files, token in <dataDir>/service-token. */
  dataDir?: string;
  /** In-memory PGlite (unless databaseUrl is given) and files in a temp dir removed on close (tests). */
  memory?: boolean;
  /** Load demo data on an empty board (default true unless NODE_ENV=production). */
  seedDemo?: boolean;
  /** Migrate and seed before listening (default env MIGRATE_ON_START, else true); false: only check the schema is current. */
  migrate?: boolean;
  /** Default env SERVICE_TOKEN, else read/create <dataDir>/service-token (random per run with `memory`). */
  serviceToken?: string;
  /** Default env SERVICE_TOKEN_PREVIOUS: the old token, still accepted while the token is rotated. */
  previousServiceToken?: string;
  /** Request log lines (method, route, status, ms, request id); never bodies or query strings. Default off. */
  log?: boolean;
  /** pino logger (default: the process's, from LOG_LEVEL/LOG_PRETTY; tests pass a capturing one). */
  logger?: Logger;
  /** Also collect Node's process metrics (CPU, memory, event-loop lag) in this api's registry (index.ts). */
  processMetrics?: boolean;
  /** SIGTERM/close(): how long requests in flight may take before their connections are cut (default SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs?: number;
  /** Default config ORG_EMAIL_DOMAIN ('ejemplo.org.gt'): staff e-mails and the demo staff accounts. */
  orgEmailDomain?: string;
  /** Default env SMTP_URL; null = no worker (messages wait in the outbox). */
  smtpUrl?: string | null;
  /** Outbox worker tuning (tests): delays after failed attempts, poll interval. */
  mail?: { retryDelaysMs?: number[]; pollMs?: number };
  /** The CV text worker (issue 23); default env CV_TEXT_WORKER (on). */
  cvText?: { enabled?: boolean; pollMs?: number };
  /** Default env PUBLIC_URL. */
  publicUrl?: string;
  /** Default: S3 when S3_ENDPOINT/S3_BUCKET are set, else the local folder. */
  files?: FileStore;
  /** Virtual interview meetings (default: Microsoft Graph when TEAMS_* are set, else VIRTUAL_MEETING_URL). */
  meetings?: MeetingProvider;
  /** Orphan file sweep (tests): how old a key must be, and how often it runs (default 1 h each). */
  orphanGraceMs?: number;
  orphanSweepMs?: number;
  /** Default env AUDIT_RETENTION_MONTHS (24). */
  auditRetentionMonths?: number;
  /**
   * Tests: a folder where the migrated and seeded in-memory database is kept after a start, for the
   * next starts of the same code to load instead of migrating and seeding (db/snapshot.ts). Only
   * with `memory`, no `databaseUrl` and the default file store.
   */
  snapshotDir?: string;
  /**
   * Retention of candidates' data (issue 24): the policy (default RETENTION_* config), the clock
   * (tests move it; production always uses the system's), whether this process tries the daily run
   * (default env RETENTION_JOB, else on — off with `memory`, so tests run it only when they ask), and
   * how often it checks whether the day's run is done (default hourly).
   */
  retention?: { policy?: Partial<RetentionPolicy>; clock?: () => Date; schedule?: boolean; checkMs?: number };
  /** The interview scorecard reminder sweep (issue 24): every 5 min by default; tests shorten it. */
  scorecardReminders?: { enabled?: boolean; intervalMs?: number };
}

export interface RunningApi {
  url: string;
  token: string;
  db: Kysely<Database>;
  /** Root folder of the local file store (keys are paths below it). */
  filesDir: string;
  /** Prometheus metrics of this api (index.ts serves them on API_METRICS_PORT). */
  metrics: ApiMetrics;
  logger: Logger;
  /**
   * Graceful stop: readiness answers 503, the listener closes (new connections are refused),
   * requests in flight finish (idle keep-alive sockets close at once, busy ones when their answer is
   * out, any left after the shutdown timeout are cut), the outbox worker sends what it claimed and
   * claims nothing more, then the database closes.
   */
  close(): Promise<void>;
}

async function readOrCreateToken(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'service-token');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 16) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const token = randomBytes(32).toString('hex');
  // Owner-only: the BFF on the same machine reads it, nobody else should.
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** How long the api keeps an idle connection open (Node's default: 5 s). */
export const KEEP_ALIVE_MS = 65_000;

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startApi(options: StartApiOptions = {}): Promise<RunningApi> {
  const config = loadConfig();
  const logger = options.logger ?? defaultLogger();
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? config.SHUTDOWN_TIMEOUT_MS;
  const metrics = createApiMetrics({ processMetrics: options.processMetrics });
  const orgEmailDomain = (options.orgEmailDomain ?? config.ORG_EMAIL_DOMAIN).toLowerCase().replace(/^@/, '');
  const memory = options.memory ?? false;
  const dataDir = path.resolve(options.dataDir ?? config.DATA_DIR);
  // With `memory`, an ambient DATABASE_URL is ignored so tests never touch a real database by accident.
  const databaseUrl = options.databaseUrl ?? (memory ? undefined : config.DATABASE_URL);

  const tempDir = memory ? await mkdtemp(path.join(os.tmpdir(), 'bolsa-api-')) : null;
  const filesRoot = tempDir ?? path.join(dataDir, 'files');
  const migrate = options.migrate ?? config.MIGRATE_ON_START ?? true;
  const seeds = {
    demo: options.seedDemo ?? config.SEED_DEMO ?? config.NODE_ENV !== 'production',
    orgEmailDomain,
    log: (line: string) => logger.info(line),
  };
  const snapshot =
    options.snapshotDir && memory && !databaseUrl && !options.files && migrate
      ? snapshotPlan(options.snapshotDir, { demo: seeds.demo, orgEmailDomain, today: todayInGuatemala() })
      : null;
  const fromSnapshot = snapshot && tempDir ? await loadSnapshot(snapshot, tempDir) : null;

  const target: DatabaseTarget = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : memory
      ? { kind: 'pglite-memory', loadDataDir: fromSnapshot?.data }
      : { kind: 'pglite-dir', dir: path.join(dataDir, 'pglite') };
  const token =
    options.serviceToken ??
    config.SERVICE_TOKEN ??
    (memory ? randomBytes(32).toString('hex') : await readOrCreateToken(dataDir));

  let db: Kysely<Database> | undefined;
  let server: Server | undefined;
  let mailer: OutboxWorker | undefined;
  let cvText: CvTextWorker | undefined;
  let reminders: ReminderWorker | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let auditPurger: NodeJS.Timeout | undefined;
  let purging: Promise<void> | undefined;
  let retentionJob: RetentionJob | undefined;
  try {
    const database = await createDatabase(target, {
      onQuery: metrics.query,
      onPoolError: (err) => logger.error({ err: { type: err.name } }, 'PostgreSQL: conexión inactiva perdida'),
    });
    db = database;
    if (!migrate) await assertMigrated(database);
    const files = options.files ?? createFileStore(memory ? {} : config, filesRoot);
    await files.ready?.();
    if (fromSnapshot) for (const line of fromSnapshot.log) seeds.log(line);
    else if (migrate) {
      // Under one lock with the migrations: replicas starting together migrate and seed once.
      const said: string[] = [];
      await prepareDatabase(database, files, {
        ...seeds,
        log: (line) => {
          said.push(line);
          seeds.log(line);
        },
      });
      const pglite = pgliteOf(database);
      if (snapshot && pglite) await saveSnapshot(snapshot, pglite, filesRoot, said);
    }
    // Files a killed process left between storing and committing (tmp/, unreferenced postulantes/):
    // at start-up and then hourly; counts only in the log, never keys.
    const sweepOrphans = () => {
      sweeping ??= sweepOrphanFiles({ db: database, files, graceMs: options.orphanGraceMs })
        .then((r) => {
          if (r.temporary || r.unreferenced)
            logger.info(`Archivos huérfanos eliminados: ${r.temporary} temporales, ${r.unreferenced} sin postulación`);
        })
        .catch((err: unknown) =>
          logger.error({ err: { type: (err as Error)?.name } }, 'No se pudieron limpiar los archivos huérfanos'),
        )
        .finally(() => {
          sweeping = undefined;
        });
    };
    // Idempotency keys live 24 h (docs/decisions/2026-11-29-idempotent-writes.md): swept with the files.
    const sweepKeys = () => {
      sweepIdempotentRequests(database, IDEMPOTENCY_TTL_MS).catch((err: unknown) =>
        logger.error({ err: { type: (err as Error)?.name } }, 'No se pudieron limpiar las claves de idempotencia'),
      );
    };
    // The audit chain's head, written to the log when it moved (verifyAudit's anchors: a chain
    // rewritten from the database's own rights no longer matches what the log kept).
    let anchor: AuditAnchor | null = null;
    const publishAnchor = () => {
      publishAuditAnchor(database, logger, anchor)
        .then((head) => {
          anchor = head;
        })
        .catch((err: unknown) =>
          logger.error({ err: { type: (err as Error)?.name } }, 'No se pudo publicar el ancla de la bitácora'),
        );
    };
    const sweepAll = () => {
      sweepOrphans();
      sweepKeys();
      publishAnchor();
    };
    sweepAll();
    sweeper = setInterval(sweepAll, options.orphanSweepMs ?? 3_600_000);
    sweeper.unref();
    // The audit log's own retention (AUDIT_RETENTION_MONTHS): at start-up and daily, under the log's lock.
    const purgeLog = () => {
      purging ??= purgeAudit(database, options.auditRetentionMonths ?? config.AUDIT_RETENTION_MONTHS)
        .then((r) => {
          if (r.deleted) logger.info(`Bitácora de auditoría: ${r.deleted} registros antiguos depurados`);
        })
        .catch((err: unknown) =>
          logger.error({ err: { type: (err as Error)?.name } }, 'No se pudo depurar la bitácora de auditoría'),
        )
        .finally(() => {
          purging = undefined;
        });
    };
    if (migrate) purgeLog();
    auditPurger = setInterval(purgeLog, 24 * 3_600_000);
    auditPurger.unref();
    metrics.watch(database, pgPoolOf(database));
    const readiness = new Readiness(database);

    const retention = {
      policy: {
        months: options.retention?.policy?.months ?? config.RETENTION_MONTHS,
        guestDocumentMonths: options.retention?.policy?.guestDocumentMonths ?? config.RETENTION_GUEST_DOCUMENT_MONTHS,
        noticeDays: options.retention?.policy?.noticeDays ?? config.RETENTION_NOTICE_DAYS,
      },
      now: options.retention?.clock ?? (() => new Date()),
    };
    const app = createApp({
      db: database,
      files,
      serviceToken: token,
      previousServiceToken: options.previousServiceToken ?? config.SERVICE_TOKEN_PREVIOUS,
      orgEmailDomain,
      log: options.log ?? config.API_LOG ?? false,
      logger,
      metrics,
      readiness,
      publicUrl: options.publicUrl ?? config.PUBLIC_URL,
      meetings: options.meetings ?? meetingProviderFrom(config),
      retention,
    });
    // The daily retention run (issue 24): tried at start and hourly; one replica runs each day's.
    if (options.retention?.schedule ?? config.RETENTION_JOB ?? !memory)
      retentionJob = startRetentionJob({
        ...retention,
        db: database,
        files,
        checkMs: options.retention?.checkMs,
        log: (line) => logger.info(line),
        onError: (err) =>
          logger.error({ err: { type: (err as Error)?.name } }, 'No se pudo ejecutar la retención de datos'),
      });
    const smtpUrl = options.smtpUrl === undefined ? config.SMTP_URL : options.smtpUrl;
    if (smtpUrl && config.MAIL_WORKER !== false) {
      mailer = startOutboxWorker({
        db: database,
        smtpUrl,
        from: config.MAIL_FROM,
        retryDelaysMs: options.mail?.retryDelaysMs,
        pollMs: options.mail?.pollMs,
        log: (line) => logger.info(line),
        onDelivery: metrics.delivery,
      });
    }
    // The text of candidates' PDFs for the inbox search, off the request path (any number of processes).
    if ((options.cvText?.enabled ?? config.CV_TEXT_WORKER) !== false)
      cvText = startCvTextWorker({
        db: database,
        files,
        pollMs: options.cvText?.pollMs,
        log: (line) => logger.info(line),
      });
    // Scorecard reminders once an interview ends (any number of replicas: once per interview and user).
    if (options.scorecardReminders?.enabled !== false)
      reminders = startScorecardReminders({
        db: database,
        publicUrl: options.publicUrl ?? config.PUBLIC_URL,
        intervalMs: options.scorecardReminders?.intervalMs,
        log: (line) => logger.info(line),
      });
    const httpServer = createServer(app);
    // Idle connections are kept longer than any client of ours keeps them: the BFF's pools keep
    // theirs 30 s (bff/src/upstream/http.ts), but undici follows the server's `Keep-Alive: timeout`
    // less 2 s, so with Node's 5 s the BFF dropped a connection after 3 s idle and opened another.
    // The BFF's own port does the same for proxies in front of it.
    httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
    server = httpServer;
    const http = drainable(httpServer, logger);
    const host = options.host ?? config.API_HOST;
    const address = await listen(httpServer, options.port ?? config.API_PORT, host);
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${urlHost}:${address.port}`;

    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= (async () => {
        readiness.draining = true;
        clearInterval(sweeper);
        clearInterval(auditPurger);
        // The listener closes now; the mail worker stops claiming now: both drain side by side.
        await Promise.all([http.drain(shutdownTimeoutMs), mailer?.stop(), cvText?.stop(), reminders?.stop()]);
        await sweeping;
        await purging;
        await retentionJob?.stop();
        await database.destroy();
        if (tempDir) await rm(tempDir, { recursive: true, force: true });
      })();
      return closing;
    };

    return { url, token, db: database, filesDir: filesRoot, metrics, logger, close };
  } catch (err) {
    clearInterval(sweeper);
    clearInterval(auditPurger);
    await retentionJob?.stop().catch(() => undefined);
    await mailer?.stop().catch(() => undefined);
    await cvText?.stop().catch(() => undefined);
    await reminders?.stop().catch(() => undefined);
    server?.close();
    await db?.destroy().catch(() => undefined);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
    throw err;
  }
}
