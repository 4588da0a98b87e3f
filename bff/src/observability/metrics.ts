import { maskPath } from '@bolsa/domain';
import { HTTP_BUCKETS, httpRequestDurations, serviceRegistry, type RequestObserver } from '@bolsa/observability';
import { Counter, Histogram, type Registry } from 'prom-client';

const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** At most this many distinct operation names get a series of their own (the web uses about 80). */
const MAX_OPERATIONS = 200;
/** At most this many distinct masked upstream routes (the api has about 120). */
const MAX_UPSTREAM_ROUTES = 300;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * A label value from an open set, kept bounded: the first `max` distinct values are themselves,
 * later ones are 'other'. A client inventing operation names cannot grow the metrics without end.
 */
function bounded(max: number): (value: string) => string {
  const known = new Set<string>();
  return (value) => {
    if (known.has(value)) return value;
    if (known.size >= max) return 'other';
    known.add(value);
    return value;
  };
}

export type UpstreamFailure = 'timeout' | 'connection' | 'unavailable';

export interface BffMetrics {
  registry: Registry;
  /** One HTTP answer: method, route pattern, status. */
  request: RequestObserver;
  /**
   * The label of a GraphQL operation name: itself when well-formed and among the first known ones,
   * 'anonymous' without a name, 'other' beyond the bound. The same value goes into the log line.
   */
  operationLabel(name: string | null | undefined): string;
  /** One executed GraphQL operation (cached answers are not executions: see the HTTP histogram). */
  operation(label: string, ok: boolean, seconds: number): void;
  /** One call to the api: its masked path, the status or 'error', time to the response head. */
  upstream(method: string, path: string, status: number | 'error', seconds: number, failure?: UpstreamFailure): void;
  /** One session-store operation (the api's database or Redis). */
  sessionStore(store: string, operation: string, ok: boolean, seconds: number): void;
}

/**
 * The BFF's Prometheus metrics, one registry per server (tests start several in one process):
 * HTTP answers by route, GraphQL operations by name, upstream calls and their failures by route,
 * session-store latency, and Node's defaults (CPU, memory, event-loop lag) when asked.
 */
export function createBffMetrics(o: { processMetrics?: boolean } = {}): BffMetrics {
  const registry = serviceRegistry('bff', o);

  const request = httpRequestDurations(registry);
  const operations = new Histogram({
    name: 'bolsa_graphql_operation_duration_seconds',
    help: 'Time to execute a GraphQL operation, by operation name and outcome (error: the answer carries errors).',
    labelNames: ['operation', 'outcome'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'bolsa_upstream_request_duration_seconds',
    help: 'Time until the api answers a call (response head), by method, masked route and status (error: no answer).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'bolsa_upstream_errors_total',
    help: 'Calls to the api that failed: timeout, connection (refused, reset), unavailable (502/503/504).',
    labelNames: ['route', 'reason'] as const,
    registers: [registry],
  });
  const store = new Histogram({
    name: 'bolsa_session_store_duration_seconds',
    help: 'Time of a session-store operation (store: api or redis), by operation and outcome.',
    labelNames: ['store', 'operation', 'outcome'] as const,
    buckets: STORE_BUCKETS,
    registers: [registry],
  });

  const operationName = bounded(MAX_OPERATIONS);
  const upstreamRoute = bounded(MAX_UPSTREAM_ROUTES);
  return {
    registry,
    request,
    operationLabel: (name) => (!name ? 'anonymous' : OPERATION_NAME.test(name) ? operationName(name) : 'other'),
    operation: (label, ok, seconds) => operations.observe({ operation: label, outcome: ok ? 'ok' : 'error' }, seconds),
    upstream(method, path, status, seconds, failure) {
      const route = upstreamRoute(maskPath(path));
      upstream.observe({ method, route, status_code: status }, seconds);
      if (failure) upstreamErrors.inc({ route, reason: failure });
    },
    sessionStore: (name, operation, ok, seconds) =>
      store.observe({ store: name, operation, outcome: ok ? 'ok' : 'error' }, seconds),
  };
}
