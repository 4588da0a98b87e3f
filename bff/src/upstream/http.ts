import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool, errors as undiciErrors, type FormData } from 'undici';
import { gqlError, unexpected } from '../errors.js';
// The module, not the index: the index reaches auth/, which reaches back here (no cycles).
import type { BffMetrics, UpstreamFailure } from '../observability/metrics.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '@bolsa/domain';
import { auditHeaders, currentRequestId, idempotencyKeyFor } from '../request-id.js';
import { failureOf, success, type Result } from './failure.js';

export interface UpstreamOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  connections: number;
  /** Each call's duration and failures, by masked route (bolsa_upstream_*). */
  metrics?: Pick<BffMetrics, 'upstream'>;
  /**
   * A call still without an answer after this long makes the BFF ask the api's /livez on the
   * side (the process, not its database: a database busy with a queue of slow queries is not a dead
   * api); an api that does not answer that either is down, and the call fails at once instead of
   * waiting out its own time-out (default 2 s).
   */
  livenessAfterMs?: number;
  /** How long the health probe may take (default 1.5 s). */
  probeTimeoutMs?: number;
  /** While the api is down, how often to probe it (default 1 s): the BFF recovers by itself. */
  probeEveryMs?: number;
}

/**
 * Whether the api answers, for every call of this BFF process. A network failure or a call that
 * gets no answer triggers one health probe (shared by every caller meanwhile); when the probe
 * fails too the api is down: calls fail at once with UPSTREAM_UNAVAILABLE (no call waits 10 s
 * per request for a dead api), and a probe runs every `probeEveryMs` until the api answers again.
 */
class Availability {
  private down = false;
  private probing: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly probeOnce: () => Promise<boolean>,
    private readonly everyMs: number,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** One probe at a time; its answer sets the state. */
  check(): Promise<boolean> {
    this.probing ??= this.probeOnce()
      .catch(() => false)
      .then((alive) => {
        this.probing = null;
        if (alive) this.down = false;
        else this.markDown();
        return alive;
      });
    return this.probing;
  }

  private markDown() {
    this.down = true;
    if (this.timer || this.closed) return;
    const again = () => {
      this.timer = null;
      if (this.closed || !this.down) return;
      void this.check().then((alive) => {
        if (!alive && !this.closed) this.timer = setTimeout(again, this.everyMs).unref();
      });
    };
    this.timer = setTimeout(again, this.everyMs).unref();
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** Thrown (and mapped to UPSTREAM_UNAVAILABLE) when a call is given up because the api is down. */
class ApiDown extends Error {
  constructor() {
    super('api down');
    this.name = 'ApiDown';
  }
}

const UNAVAILABLE_STATUS = new Set([502, 503, 504]);
/**
 * How often a write asks again while an earlier attempt with its key is still running. The api
 * says Retry-After: 2 (for clients in general); the BFF is its own client, close by, and a person
 * is waiting on the answer.
 */
const IN_PROGRESS_POLL_MS = 400;

/** undici's time-outs (connect, headers, body) versus refused or reset connections. */
const networkFailure = (err: unknown): UpstreamFailure =>
  /TIMEOUT/i.test(String((err as { code?: unknown }).code ?? (err as Error).name)) ? 'timeout' : 'connection';

/** An upstream answer that is not 2xx; `body` is the parsed JSON or the raw text. */
export class UpstreamHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`upstream status ${status}`);
  }
}

/** A file to send in a multipart body. */
export interface FilePart {
  data: Buffer;
  mime: string;
  name: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Multipart body (vacancies, test templates). */
  form?: FormData;
  /** Raw bytes streamed as they arrive (a file being staged), sent as application/octet-stream. */
  stream?: Readable;
  timeoutMs?: number;
  /**
   * 'control': the BFF's own bookkeeping (the revocation feed every 250 ms, the batched idle
   * marks) on connections of their own, never queued behind user requests: when 100 requests wait
   * for the shared pool, the feed must still answer within a second or every replica stops
   * answering sessions from memory and sends each lookup to the api (ADR 2026-11-27-session-cache).
   */
  lane?: 'control';
  /**
   * Whether the call may be given up as soon as the api is found down (the watchdog in raw()).
   * Reads may (GET: the default for them), and so may the BFF's own bookkeeping sent as POST (a
   * session's use, idle marks, rate-limit counters). A write may not (the default for POST): an
   * api paused for a few seconds still carries it out once it runs again, and the user would be
   * told it failed when it was done (a candidate rejected and e-mailed after 'No se pudo rechazar
   * al candidato.'). A write waits for its answer until its own time-out; calls made once the api
   * is known down are still refused before they are sent.
   */
  abandonable?: boolean;
  /**
   * Whether the call carries the request's derived Idempotency-Key (ADR 2026-11-29-idempotent-writes).
   * By default every write that is not abandonable, not on the control lane and not a file body
   * does; `false` for the BFF's own bookkeeping and for calls whose body holds a password (the api
   * would keep a digest of it for a day).
   */
  idempotent?: boolean;
}

