import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { Observable, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { idempotencyLink } from './idempotency';

// Parsed here, not tagged: codegen collects tagged documents, validates them against the schema and
// registers them as trusted operations; these two belong to the fake transport below only.
const ADD = parse(`
  mutation AddNote($c: ID!, $t: String!) {
    addCandidateNote(candidateId: $c, text: $t) {
      ok
    }
  }
`);
const READ = parse(`
  query Notes($c: ID!) {
    notes(candidateId: $c) {
      id
    }
  }
`);

type Outcome =
  { data: unknown; errors?: { message: string; extensions?: { code: string } }[] } | { fail: 'network' | number };

/** The idempotency link in front of a fake transport that records the header and answers `next`. */
function harness(o: { max?: number; ttlMs?: number; now?: () => number } = {}) {
  const sent: (string | undefined)[] = [];
  let next: Outcome = { data: { ok: true } };
  const transport = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { headers } = operation.getContext() as { headers?: Record<string, string> };
        sent.push(headers?.['Idempotency-Key']);
        if ('fail' in next) {
          const err =
            next.fail === 'network'
              ? new TypeError('Failed to fetch')
              : Object.assign(new Error('status'), { statusCode: next.fail });
          observer.error(err);
        } else {
          observer.next(next as ApolloLink.Result);
          observer.complete();
        }
      }),
  );
  const link = ApolloLink.from([idempotencyLink(o.max, o.ttlMs, o.now), transport]);
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const run = async (query = ADD, variables: Record<string, unknown> = { c: '1', t: 'Hola' }, answer?: Outcome) => {
    if (answer) next = answer;
    try {
      await firstValueFrom(ApolloLink.execute(link, { query, variables }, { client }));
    } catch {
      // the failure is the point
    }
    return sent[sent.length - 1];
  };
  return { run, sent };
}

describe('idempotencyLink', () => {
  it('sends the same key again after a network error, and a new one after an answer', async () => {
    const { run } = harness();
    const first = await run(ADD, { c: '1', t: 'Hola' }, { fail: 'network' });
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    const retry = await run(ADD, { t: 'Hola', c: '1' }, { data: { ok: true } });
    expect(retry).toBe(first);
    const later = await run(ADD, { c: '1', t: 'Hola' }, { data: { ok: true } });
    expect(later).not.toBe(first);
  });

  it('keeps the key after a 5xx or an upstream outage, forgets it after a 4xx or a validation error', async () => {
    const { run } = harness();
    const k = await run(ADD, undefined, { fail: 503 });
    expect(
      await run(ADD, undefined, {
        data: null,
        errors: [{ message: 'x', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
      }),
    ).toBe(k);
    expect(
      await run(ADD, undefined, { data: null, errors: [{ message: 'x', extensions: { code: 'INTERNAL' } }] }),
    ).toBe(k);
    expect(await run(ADD, undefined, { fail: 400 })).toBe(k);
    // The 400 was a definite answer: the next try is a new write.
    const after400 = await run(ADD, undefined, { data: { ok: false } });
    expect(after400).not.toBe(k);
  });

  it('gives different variables different keys', async () => {
    const { run } = harness();
    const a = await run(ADD, { c: '1', t: 'Hola' }, { fail: 'network' });
    const b = await run(ADD, { c: '1', t: 'Adiós' }, { fail: 'network' });
    expect(b).not.toBe(a);
    expect(await run(ADD, { c: '1', t: 'Hola' })).toBe(a);
  });

  it('leaves queries alone', async () => {
    const { run, sent } = harness();
    await run(READ, { c: '1' }, { fail: 'network' });
    expect(sent).toEqual([undefined]);
  });

  it('remembers a bounded number of keys for a bounded time', async () => {
    let clock = 0;
    const { run } = harness({ max: 2, ttlMs: 1_000, now: () => clock });
    const a = await run(ADD, { c: '1', t: 'a' }, { fail: 'network' });
    await run(ADD, { c: '1', t: 'b' }, { fail: 'network' });
    await run(ADD, { c: '1', t: 'c' }, { fail: 'network' });
    // 'a' was the oldest of three: forgotten.
    expect(await run(ADD, { c: '1', t: 'a' }, { fail: 'network' })).not.toBe(a);
    const c = await run(ADD, { c: '1', t: 'c' }, { fail: 'network' });
    clock = 1_000;
    expect(await run(ADD, { c: '1', t: 'c' }, { fail: 'network' })).not.toBe(c);
  });
});
