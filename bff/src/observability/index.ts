// Logs, metrics, health and shutdown of the BFF process (ARCHITECTURE.md principle 11).
export {
  capturingLogger,
  createLogger,
  defaultLogger,
  logSettingsFromEnv,
  type LogSettings,
  type Logger,
} from './logger.js';
export {
  instrument,
  markOperation,
  markRoute,
  operationOf,
  requestIdFor,
  routeOf,
  type InstrumentOptions,
  type TrustedPeer,
} from './http.js';
export { operationMetrics } from './graphql.js';
export {
  createBffMetrics,
  startMetricsServer,
  type BffMetrics,
  type MetricsServer,
  type UpstreamFailure,
} from './metrics.js';
export { timedStore } from './session-store.js';
export { drainable, type Drainable } from './shutdown.js';
