import { sql } from 'kysely';
import type pg from 'pg';
import { httpRequestDurations, serviceRegistry, type RequestObserver } from '@bolsa/observability';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../db/database.js';

const QUERY_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export type DeliveryOutcome = 'sent' | 'retry' | 'failed';

export interface ApiMetrics {
  registry: Registry;
  /** One request answered: method, route pattern (never a raw path), status. */
  request: RequestObserver;
  /** One SQL statement run (Kysely's log event). */
  query(seconds: number, ok: boolean): void;
  /** One outbox delivery attempt's outcome in this process. */
  delivery(outcome: DeliveryOutcome): void;
  /** Outbox depth and age (read at scrape time) and, on PostgreSQL, the connection pool. */
  watch(db: Db, pool: pg.Pool | null): void;
}

/**
 * The api's Prometheus metrics, one registry per api instance (tests start several in one process):
 * request and query durations, the outbox and the PostgreSQL pool, and Node's defaults when asked. Label values are bounded: route patterns, methods, status codes, fixed outcomes.
 */
export function createApiMetrics(o: { processMetrics?: boolean } = {}): ApiMetrics {
  const registry = serviceRegistry('api', o);

  const request = httpRequestDurations(registry);
  const queries = new Histogram({
    name: 'bolsa_db_query_duration_seconds',
    help: 'Time to run one SQL statement, by outcome (ok, error).',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'bolsa_outbox_deliveries_total',
    help: 'Outbox delivery attempts made by this process, by outcome (sent; retry: failed, will try again; failed: gave up).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['sent', 'retry', 'failed'] as const) deliveries.inc({ outcome }, 0);

  return {
    registry,
    request,
    query: (seconds, ok) => queries.observe({ outcome: ok ? 'ok' : 'error' }, seconds),
    delivery: (outcome) => deliveries.inc({ outcome }),
    watch(db, pool) {
      // Read when Prometheus scrapes, so the numbers are the database's, shared by every replica.
      const pending = new Gauge({
        name: 'bolsa_outbox_pending',
        help: 'E-mails waiting in the outbox (pending or being sent), across every api process.',
        registers: [registry],
      });
      const oldest = new Gauge({
        name: 'bolsa_outbox_oldest_pending_age_seconds',
        help: 'Age of the oldest e-mail still waiting in the outbox (0 when none waits).',
        registers: [registry],
      });
      const scrapeFailures = new Counter({
        name: 'bolsa_outbox_scrape_errors_total',
        help: 'Scrapes that could not read the outbox (database unreachable).',
        registers: [registry],
      });
      // One query serves both gauges; prom-client calls each gauge's collect on every scrape.
      let reading: Promise<void> | null = null;
      const read = () =>
        (reading ??= sql<{ pending: string | number; oldest: string | number | null }>`
          select count(*) as pending, extract(epoch from now() - min(creado_en)) as oldest
          from correos_salientes where estado in ('pendiente', 'enviando')`
          .execute(db)
          .then(({ rows }) => {
            pending.set(Number(rows[0]?.pending ?? 0));
            oldest.set(Math.max(0, Number(rows[0]?.oldest ?? 0)));
          })
          .catch(() => {
            // No number is better than a stale one: the series disappears until the database answers.
            pending.reset();
            oldest.reset();
            scrapeFailures.inc();
          })
          .finally(() => {
            reading = null;
          }));
      Object.assign(pending, { collect: read });
      Object.assign(oldest, { collect: read });

      if (pool) {
        new Gauge({
          name: 'bolsa_db_pool_connections',
          help: 'PostgreSQL pool connections by state (total, idle, waiting: callers queued for one).',
          labelNames: ['state'] as const,
          registers: [registry],
          collect() {
            this.set({ state: 'total' }, pool.totalCount);
            this.set({ state: 'idle' }, pool.idleCount);
            this.set({ state: 'waiting' }, pool.waitingCount);
          },
        });
        new Gauge({
          name: 'bolsa_db_pool_max',
          help: 'Most connections the PostgreSQL pool may open.',
          registers: [registry],
          collect() {
            this.set(pool.options.max ?? 10);
          },
        });
      }
    },
  };
}