/**
 * The one HTTP client to the REST api: a keep-alive undici Pool, the service token, a time-out
 * per call, and failures mapped so a slow or dead api becomes UPSTREAM_UNAVAILABLE, never a crash.
 */
export class Upstream {
  readonly pool: Pool;
  /** Health probes only: never queued behind calls that a hung api holds. */
  private readonly probePool: Pool;
  /** The control lane (RequestOptions.lane). */
  private readonly controlPool: Pool;
  private readonly availability: Availability;
  calls = 0;
  /** Diagnostics: told of every call (method, path, query), e.g. to count calls in tests. */
  onCall: ((method: string, path: string, query?: RequestOptions['query']) => void) | null = null;
  constructor(private readonly opts: UpstreamOptions) {
    this.pool = new Pool(opts.baseUrl, {
      connections: opts.connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(opts.timeoutMs, 5_000),
    });
    this.controlPool = new Pool(opts.baseUrl, {
      connections: 2,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(opts.timeoutMs, 5_000),
    });
    const probeTimeout = opts.probeTimeoutMs ?? 1_500;
    this.probePool = new Pool(opts.baseUrl, {
      connections: 2,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connectTimeout: probeTimeout,
    });
    this.availability = new Availability(() => this.probe(probeTimeout), opts.probeEveryMs ?? 1_000);
  }

