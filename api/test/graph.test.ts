import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { todayInGuatemala } from '@bolsa/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graphMeetings } from '../src/interviews/graph.js';
import { startApi } from '../src/server.js';
import { recordingClient } from './support/client.js';
import type { TestApi } from './support/databases.js';

// A throw-away certificate for 127.0.0.1: msal-node accepts only https authorities.
const TLS = {
  key: readFileSync(new URL('./fixtures/loopback-tls.key', import.meta.url)),
  cert: readFileSync(new URL('./fixtures/loopback-tls.crt', import.meta.url)),
};
const SECRET = 'super-secreto-de-cliente-123';
const TENANT = 'tenant-de-prueba';

type Mode = 'ok' | 'graph401' | 'graph500' | 'graphTimeout' | 'tokenDenied' | 'tokenTimeout';

/** The fake Azure AD token endpoint and Microsoft Graph in one loopback HTTPS server. */
async function fakeMicrosoft() {
  const state = {
    mode: 'ok' as Mode,
    tokens: 0,
    meetings: [] as { user: string; body: Record<string, unknown>; auth: string }[],
  };
  const server = https.createServer(TLS, (req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = new URL(req.url ?? '/', 'https://x').pathname;
      if (path === `/${TENANT}/oauth2/v2.0/token`) {
        state.tokens++;
        if (state.mode === 'tokenTimeout') return; // never answers
        const form = new URLSearchParams(raw);
        if (state.mode === 'tokenDenied' || form.get('client_secret') !== SECRET)
          return json(401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret provided.',
          });
        return json(200, {
          token_type: 'Bearer',
          expires_in: 3599,
          ext_expires_in: 3599,
          access_token: 'token-de-graph',
        });
      }
      const m = /^\/v1\.0\/users\/([^/]+)\/onlineMeetings$/.exec(path);
      if (m && req.method === 'POST') {
        if (state.mode === 'graphTimeout') return;
        if (state.mode === 'graph401')
          return json(401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
        if (state.mode === 'graph500')
          return json(500, { error: { code: 'generalException', message: 'boom at Foo.Bar()' } });
        state.meetings.push({
          user: decodeURIComponent(m[1]!),
          body: JSON.parse(raw),
          auth: req.headers.authorization ?? '',
        });
        return json(201, {
          id: 'reunion-1',
          joinWebUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_prueba',
        });
      }
      json(404, { error: { code: 'NotFound' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function inDays(n: number): string {
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

describe('virtual interviews through Microsoft Graph (fake token and Graph servers on loopback)', () => {
  let ms: Awaited<ReturnType<typeof fakeMicrosoft>>;
  let t: TestApi;
  const api = recordingClient(() => t);
  let serial = 0;
  // msal caches the app token: each test gets a fresh client, so token failures are really asked for.
  const fresh = () =>
    graphMeetings({
      tenantId: TENANT,
      clientId: 'cliente-de-prueba',
      clientSecret: SECRET,
      authorityHost: ms.url,
      graphBaseUrl: `${ms.url}/v1.0`,
      timeoutMs: 1_500,
      ca: TLS.cert.toString(),
    });
  let provider: ReturnType<typeof graphMeetings>;

  beforeEach(() => {
    provider = fresh();
  });

  beforeAll(async () => {
    ms = await fakeMicrosoft();
    const running = await startApi({
      memory: true,
      port: 0,
      seedDemo: true,
      smtpUrl: null,
      meetings: (m) => provider(m),
    });
    t = { api: running, logs: [], close: () => running.close() };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await ms?.close();
  });
  afterEach(() => {
    ms.state.mode = 'ok';
  });

  const insert = async () => {
    const plaza = await t.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { id } = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: plaza.id,
        nombre: 'Virtual',
        cui: null,
        email: `graph.${++serial}@example.com`,
        estado: 'post-pruebas',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const body = (id: number) => ({
    candidatoId: id,
    candidatoNombre: 'Virtual',
    candidatoEmail: 'virtual@example.com',
    fechaEntrevista: inDays(4),
    horaInicio: '10:00',
    horaFin: '10:45',
    participantes: ['jefa@ejemplo.org.gt'],
    organizadorEmail: 'GTH@ejemplo.org.gt',
    rol: 1,
  });
  const nothingStored = async (id: number) => {
    expect(
      (await t.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado,
    ).toBe('post-pruebas');
    expect(
      await t.api.db.selectFrom('entrevistas').select('id').where('postulante_id', '=', id).execute(),
    ).toHaveLength(0);
    expect(
      await t.api.db.selectFrom('correos_salientes').select('id').where('postulante_id', '=', id).execute(),
    ).toHaveLength(0);
  };

  it('happy path: an app token, the meeting for the organiser, its joinWebUrl in the answer and the invitations', async () => {
    const id = await insert();
    const res = await api.post('/entrevista/crear-reunion-teams', body(id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      meetingLink: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_prueba',
    });
    const call = ms.state.meetings.at(-1)!;
    expect(call.user).toBe('gth@ejemplo.org.gt');
    expect(call.auth).toBe('Bearer token-de-graph');
    expect(call.body).toMatchObject({
      startDateTime: `${inDays(4)}T10:00:00-06:00`,
      endDateTime: `${inDays(4)}T10:45:00-06:00`,
    });
    const mails = await t.api.db
      .selectFrom('correos_salientes')
      .select('ics')
      .where('postulante_id', '=', id)
      .execute();
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.ics).toContain('https://teams.microsoft.com/l/meetup-join/19%3ameeting_prueba');
  });

  const failures: [Mode, string, RegExp][] = [
    ['graph401', 'Error del servidor', /HTTP 401 \(InvalidAuthenticationToken\)/],
    ['graph500', 'Error del servidor', /HTTP 500 \(generalException\)/],
    ['graphTimeout', 'Timeout - La solicitud tardó demasiado tiempo', /no respondió a tiempo/],
    ['tokenDenied', 'Error del servidor', /token de Microsoft Graph/],
    ['tokenTimeout', 'Timeout - La solicitud tardó demasiado tiempo', /no respondió a tiempo/],
  ];
  it.each(failures)(
    '%s: the error card (Spanish, safe details), nothing stored or queued',
    async (mode, error, details) => {
      ms.state.mode = mode;
      const id = await insert();
      const res = await api.post('/entrevista/crear-reunion-teams', body(id));
      expect(res.status).toBe(424);
      expect(res.body).toMatchObject({ success: false, meetingLink: null, error });
      expect(res.body.details).toMatch(details);
      const text = JSON.stringify(res.body);
      for (const secret of [SECRET, 'token-de-graph', 'AADSTS', 'boom at', ' at ']) expect(text).not.toContain(secret);
      await nothingStored(id);
    },
  );
});
