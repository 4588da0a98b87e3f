import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RoleRules } from './normalise/role.js';

/**
 * Who may read the schema (`__schema`, `__type`): everyone (true), no one (false), or staff
 * sessions and API tokens only ('staff': anonymous callers and candidates are refused).
 */
export type Introspection = boolean | 'staff';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  API_URL: z.url().default('http://127.0.0.1:4001'),
  DATA_DIR: z.string().default('./data'),
  SERVICE_TOKEN: z.string().min(16).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().positive().default(32),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).default(1_000),
  GRAPHIQL: bool.optional(),
  TRUSTED_DOCUMENTS: bool.optional(),
  INTROSPECTION: z
    .enum(['true', 'false', '1', '0', 'staff'], 'INTROSPECTION debe ser true, false o staff')
    .transform((v): Introspection => (v === 'staff' ? 'staff' : v === 'true' || v === '1'))
    .optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_ORIGIN: z.string().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  SESSION_WARNING_SECONDS: z.coerce.number().int().positive().default(120),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL debe empezar por redis:// o rediss://')
    .optional(),
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  COOKIE_SECURE: bool.optional(),
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  CAPTCHAS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  APPLICATION_CHECKS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
  UPLOAD_MB_PER_HOUR: z.coerce.number().int().positive().default(60),
  UPLOAD_GLOBAL_MB_PER_HOUR: z.coerce.number().int().positive().default(2048),
  ORG_EMAIL_DOMAIN: z.string().default('ejemplo.org.gt'),
  ADMIN_USERNAMES: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  API_TOKEN_REQUESTS: z.coerce.number().int().positive().default(120),
  API_TOKEN_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  apiUrl: string;
  serviceToken: string;
  upstreamTimeoutMs: number;
  upstreamConnections: number;
  /** How long the public vacancy catalogue fetched from the api is reused (0 = never). */
  publicCacheTtlMs: number;
  /** Serve GraphiQL at /graphiql. Never on with `introspection: false` (it could not read the schema). */
  graphiql: boolean;
  introspection: Introspection;
  /**
   * Only registered operations (by hash) for browsers; free queries need an API token, or a staff
   * session when GraphiQL is on (TRUSTED_DOCUMENTS, default on in production; trusted-documents.ts).
   */
  trustedDocuments: boolean;
  /** Built SPA to serve (production); null serves no SPA. */
  webDist: string | null;
  /** Origins allowed to send cookie-bearing requests; empty = same host only. */
  allowedOrigins: string[];
  dataDir: string;
  sessionSecret: string | undefined;
  sessionIdleMs: number;
  sessionWarningMs: number;
  /** Absolute session lifetime from login, whatever the activity. */
  sessionMaxAgeMs: number;
  /** Sessions, counters and spent tokens in Redis; null keeps them in the api's database. */
  redisUrl: string | null;
  /** Express `trust proxy`: which hops may set X-Forwarded-For/-Proto (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  /** Secure cookie flag: forced on/off, or null to follow the request's protocol. */
  cookieSecure: boolean | null;
  /** First delay after a failed login; doubles per failure of the same account and address. */
  loginDelayMs: number;
  /** New captchas one address may ask for per 10 minutes. */
  captchasPerAddress: number;
  /** applicationCheck lookups one address may make per 10 minutes. */
  applicationChecksPerAddress: number;
  /** Files guests and candidates may stage (uploads/budget.ts). */
  uploadBudget: { filesPerHour: number; megabytesPerHour: number; globalMegabytesPerHour: number };
  orgEmailDomain: string;
  roleRules: RoleRules;
  /** Failed logins allowed per account within the window (per address: four times as many). */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** GraphQL requests one API token may make per window (integrators; sessions are not counted). */
  apiTokenRequests: number;
  apiTokenWindowMs: number;
  /** Prometheus metrics on their own port (METRICS_PORT; 0 = none), bound to METRICS_HOST. */
  metricsPort: number;
  metricsHost: string;
  /** How long SIGTERM waits for requests in flight before cutting their connections. */
  shutdownTimeoutMs: number;
}

