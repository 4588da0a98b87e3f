// Logs, metrics and health of the api process (ARCHITECTURE.md principle 11).
// The shared part (logger, metrics port, draining) is @bolsa/observability's; what is here is this
// service's own: its metric names, request-log fields and request ids.
export { drainable, logSettingsFromEnv, startMetricsServer } from '@bolsa/observability';
export type { Drainable, LogSettings, Logger, MetricsServer } from '@bolsa/observability';
export { capturingLogger, createLogger, defaultLogger } from './logger.js';
export { requestLogging, routeOf } from './http.js';
export { createApiMetrics, type ApiMetrics, type DeliveryOutcome } from './metrics.js';
export { Readiness, type ReadinessReport } from './readiness.js';
