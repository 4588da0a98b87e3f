import { z } from 'zod';

// Unset and empty variables mean the same thing: docker-compose and .env files leave many empty.
const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().optional(),
);

const flag = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .transform((v) => v === '1' || v === 'true' || v === 'yes')
    .optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  API_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65_535).default(4001)),
  API_HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL debe ser una URL postgres://',
  }),
  DATA_DIR: optionalText.transform((v) => v ?? './data'),
  SERVICE_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'SERVICE_TOKEN debe tener al menos 16 caracteres',
  }),
  /** While SERVICE_TOKEN is being rotated: the old token, still accepted (docs/operations.md). */
  SERVICE_TOKEN_PREVIOUS: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'SERVICE_TOKEN_PREVIOUS debe tener al menos 16 caracteres',
  }),
  SEED_DEMO: flag,
  /** Run pending migrations and seeds at start-up (default yes); off: `npm run migrate` does it, start-up checks. */
  MIGRATE_ON_START: flag,
  /** One log line per request (default on, in every NODE_ENV); errors and start-up lines are logged either way. */
  API_LOG: flag,
  /** Prometheus metrics on their own port (GET /metrics); 0 = none. */
  API_METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65_535).default(9465),
  ),
  /** Where the metrics port listens: loopback unless the scraper runs elsewhere. */
  METRICS_HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  /** How long SIGTERM waits for requests in flight and claimed e-mails before closing what is left. */
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(600_000).default(10_000),
  ),
  /** Staff e-mails must end in @ORG_EMAIL_DOMAIN (spec 2 §5, System user). */
  ORG_EMAIL_DOMAIN: optionalText
    .transform((v) => (v ?? 'ejemplo.org.gt').toLowerCase().replace(/^@/, ''))
    .refine((v) => /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(v), {
      message: 'ORG_EMAIL_DOMAIN debe ser un dominio como ejemplo.org.gt',
    }),
  /** Mail (issue 9): without SMTP_URL the outbox keeps messages until one is set. */
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'SMTP_URL debe ser una URL smtp:// o smtps://',
  }),
  MAIL_FROM: optionalText.transform((v) => v ?? 'Bolsa de Trabajo <no-responder@ejemplo.org.gt>'),
  /** Run the outbox worker in this process (default yes; any number of processes may). */
  MAIL_WORKER: flag,
  /** Read the text of candidates' PDFs for the inbox search in this process (default yes; any number may). */
  CV_TEXT_WORKER: flag,
  /** The audit log keeps rows this many months (issue 24); older ones are removed daily, and that run is recorded. */
  AUDIT_RETENTION_MONTHS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(1200).default(24),
  ),
  /**
   * Retention of candidates' personal data (issue 24, docs/operations.md): ended applications
   * (rejected, or never moved in a closed vacancy) are anonymised this many months after their last
   * activity; 0 = off.
   */
  RETENTION_MONTHS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(1200).default(24),
  ),
  /** A guest's ended application loses its files this many months after its last activity; 0 = off. */
  RETENTION_GUEST_DOCUMENT_MONTHS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(1200).default(6),
  ),
  /** Days between the notice e-mail and the anonymisation. */
  RETENTION_NOTICE_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(365).default(30),
  ),
  /** Try the daily retention run in this process (default yes; any number may: one runs per day). */
  RETENTION_JOB: flag,
  /** The site's public address, for links in e-mails. */
  PUBLIC_URL: optionalText.transform((v) => (v ?? 'http://localhost:4000').replace(/\/+$/, '')),
  /** S3-compatible storage (MinIO, AWS S3) instead of the local folder when endpoint and bucket are set. */
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY: optionalText,
  S3_SECRET_KEY: optionalText,
  S3_REGION: optionalText,
  S3_PREFIX: optionalText,
  /** Virtual interviews without Microsoft Graph: a link template, {room} = a random room name. */
  VIRTUAL_MEETING_URL: optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    message: 'VIRTUAL_MEETING_URL debe ser una URL http:// o https://',
  }),
  /** Microsoft Graph (Teams meetings) with client credentials: all three, or none. */
  TEAMS_TENANT_ID: optionalText,
  TEAMS_CLIENT_ID: optionalText,
  TEAMS_CLIENT_SECRET: optionalText,
  /** Overrides for a national cloud or the tests' fake servers. */
  GRAPH_BASE_URL: optionalText.transform((v) => (v ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, '')),
  GRAPH_AUTHORITY_HOST: optionalText.transform((v) => (v ?? 'https://login.microsoftonline.com').replace(/\/+$/, '')),
});

export type ApiConfig = z.infer<typeof EnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida del API: ${detail}`);
  }
  return parsed.data;
}

/** The per-request log line (no bodies, no query strings): on unless API_LOG says otherwise, in every NODE_ENV. */
export const requestLogEnabled = (config: ApiConfig): boolean => config.API_LOG ?? true;
