import type { NextFunction, Request, Response } from 'express';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';

/**
 * Root fields whose answer is the same for every anonymous caller and already allowed to be as
 * stale as the public list cache: the board and the catalogue.
 */
const SHARED_FIELDS = new Set(['vacancies', 'branches', 'departments', 'municipalities', '__typename']);
const MAX_DOCUMENTS = 200;

export interface AnswerCache {
  middleware(req: Request, res: Response, next: NextFunction): void;
  invalidate(): void;
}

/**
 * Whole GraphQL answers to anonymous reads of the public board, kept for the public cache TTL and
 * keyed by the query text and variables. A hit skips GraphQL execution altogether; the board's
 * first screen is the page every visitor loads. Requests with a cookie or an Authorization header
 * never read or fill it, nor do answers with errors. At most `max` answers are kept.
 */
export function answerCache(ttlMs: number, max = 500): AnswerCache {
  const answers = new Map<string, { at: number; body: Buffer | null; refreshing: boolean }>();
  const shareable = new Map<string, boolean>();

  const isShared = (query: string, operationName: unknown): boolean => {
    let known = shareable.get(query);
    if (known === undefined) {
      known = sharedOnly(query, typeof operationName === 'string' ? operationName : null);
      if (shareable.size >= MAX_DOCUMENTS) shareable.delete(shareable.keys().next().value!);
      shareable.set(query, known);
    }
    return known;
  };

  return {
    invalidate: () => answers.clear(),
    middleware(req, res, next) {
      const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
      if (
        ttlMs <= 0 ||
        req.method !== 'POST' ||
        req.headers.cookie ||
        req.headers.authorization ||
        typeof body?.query !== 'string' ||
        !req.is('application/json')
      )
        return next();
      if (!isShared(body.query, body.operationName)) return next();
      let key: string;
      try {
        key = JSON.stringify([body.query, body.variables ?? null, body.operationName ?? null]);
      } catch {
        // Variables nested deeper than JSON.stringify can follow: not cacheable, let GraphQL refuse them.
        return next();
      }
      const hit = answers.get(key);
      const age = hit ? Date.now() - hit.at : Infinity;
      // While one request refreshes an expired answer, the others get the previous one (for at
      // most another TTL): a busy board never sends a burst of identical executions upstream.
      if (hit?.body && (age < ttlMs || (hit.refreshing && age < 2 * ttlMs))) {
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', hit.body.length);
        res.end(hit.body);
        return;
      }
      if (hit) hit.refreshing = true;
      else {
        if (answers.size >= max) answers.delete(answers.keys().next().value!);
        answers.set(key, { at: 0, body: null, refreshing: true });
      }
      capture(res, (answer) => {
        const entry = answers.get(key);
        if (!entry) return;
        entry.refreshing = false;
        if (res.statusCode === 200 && !answer.includes('"errors"'))
          Object.assign(entry, { at: Date.now(), body: answer });
      });
      next();
    },
  };
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
