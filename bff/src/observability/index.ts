// Logs, metrics, health and shutdown of the BFF process (ARCHITECTURE.md principle 11).
// The shared part (logger, metrics port, draining) is @bolsa/observability's; what is here is this
// service's own: its metric names, request-log fields and request ids.
export { drainable, logSettingsFromEnv, startMetricsServer } from '@bolsa/observability';
export type { Drainable, LogSettings, Logger, MetricsServer } from '@bolsa/observability';
export { capturingLogger, createLogger, defaultLogger } from './logger.js';
export {
  instrument,
  markCachedAnswer,
  markOperation,
  markRoute,
  operationOf,
  requestIdFor,
  routeOf,
  type InstrumentOptions,
  type TrustedPeer,
} from './http.js';
export { operationMetrics } from './graphql.js';
export { createBffMetrics, type BffMetrics, type UpstreamFailure } from './metrics.js';
export { timedStore } from './session-store.js';
