import { scrubText } from '@bolsa/domain';
import { ConfigError, loadConfig, type Config } from './config.js';
import {
  createLogger,
  drainable,
  logSettingsFromEnv,
  startMetricsServer,
  type MetricsServer,
} from './observability/index.js';
import { createListener, createServer } from './server.js';

const logger = createLogger('bff', logSettingsFromEnv());
// A crash is logged as one JSON line (class and scrubbed message, never raw values), then the process ends.
process.on('uncaughtException', (err) => {
  logger.fatal(
    { err: { type: err.name, message: scrubText(err.message), stack: scrubText(err.stack ?? '') } },
    'error no controlado',
  );
  logger.flush();
  process.exit(1);
});

/** An operator's mistake (settings, a build without its manifest) gets a message, not a stack trace. */
function stopOnMistake(err: unknown): never {
  if (!(err instanceof ConfigError) && !(err instanceof Error && err.message.startsWith('Falta el token'))) throw err;
  logger.fatal({ problems: err instanceof ConfigError ? err.problems : undefined }, 'configuración no válida');
  logger.flush();
  // Said plainly on stderr too: it is what an operator reads in `docker logs` or a terminal.
  process.stderr.write(`[bff] ${err.message}\n`);
  process.exit(78); // EX_CONFIG: a supervisor should not restart into the same mistake
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  stopOnMistake(err);
}
const bff = await createServer(config, { logger, processMetrics: true }).catch(stopOnMistake);
const server = createListener(bff.handler);
const http = drainable(server, logger);
// The metrics port opens first: once the BFF answers, so do its metrics (a supervisor or a test
// that scrapes as soon as /livez answers found the port still closed).
let metricsServer: MetricsServer | null = null;
if (config.metricsPort !== 0) {
  try {
    metricsServer = await startMetricsServer(bff.metrics.registry, config.metricsHost, config.metricsPort);
    logger.info({ url: metricsServer.url }, `[bff] métricas de Prometheus en ${metricsServer.url}`);
  } catch (err) {
    // Metrics help watch the BFF; they are no reason to refuse serving it.
    logger.error(
      { err: { type: (err as Error).name, code: (err as NodeJS.ErrnoException).code } },
      `[bff] no se pudo abrir el puerto de métricas ${config.metricsHost}:${config.metricsPort}`,
    );
  }
}

await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
const url = `http://${config.host}:${config.port}`;
logger.info(
  { url, api: config.apiUrl, graphiql: config.graphiql },
  `[bff] escuchando en ${url} (api: ${config.apiUrl}; GraphiQL: ${config.graphiql ? `${url}/graphiql` : 'desactivado'})`,
);

/**
 * SIGTERM/SIGINT: readiness answers 503, the listener closes (new connections are refused),
 * requests in flight finish (bounded by SHUTDOWN_TIMEOUT_MS), then Apollo, the session store
 * (Redis), the upstream pool and the metrics port close, and the process exits 0.
 */
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, `[bff] ${signal}: cerrando (plazo ${config.shutdownTimeoutMs} ms)…`);
  const hardStop = setTimeout(() => {
    logger.error('[bff] no terminó de cerrar a tiempo; se fuerza la salida');
    logger.flush();
    process.exit(1);
  }, config.shutdownTimeoutMs + 5_000);
  hardStop.unref();
  try {
    bff.health.draining = true;
    await http.drain(config.shutdownTimeoutMs);
    await bff.close();
    await metricsServer?.close();
    logger.info('[bff] cerrado');
    logger.flush();
    process.exit(0);
  } catch (err) {
    logger.error({ err: { type: err instanceof Error ? err.name : typeof err } }, '[bff] error al cerrar');
    logger.flush();
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
