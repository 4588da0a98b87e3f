import request from 'supertest';
import { isValidCui } from '@bolsa/domain/geography';
import type { TestApi } from './databases.js';

/** Sends requests with the service token and keeps every response body, to check what never leaves. */
export function recordingClient(getApi: () => TestApi) {
  const bodies: string[] = [];
  const keep = <T extends { text: string }>(res: T): T => {
    bodies.push(res.text ?? '');
    return res;
  };
  const auth = () => ({ Authorization: `Bearer ${getApi().api.token}` });
  return {
    bodies,
    get: async (path: string) => keep(await request(getApi().api.url).get(path).set(auth())),
    post: async (path: string, body?: object) => {
      const req = request(getApi().api.url).post(path).set(auth());
      return keep(await (body === undefined ? req : req.send(body)));
    },
  };
}

/** A valid CUI from 8 leading digits and a municipality code, check digit computed by the domain rule. */
export function validCui(first8: string, municipality = '0101'): string {
  for (let d = 0; d <= 9; d++) {
    const cui = `${first8}${d}${municipality}`;
    if (isValidCui(cui)) return cui;
  }
  throw new Error(`no check digit makes ${first8}?${municipality} valid`);
}
