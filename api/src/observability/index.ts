// Logs, metrics and health of the api process (ARCHITECTURE.md principle 11).
export {
  capturingLogger,
  createLogger,
  defaultLogger,
  logSettingsFromEnv,
  type LogSettings,
  type Logger,
} from './logger.js';
export { requestLogging, routeOf } from './http.js';
export {
  createApiMetrics,
  startMetricsServer,
  type ApiMetrics,
  type DeliveryOutcome,
  type MetricsServer,
} from './metrics.js';
export { Readiness, type ReadinessReport } from './readiness.js';
export { drainable, type Drainable } from './shutdown.js';
