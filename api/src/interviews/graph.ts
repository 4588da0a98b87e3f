import { ConfidentialClientApplication, type INetworkModule, type NetworkResponse } from '@azure/msal-node';
import { guatemalaIsoWithOffset, INTERVIEW_MESSAGES } from '@bolsa/domain';
import { Agent, fetch } from 'undici';
import { MeetingError, type MeetingProvider } from './service.js';

const M = INTERVIEW_MESSAGES;
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

export interface GraphOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com, or a national cloud's (the tests' fake token server). */
  authorityHost: string;
  /** https://graph.microsoft.com/v1.0 (or the tests' fake Graph server). */
  graphBaseUrl: string;
  /** Per call (token and meeting); the screen waits 60 s for the whole request (spec 3 §9). */
  timeoutMs?: number;
  /** Extra trusted CA (PEM): the tests' loopback HTTPS servers. */
  ca?: string;
}

/** Thrown by the network client so the error mapping sees a time-out as such. */
class GraphTimeout extends Error {
  constructor() {
    super('timeout');
    this.name = 'GraphTimeout';
  }
}

/**
 * msal-node's HTTP through undici: one time-out for every call, and a CA the tests can add. msal
 * reads status and body itself (an OAuth error answers 400/401 with JSON).
 */
function networkClient(dispatcher: Agent, timeoutMs: number): INetworkModule {
  const send = async <T>(
    url: string,
    method: 'GET' | 'POST',
    o?: { headers?: Record<string, string>; body?: string },
  ) => {
    let res;
    try {
      res = await fetch(url, {
        method,
        headers: o?.headers,
        body: o?.body,
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new GraphTimeout();
      throw err;
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    const text = await res.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    return { headers, body: body as T, status: res.status } satisfies NetworkResponse<T>;
  };
  return {
    sendGetRequestAsync: (url, options) => send(url, 'GET', options),
    sendPostRequestAsync: (url, options) => send(url, 'POST', options),
  };
}

/** A failure as the error card shows it: a Spanish message and details without secrets or stack. */
function failure(err: unknown, step: 'token' | 'meeting'): MeetingError {
  if (err instanceof MeetingError) return err;
  if (err instanceof GraphTimeout || (err as Error)?.name === 'TimeoutError' || hasTimeoutCause(err))
    return new MeetingError(
      M.timeout,
      `Microsoft Graph no respondió a tiempo (${step === 'token' ? 'token' : 'reunión'}).`,
    );
  const e = err as { errorCode?: unknown; name?: unknown };
  const code = typeof e.errorCode === 'string' ? e.errorCode.replace(/[^\w.-]/g, '').slice(0, 80) : null;
  if (step === 'token')
    return new MeetingError(
      M.serverError,
      `No se pudo obtener el token de Microsoft Graph${code ? ` (${code})` : ''}.`,
    );
  return new MeetingError(M.serverError, 'No se pudo contactar a Microsoft Graph.');
}

function hasTimeoutCause(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof GraphTimeout) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return typeof (err as { message?: unknown })?.message === 'string' && /\btimeout\b/i.test((err as Error).message);
}

/**
 * Teams meetings through Microsoft Graph: an app-only token (client credentials) and
 * POST /users/{organiser}/onlineMeetings, answering its joinWebUrl. The organiser must be a user
 * of the tenant and the app needs an application access policy for them.
 */
export function graphMeetings(o: GraphOptions): MeetingProvider {
  const timeoutMs = o.timeoutMs ?? 25_000;
  const dispatcher = new Agent(o.ca ? { connect: { ca: o.ca } } : {});
  const host = o.authorityHost.replace(/\/+$/, '');
  const authority = `${host}/${encodeURIComponent(o.tenantId)}`;
  const app = new ConfidentialClientApplication({
    auth: {
      clientId: o.clientId,
      clientSecret: o.clientSecret,
      authority,
      knownAuthorities: [new URL(host).host],
      // The endpoints of the authority, so no discovery round trip precedes the token.
      authorityMetadata: JSON.stringify({
        token_endpoint: `${authority}/oauth2/v2.0/token`,
        authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
        end_session_endpoint: `${authority}/oauth2/v2.0/logout`,
        issuer: `${authority}/v2.0`,
        jwks_uri: `${authority}/discovery/v2.0/keys`,
      }),
    },
    system: { networkClient: networkClient(dispatcher, timeoutMs) },
  });

  return async (m) => {
    let token: string;
    const asked = Date.now();
    try {
      const r = await app.acquireTokenByClientCredential({ scopes: [GRAPH_SCOPE] });
      if (!r?.accessToken) throw new MeetingError(M.serverError, 'Microsoft Graph no entregó un token.');
      token = r.accessToken;
    } catch (err) {
      // msal wraps a network failure as network_error without its cause: one that took the whole
      // time-out was the time-out.
      const slow =
        (err as { errorCode?: unknown }).errorCode === 'network_error' && Date.now() - asked >= timeoutMs - 50;
      throw failure(slow ? new GraphTimeout() : err, 'token');
    }
    let res;
    try {
      res = await fetch(
        `${o.graphBaseUrl.replace(/\/+$/, '')}/users/${encodeURIComponent(m.organiserEmail)}/onlineMeetings`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            subject: m.subject,
            // Guatemala's wall-clock times with the zone's offset at that moment.
            startDateTime: guatemalaIsoWithOffset(m.date, m.start),
            endDateTime: guatemalaIsoWithOffset(m.date, m.end),
          }),
          dispatcher,
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (err) {
      throw failure(err, 'meeting');
    }
    const body = (await res.json().catch(() => null)) as { joinWebUrl?: unknown; error?: { code?: unknown } } | null;
    if (!res.ok) {
      const code = typeof body?.error?.code === 'string' ? body.error.code.replace(/[^\w.-]/g, '').slice(0, 80) : null;
      throw new MeetingError(
        M.serverError,
        `Microsoft Graph respondió HTTP ${res.status}${code ? ` (${code})` : ''} al crear la reunión.`,
      );
    }
    if (typeof body?.joinWebUrl !== 'string' || !/^https:\/\//.test(body.joinWebUrl))
      throw new MeetingError(M.serverError, 'Microsoft Graph no devolvió el enlace de la reunión.');
    return body.joinWebUrl;
  };
}
