import { scrubText } from '@bolsa/domain';
import { loadConfig, requestLogEnabled } from './config.js';
import { formatDemoAccounts, listDemoAccounts } from './demo/index.js';
import { createLogger, logSettingsFromEnv, startMetricsServer, type MetricsServer } from './observability/index.js';
import { startApi } from './server.js';

const logger = createLogger('api', logSettingsFromEnv());
// A crash is logged as one JSON line (class and scrubbed message, never raw values), then the process ends.
process.on('uncaughtException', (err) => {
  logger.fatal(
    { err: { type: err.name, message: scrubText(err.message), stack: scrubText(err.stack ?? '') } },
    'error no controlado',
  );
  logger.flush();
  process.exit(1);
});
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // An operator's mistake gets a message, not a stack trace, and no restart into the same mistake.
  logger.fatal('configuración no válida');
  logger.flush();
  process.stderr.write(`[api] ${(err as Error).message}\n`);
  process.exit(78);
}

// API_LOG decides in production as in development (default on); startApi's own default is quiet for tests.
const api = await startApi({ log: requestLogEnabled(config), logger, processMetrics: true });
logger.info({ url: api.url }, `API de Bolsa de Trabajo escuchando en ${api.url}`);

let metricsServer: MetricsServer | null = null;
if (config.API_METRICS_PORT !== 0) {
  try {
    metricsServer = await startMetricsServer(api.metrics.registry, config.METRICS_HOST, config.API_METRICS_PORT);
    logger.info({ url: metricsServer.url }, `Métricas de Prometheus en ${metricsServer.url}`);
  } catch (err) {
    // Metrics help watch the api; they are no reason to refuse serving it.
    logger.error(
      { err: { type: (err as Error).name, code: (err as NodeJS.ErrnoException).code } },
      `No se pudo abrir el puerto de métricas ${config.METRICS_HOST}:${config.API_METRICS_PORT}`,
    );
  }
}

// The one place e-mails are printed on purpose: the demo log-ins, never in production.
if (config.NODE_ENV !== 'production') {
  const block = formatDemoAccounts(await listDemoAccounts(api.db));
  if (block) process.stdout.write(`\n${block}\n\n`);
  // npm start runs an embedded mail catcher when SMTP_URL is unset: every e-mail sent is read there.
  const inbox = process.env.MAIL_INBOX_URL?.trim();
  if (inbox) logger.info(`Correo de prueba (bandeja web con cada correo enviado): ${inbox}`);
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, `${signal}: cerrando el API (plazo ${config.SHUTDOWN_TIMEOUT_MS} ms)…`);
  // A drain that hangs past its own deadline (a stuck SMTP server) must still end the process.
  const hardStop = setTimeout(() => {
    logger.error('El API no terminó de cerrar a tiempo; se fuerza la salida');
    logger.flush();
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS + 5_000);
  hardStop.unref();
  try {
    await api.close();
    await metricsServer?.close();
    logger.info('API cerrado');
    logger.flush();
    process.exit(0);
  } catch (err) {
    logger.error({ err: { type: err instanceof Error ? err.name : typeof err } }, 'Error al cerrar el API');
    logger.flush();
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
