import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * `pipeline(source, res)` for a response the BFF's middleware already watches: logging, metrics,
 * shutdown and compression each listen for its 'close', and Node's pipeline adds seven more, so
 * every streamed file printed MaxListenersExceededWarning (a leak warning for what is not a leak:
 * all of them go with the response). The response's limit is raised for this one stream.
 */
export function streamToResponse(source: Readable | AsyncIterable<unknown>, res: ServerResponse): Promise<void> {
  res.setMaxListeners(Math.max(res.getMaxListeners(), 20));
  return pipeline(source, res);
}