  /**
   * The api process answers its liveness check in time. Any answer but a gateway's 502/503/504
   * counts: an api without /livez (the organisation's legacy one) answers 404, and is alive.
   */
  private async probe(timeoutMs: number): Promise<boolean> {
    const res = await this.probePool.request({
      path: '/livez',
      method: 'GET',
      headers: { authorization: `Bearer ${this.opts.token}`, 'ngrok-skip-browser-warning': 'true' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    await res.body.dump();
    return ![502, 503, 504].includes(res.statusCode);
  }

  async request<T = unknown>(path: string, o: RequestOptions = {}): Promise<T> {
    const deadline = performance.now() + (o.timeoutMs ?? this.opts.timeoutMs);
    let sent = await this.send1(path, o);
    for (;;) {
      const { res } = sent;
      const text = await res.body.text();
      const contentType = String(res.headers['content-type'] ?? '');
      let body: unknown = text;
      if (contentType.includes('json') || /^[\s]*[[{]/.test(text)) {
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
      }
      if (UNAVAILABLE_STATUS.has(res.statusCode)) {
        // The api (or its database) is down: the same answer for every caller, sessions included.
        throw gqlError('UPSTREAM_UNAVAILABLE', undefined, { reason: `status ${res.statusCode}` });
      }
      if (res.statusCode === 409 && res.headers['retry-after'] !== undefined) {
        // The same write (same Idempotency-Key) is still being carried out by an earlier attempt:
        // no answer yet, not a conflict. Ask again with the same key while this call has time, and
        // the attempt's own answer comes back once it is stored (the user who clicked again sees
        // what was done, not an outage). Past the time-out the browser keeps its key for later.
        const left = deadline - performance.now();
        if (sent.idempotencyKey && left > IN_PROGRESS_POLL_MS) {
          await delay(IN_PROGRESS_POLL_MS);
          sent = await this.send1(path, { ...o, timeoutMs: left - IN_PROGRESS_POLL_MS }, sent.idempotencyKey);
          continue;
        }
        throw gqlError('UPSTREAM_UNAVAILABLE', IDEMPOTENCY_MESSAGES.inProgress, { reason: 'in-progress' });
      }
      if (res.statusCode < 200 || res.statusCode >= 300) throw new UpstreamHttpError(res.statusCode, body);
      if (typeof body === 'string' && body.trim().startsWith('<')) {
        // An HTML page (a proxy's error or warning page) is not an answer of the api.
        throw gqlError('UPSTREAM_UNAVAILABLE', undefined, { reason: 'html' });
      }
      return body as T;
    }
  }

  /** A call whose non-2xx answer is a typed failure (mutations; lookups that may miss). */
  async send(path: string, o: RequestOptions = {}): Promise<Result<unknown>> {
    try {
      return success(await this.request(path, o));
    } catch (err) {
      if (err instanceof UpstreamHttpError) return { ok: false, failure: failureOf(err.status, err.body) };
      throw err;
    }
  }

  /** A read that must succeed: any failure becomes the GraphQL error of its kind. */
  async read(path: string, o: RequestOptions = {}): Promise<unknown> {
    const r = await this.send(path, o);
    if (!r.ok) throw unexpected(r.failure);
    return r.value;
  }

  /** The raw response, for streaming files. Errors other than HTTP statuses are mapped. */
  async raw(path: string, o: RequestOptions = {}) {
    return (await this.send1(path, o)).res;
  }

  /**
   * One call to the api, and the Idempotency-Key it carried. `sameKey`: the key of an earlier
   * attempt of this very call (asking again while that attempt runs), instead of a new one.
   */
  private async send1(path: string, o: RequestOptions, sameKey?: string) {
    const qs = o.query
      ? '?' +
        new URLSearchParams(
          Object.entries(o.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]): [string, string] => [k, String(v)]),
        ).toString()
      : '';
    const timeout = o.timeoutMs ?? this.opts.timeoutMs;
    this.calls++;
    this.onCall?.(o.method ?? 'GET', path, o.query);
    // Known down: say so now; the probe in the background notices when it is back.
    if (this.availability.isDown) throw gqlError('UPSTREAM_UNAVAILABLE', undefined, { reason: 'down' });
    const requestId = currentRequestId();
    const method = o.method ?? 'GET';
    const started = performance.now();
    const abort = new AbortController();
    const abandonable = o.abandonable ?? method === 'GET';
    const idempotent =
      (o.idempotent ?? true) && method !== 'GET' && !abandonable && o.lane !== 'control' && !o.form && !o.stream;
    const idempotencyKey = idempotent ? (sameKey ?? idempotencyKeyFor(method, path + qs)) : undefined;
    // No answer yet after a while: is the api alive at all? If not, give up now (see abandonable).
    const watchdog = setTimeout(
      () => {
        void this.availability.check().then((alive) => {
          if (!alive && abandonable) abort.abort(new ApiDown());
        });
      },
      Math.min(this.opts.livenessAfterMs ?? 2_000, timeout),
    ).unref();
    try {
      const res = await (o.lane === 'control' ? this.controlPool : this.pool).request({
        path: path + qs,
        method,
        headers: {
          authorization: `Bearer ${this.opts.token}`,
          accept: 'application/json',
          // The organisation's legacy api sits behind a tunnelling provider that shows a browser
          // warning page unless this header is present (spec §7).
          'ngrok-skip-browser-warning': 'true',
          ...(o.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(o.stream ? { 'content-type': 'application/octet-stream' } : {}),
          // One id follows the request through both logs.
          ...(requestId ? { 'x-request-id': requestId } : {}),
          // Who acts and from which address, for the api's audit log.
          ...auditHeaders(),
          // The same write retried by the browser is carried out once by the api.
          ...(idempotencyKey ? { [IDEMPOTENCY_HEADER.toLowerCase()]: idempotencyKey } : {}),
        },
        body: o.form ?? o.stream ?? (o.json !== undefined ? JSON.stringify(o.json) : null),
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: abort.signal,
      });
      const seconds = (performance.now() - started) / 1e3;
      const failure = UNAVAILABLE_STATUS.has(res.statusCode) ? 'unavailable' : undefined;
      this.opts.metrics?.upstream(method, path, res.statusCode, seconds, failure);
      return { res, idempotencyKey };
    } catch (err) {
      if (
        err instanceof ApiDown ||
        abort.signal.aborted ||
        err instanceof undiciErrors.UndiciError ||
        (err as NodeJS.ErrnoException).code === 'ECONNREFUSED' ||
        (err as NodeJS.ErrnoException).code === 'ECONNRESET'
      ) {
        this.opts.metrics?.upstream(method, path, 'error', (performance.now() - started) / 1e3, networkFailure(err));
        // A refused or reset connection, a time-out: check the api (one probe for everyone).
        if (!abort.signal.aborted) void this.availability.check();
        throw gqlError('UPSTREAM_UNAVAILABLE', undefined, { reason: (err as Error).name });
      }
      throw err;
    } finally {
      clearTimeout(watchdog);
    }
  }

  /** Whether the api answers its health check now (readiness, the health query). */
  healthy(): Promise<boolean> {
    return this.availability.check();
  }

  async close(): Promise<void> {
    this.availability.close();
    await Promise.all([this.pool.close(), this.probePool.close(), this.controlPool.close()]);
  }
}

/** Maps a 404 from the api to null, re-throwing anything else (for clients that read optional records). */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof UpstreamHttpError && err.status === 404) return null;
    throw err;
  }
}
