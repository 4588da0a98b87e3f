import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { failureOf, type Result } from './failure.js';

/** The lines of an NDJSON body as they arrive; pulling the next one reads the body no further than it. */
export async function* ndjsonLines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.write(chunk);
    let nl = rest.indexOf('\n');
    while (nl >= 0) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (line.trim()) yield line;
      nl = rest.indexOf('\n');
    }
  }
  rest += decoder.end();
  if (rest.trim()) yield rest;
}

/** Rows the api streams as NDJSON (an export), each read by its normaliser as it arrives. */
export interface RowStream<T> {
  /** The api's count of the rows (X-Total-Count), when it said one. */
  total: number | null;
  rows: AsyncIterable<T>;
  /** Stops reading (the browser went away). */
  cancel(): void;
}

/**
 * An NDJSON answer of the api as a stream of normalised rows, or its refusal: a line that is not
 * JSON or that the normaliser does not accept is skipped. One reader for every streamed export
 * (candidate lists, the audit log).
 */
export async function ndjsonRows<T>(
  res: Dispatcher.ResponseData,
  normalise: (raw: unknown) => T | null,
  totalOf: (header: string | string[] | undefined) => number | null,
): Promise<Result<RowStream<T>>> {
  if (res.statusCode !== 200) {
    const text = await res.body.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: the text is the body */
    }
    return { ok: false, failure: failureOf(res.statusCode, body) };
  }
  const body = res.body;
  async function* rows() {
    for await (const line of ndjsonLines(body)) {
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch {
        continue;
      }
      const row = normalise(raw);
      if (row) yield row;
    }
  }
  return {
    ok: true,
    value: { total: totalOf(res.headers['x-total-count']), rows: rows(), cancel: () => body.destroy() },
  };
}
