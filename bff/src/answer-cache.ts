import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { markCachedAnswer, markOperation, markRoute, operationOf } from './observability/index.js';

/**
 * Root fields whose answer is the same for every anonymous caller and already allowed to be as
 * stale as the public list cache: the board and the catalogue.
 */
const SHARED_FIELDS = new Set(['vacancies', 'branches', 'departments', 'municipalities', '__typename']);
const MAX_DOCUMENTS = 200;
/** Larger bodies are never board reads worth the early path; Express reads them as before. */
const MAX_EARLY_BODY = 16_384;
/** compression's threshold in server.ts: smaller answers go out unencoded there too. */
const COMPRESS_THRESHOLD = 1_024;
/** Set on a request whose body the early path read but could not parse: Express answers it. */
const UNPARSABLE = Symbol('unparsable body');
/** Headers of a cached answer that belong to one response, not to the answer. */
const STALE_WHILE_REFRESHING_MS = 10_000;
/** A refresh that has not finished by then is presumed lost: waiting requests stop waiting for it. */
const MAX_WAIT_MS = 10_000;
const PER_RESPONSE = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'vary',
  // Said only over HTTPS (server.ts): never repeated to whoever asks next, perhaps over plain HTTP.
  'strict-transport-security',
]);

type Encoding = 'br' | 'gzip' | 'deflate' | 'identity';

/**
 * An answer's key: what the request asks (query, variables, operation) and the media type it
 * accepts — Apollo answers `application/graphql-response+json` or `application/json` by the
 * `Accept` header, and the captured Content-Type goes with the bytes (GraphQL over HTTP's MUST).
 * The header is kept as sent, spaces and case aside: clients send the same one every time.
 */
function answerKey(requestKey: string, accept: string | undefined): string {
  return `${(accept ?? '').toLowerCase().replace(/\s+/g, '')}\n${requestKey}`;
}

interface Entry {
  at: number;
  body: Buffer | null;
  refreshing: boolean;
  /** When the refresh in flight began. */
  refreshStarted: number;
  /** Requests for this answer that came while it was being refreshed and had nothing to serve. */
  waiters: (() => void)[];
  /** Every header Express sent with this answer (helmet's, CSP, ETag, Cache-Control…), flat. */
  headers: string[];
  /** The body as compression would have encoded it, made once per answer on first demand. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
  /** The operation's label (metrics, log line) from the execution that filled it. */
  operation?: string;
}

export interface AnswerCache {
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** After express.json: a body the early path could not parse is refused as body-parser would. */
  unparsable(req: Request, res: Response, next: NextFunction): void;
  /**
   * The HTTP handler to listen with: answers fresh cached anonymous board reads itself, before
   * Express, and hands everything else to `app` (with the body already parsed when it read it).
   */
  handler(app: RequestListener, allowedOrigins: string[]): RequestListener;
  invalidate(): void;
}

/**
 * Whole GraphQL answers to anonymous reads of the public board, kept for the public cache TTL and
 * keyed by the document run (the query text, or a registered hash's text), variables, operation name and `Accept` header. A hit skips GraphQL execution altogether; the board's
 * first screen is the page every visitor loads. Requests with a cookie or an Authorization header
 * never read or fill it, nor do answers with errors or cookies. At most `max` answers are kept.
 *
 * Hits are answered twice over: by `handler`, in front of Express (no router, body-parser,
 * helmet or compression per request: the bytes and headers were captured from the Express answer
 * that filled the entry), and by `middleware` for requests that reach Express anyway.
 */