/** 'true'/'false', a hop count, or Express's names and addresses ('loopback', '10.0.0.0/8, uniquelocal'). */
export function parseTrustProxy(raw: string): boolean | number | string {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function readServiceToken(dataDir: string): string {
  const file = path.join(dataDir, 'service-token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`Falta el token de servicio: defina SERVICE_TOKEN o inicie primero la api (crea ${file}).`);
  }
}

/** A setting the operator must fix; its message names the variable and says what is wanted. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Production needs a real secret: a short or missing one makes every session forgeable or lost on restart. */
const MIN_PRODUCTION_SECRET = 32;

/**
 * GraphiQL and introspection go together: outside production both are on for everyone; in
 * production both are off unless GRAPHIQL=true, which opens the schema to staff sessions and API
 * tokens only (INTROSPECTION=staff) unless INTROSPECTION says otherwise. GRAPHIQL on with
 * INTROSPECTION=false is refused at start (parseEnv): the page would have no schema.
 */
function graphiqlAndIntrospection(e: z.infer<typeof Env>): { graphiql: boolean; introspection: Introspection } {
  const dev = e.NODE_ENV !== 'production';
  const graphiql = e.GRAPHIQL ?? dev;
  return { graphiql, introspection: e.INTROSPECTION ?? (dev ? true : graphiql ? 'staff' : false) };
}

function parseEnv(env: NodeJS.ProcessEnv) {
  const parsed = Env.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '?');
        const value = name.includes('SECRET') || name.includes('TOKEN') ? '(oculto)' : JSON.stringify(env[name] ?? '');
        return `${name}=${value}: ${i.message}`;
      });
  if (env.NODE_ENV === 'production' && (env.SESSION_SECRET ?? '').length < MIN_PRODUCTION_SECRET) {
    problems.push(
      `SESSION_SECRET: en producción es obligatorio y de al menos ${MIN_PRODUCTION_SECRET} caracteres ` +
        `(required in production, at least ${MIN_PRODUCTION_SECRET} characters; e.g. \`openssl rand -base64 48\`).`,
    );
  }
  if (parsed.success) {
    const { graphiql, introspection } = graphiqlAndIntrospection(parsed.data);
    if (graphiql && introspection === false) {
      problems.push(
        `INTROSPECTION=${env.INTROSPECTION}: con GraphiQL activo (GRAPHIQL=${env.GRAPHIQL ?? 'true fuera de producción'}) ` +
          'el esquema debe poder leerse; use INTROSPECTION=staff (solo personal con sesión y tokens de API) o GRAPHIQL=false ' +
          '(GraphiQL needs introspection: set INTROSPECTION=staff, or GRAPHIQL=false).',
      );
    }
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = parseEnv(env);
  const webDist = e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL,
    serviceToken: overrides.serviceToken ?? e.SERVICE_TOKEN ?? readServiceToken(e.DATA_DIR),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamConnections: e.UPSTREAM_CONNECTIONS,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    ...graphiqlAndIntrospection(e),
    trustedDocuments: e.TRUSTED_DOCUMENTS ?? e.NODE_ENV === 'production',
    webDist,
    allowedOrigins: (e.PUBLIC_ORIGIN ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dataDir: e.DATA_DIR,
    sessionSecret: e.SESSION_SECRET,
    sessionIdleMs: e.SESSION_IDLE_SECONDS * 1000,
    sessionWarningMs: Math.min(e.SESSION_WARNING_SECONDS, e.SESSION_IDLE_SECONDS) * 1000,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_SECONDS * 1000,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    // Production is HTTPS unless an operator says otherwise (COOKIE_SECURE=false on a plain-HTTP intranet).
    cookieSecure: e.COOKIE_SECURE ?? (e.NODE_ENV === 'production' ? true : null),
    loginDelayMs: e.LOGIN_DELAY_MS,
    captchasPerAddress: e.CAPTCHAS_PER_ADDRESS,
    applicationChecksPerAddress: e.APPLICATION_CHECKS_PER_ADDRESS,
    uploadBudget: {
      filesPerHour: e.UPLOADS_PER_HOUR,
      megabytesPerHour: e.UPLOAD_MB_PER_HOUR,
      globalMegabytesPerHour: e.UPLOAD_GLOBAL_MB_PER_HOUR,
    },
    orgEmailDomain: e.ORG_EMAIL_DOMAIN.toLowerCase().replace(/^@/, ''),
    roleRules: {
      adminUsernames: (e.ADMIN_USERNAMES ?? `admin@${e.ORG_EMAIL_DOMAIN}`)
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    },
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    apiTokenRequests: e.API_TOKEN_REQUESTS,
    apiTokenWindowMs: e.API_TOKEN_WINDOW_SECONDS * 1000,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ...overrides,
  };
}
