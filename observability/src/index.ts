// Logs, metrics and shutdown shared by the api and the BFF (ARCHITECTURE.md principle 11). It
// imports none of our workspaces: the privacy rules come in from domain/ through logging().
export { logging, logSettingsFromEnv, type Logger, type Logging, type LogSettings } from './logger.js';
export { pathOf, type RequestLog, type RequestLogOptions } from './http.js';
export {
  HTTP_BUCKETS,
  httpRequestDurations,
  serviceRegistry,
  startMetricsServer,
  type MetricsServer,
  type RequestObserver,
} from './metrics.js';
export type { LogPrivacy } from './privacy.js';
export { drainable, type Drainable } from './shutdown.js';