export function answerCache(
  ttlMs: number,
  max = 500,
  /** The document a body runs (trusted documents: a registered hash's text), or null: never cached. */
  documentOf: (body: { query?: unknown; extensions?: unknown }) => string | null = (b) =>
    typeof b.query === 'string' ? b.query : null,
): AnswerCache {
  const answers = new Map<string, Entry>();
  const shareable = new Map<string, boolean>();
  /** Request bodies (exact text) already seen by the early path → their cache key. */
  const rawKeys = new Map<string, string>();

  const isShared = (query: string, operationName: unknown): boolean => {
    let known = shareable.get(query);
    if (known === undefined) {
      known = sharedOnly(query, typeof operationName === 'string' ? operationName : null);
      if (shareable.size >= MAX_DOCUMENTS) shareable.delete(shareable.keys().next().value!);
      shareable.set(query, known);
    }
    return known;
  };

  /** The cache key of a shareable read, or null when this body is not one. */
  const keyOf = (
    body: { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | undefined,
  ) => {
    const query = body ? documentOf(body) : null;
    if (query === null || !isShared(query, body?.operationName)) return null;
    try {
      return JSON.stringify([query, body?.variables ?? null, body?.operationName ?? null]);
    } catch {
      // Variables nested deeper than JSON.stringify can follow: not cacheable, let GraphQL refuse them.
      return null;
    }
  };

  // While one request refreshes an expired answer, the others get the previous one if it is not
  // older than STALE_WHILE_REFRESHING_MS (or 2 × TTL, whichever is longer): a board visited after a
  // quiet spell answers at once instead of waiting for the api. A write through this BFF
  // invalidates first, so only changes made elsewhere (another replica) can be seen that late, and
  // only by requests that arrive during the refresh.
  const servable = (hit: Entry | undefined): hit is Entry & { body: Buffer } => {
    if (!hit?.body) return false;
    const age = Date.now() - hit.at;
    return age < ttlMs || (hit.refreshing && age < Math.max(2 * ttlMs, STALE_WHILE_REFRESHING_MS));
  };
  // Nothing servable, but the same answer is being computed now: wait for it rather than execute
  // it again. After a quiet spell every answer has expired, and without this the first burst of
  // visitors would all go through GraphQL while the api is asked once.
  const pending = (hit: Entry | undefined): hit is Entry =>
    !!hit && hit.refreshing && Date.now() - hit.refreshStarted < MAX_WAIT_MS;

  /**
   * Answers a hit with the captured headers, the request's id (chosen by the instrumented handler
   * around this one, else a fresh one) and the encoding compression would pick.
   */
  const answerEarly = (
    req: IncomingMessage,
    res: ServerResponse,
    hit: Entry & { body: Buffer },
    encoding: Encoding,
  ) => {
    const given = (req as IncomingMessage & { id?: unknown }).id;
    const id = typeof given === 'string' ? given : randomUUID();
    markRoute(req, '/graphql');
    markCachedAnswer(req);
    if (hit.operation) markOperation(req, hit.operation);
    let body = hit.body;
    const headers = hit.headers.concat('X-Request-Id', id);
    if (encoding !== 'identity' && body.length >= COMPRESS_THRESHOLD) {
      body = hit.encoded[encoding] ??= encode(hit.body, encoding);
      headers.push('Content-Encoding', encoding);
    }
    headers.push('Content-Length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
  };

  return {
    invalidate() {
      // Entries already handed out (to a refresh or its waiters) must not serve the old answer either.
      for (const entry of answers.values()) entry.at = -Infinity;
      answers.clear();
    },

    unparsable(req, _res, next) {
      if ((req as Request & { [UNPARSABLE]?: boolean })[UNPARSABLE])
        return next(Object.assign(new Error('unparsable JSON body'), { status: 400 }));
      next();
    },

    handler(app, allowedOrigins) {
      return (req, res) => {
        const encoding = ttlMs > 0 && answers.size > 0 ? earlyCandidate(req, allowedOrigins) : null;
        if (!encoding) return app(req, res);
        const chunks: Buffer[] = [];
        // A client that goes away mid-body: nothing to answer.
        req.once('error', () => res.destroy());
        req.on('data', (c: Buffer) => chunks.push(c));
        req.once('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          // The same bytes as a previous request: its key without parsing (most board reads are).
          const known = rawKeys.get(raw);
          /** Express sees a finished request and keeps this body (body-parser skips a read one). */
          const toExpress = () => {
            try {
              (req as IncomingMessage & { body?: unknown }).body = JSON.parse(raw);
            } catch {
              (req as IncomingMessage & { [UNPARSABLE]?: boolean })[UNPARSABLE] = true;
            }
            app(req, res);
          };
          let key: string | null = known ?? null;
          if (!known) {
            let body: unknown;
            try {
              body = JSON.parse(raw);
            } catch {
              return toExpress();
            }
            key = body && typeof body === 'object' && !Array.isArray(body) ? keyOf(body) : null;
            if (key) {
              if (rawKeys.size >= max) rawKeys.delete(rawKeys.keys().next().value!);
              rawKeys.set(raw, key);
            }
          }
          const hit = key ? answers.get(answerKey(key, req.headers.accept)) : undefined;
          if (servable(hit)) return answerEarly(req, res, hit, encoding);
          if (pending(hit))
            return void hit.waiters.push(() => (servable(hit) ? answerEarly(req, res, hit, encoding) : toExpress()));
          toExpress();
        });
      };
    },

    middleware(req, res, next) {
      const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
      if (
        ttlMs <= 0 ||
        req.method !== 'POST' ||
        req.headers.cookie ||
        req.headers.authorization ||
        !body ||
        !req.is('application/json')
      )
        return next();
      const requestKey = keyOf(body);
      if (!requestKey) return next();
      const key = answerKey(requestKey, req.headers.accept);
      const hit = answers.get(key);
      const send = (entry: Entry & { body: Buffer }) => {
        markCachedAnswer(req);
        if (entry.operation) markOperation(req, entry.operation);
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', entry.body.length);
        res.end(entry.body);
      };
      if (servable(hit)) return send(hit);
      if (pending(hit)) return void hit.waiters.push(() => (servable(hit) ? send(hit) : next()));
      let entry: Entry | undefined = hit;
      if (!entry) {
        if (answers.size >= max) answers.delete(answers.keys().next().value!);
        entry = { at: 0, body: null, refreshing: true, refreshStarted: 0, waiters: [], headers: [], encoded: {} };
        answers.set(key, entry);
      }
      Object.assign(entry, { refreshing: true, refreshStarted: Date.now() });
      const refreshed = entry;
      let done = false;
      const finish = (answer: Buffer | null) => {
        if (done) return;
        done = true;
        refreshed.refreshing = false;
        const keep =
          answer &&
          answers.get(key) === refreshed &&
          res.statusCode === 200 &&
          !answer.includes('"errors"') &&
          !res.hasHeader('set-cookie');
        if (keep)
          Object.assign(refreshed, {
            at: Date.now(),
            body: answer,
            // compression adds Vary when it writes the head, after this point: the early path says it too.
            headers: [...answerHeaders(res.getHeaders()), 'Vary', 'Accept-Encoding'],
            encoded: {},
            operation: operationOf(req),
          });
        // Those who waited get this answer, or (no answer to share) go on to execute their own.
        for (const wake of refreshed.waiters.splice(0)) wake();
      };
      capture(res, finish);
      // A refresh whose response closes without an answer (the client left, a crash) frees its waiters.
      res.once('close', () => finish(null));
      next();
    },
  };
}

/**
 * The encoding to answer with when this request may be a cached board read the early path can
 * answer exactly as Express would (null: leave it to Express). Like the route in server.ts: POST
 * /graphql, no cookie or token, a small JSON body, an origin sameOriginOnly accepts, and an
 * Accept-Encoding whose choice by compression is plain (no q-values).
 */
function earlyCandidate(req: IncomingMessage, allowedOrigins: string[]): Encoding | null {
  const h = req.headers;
  if (req.method !== 'POST' || (req.url !== '/graphql' && req.url !== '/graphql/')) return null;
  if (h.cookie || h.authorization || h['content-encoding'] || h['transfer-encoding']) return null;
  const length = Number(h['content-length']);
  if (!(length > 0 && length <= MAX_EARLY_BODY)) return null;
  const type = h['content-type']?.toLowerCase().replace(/\s+/g, '');
  if (type !== 'application/json' && type !== 'application/json;charset=utf-8') return null;
  const origin = h.origin;
  const site = h['sec-fetch-site'];
  const sameOrigin = origin
    ? allowedOrigins.includes(origin) ||
      (site === 'same-origin' && (origin === `http://${h.host}` || origin === `https://${h.host}`))
    : site === undefined || site === 'same-origin' || site === 'none';
  if (!sameOrigin) return null;
  const accepted = h['accept-encoding'];
  if (!accepted) return 'identity';
  if (accepted.includes(';') || accepted.includes('*')) return null;
  const names = accepted
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());
  // compression prefers br, then gzip, then the client's order among what it supports.
  if (names.includes('br')) return 'br';
  if (names.includes('gzip')) return 'gzip';
  if (names.includes('deflate')) return 'deflate';
  return 'identity';
}

function encode(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  if (encoding === 'deflate') return deflateSync(body);
  return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
}

function answerHeaders(all: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) flat.push(name, String(v));
  }
  return flat;
}

/** A query whose every root field is in SHARED_FIELDS (no fragments at the root, no mutations). */
function sharedOnly(query: string, operationName: string | null): boolean {
  try {
    const ops = parse(query, { maxTokens: 2_000 }).definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : null;
    return (
      !!op &&
      op.operation === 'query' &&
      op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && SHARED_FIELDS.has(s.name.value))
    );
  } catch {
    return false;
  }
}

/** Calls `done` with the bytes the route answered (before any compression further out). */
function capture(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => Response;
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') keep(chunk);
    done(Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as Response['end'];
}
