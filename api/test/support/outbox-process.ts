// One api process for the outbox replica test: the real startApi (HTTP, migrations, outbox worker)
// with the test's short retry delays and poll interval, which the product's settings do not expose.
// Prints 'LISTO <url>' once listening; every outbox log line goes to stdout as JSON ({"msg":"correo <id>: …"}).
import { createLogger } from '../../src/observability/index.js';
import { startApi } from '../../src/server.js';

const delays = (process.env.TEST_MAIL_RETRY_MS ?? '300')
  .split(',')
  .map((v) => Number(v.trim()))
  .filter((v) => Number.isFinite(v) && v >= 0);

const api = await startApi({
  databaseUrl: process.env.DATABASE_URL,
  memory: true,
  port: 0,
  seedDemo: false,
  log: false,
  smtpUrl: process.env.SMTP_URL ?? null,
  mail: { retryDelaysMs: delays, pollMs: Number(process.env.TEST_MAIL_POLL_MS ?? 50) },
  logger: createLogger('api', { pretty: false }),
});
console.log(`LISTO ${api.url}`);

const stop = () => {
  api.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
