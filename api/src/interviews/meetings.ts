import { randomBytes } from 'node:crypto';
import type { ApiConfig } from '../config.js';
import { graphMeetings } from './graph.js';
import type { MeetingProvider } from './service.js';

export const DEFAULT_VIRTUAL_MEETING_URL = 'https://meet.jit.si/bolsa-{room}';

/**
 * Without Microsoft Graph: a link from a template with a random, unguessable room name, so the
 * virtual flow works on a fresh machine.
 */
export function templateMeetings(template: string = DEFAULT_VIRTUAL_MEETING_URL): MeetingProvider {
  return async () => {
    const room = randomBytes(9)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x');
    return template.includes('{room}')
      ? template.replaceAll('{room}', room)
      : `${template.replace(/\/+$/, '')}/${room}`;
  };
}

/** Microsoft Graph when TEAMS_TENANT_ID, TEAMS_CLIENT_ID and TEAMS_CLIENT_SECRET are set; else the template. */
export function meetingProviderFrom(config: ApiConfig): MeetingProvider {
  if (config.TEAMS_TENANT_ID && config.TEAMS_CLIENT_ID && config.TEAMS_CLIENT_SECRET)
    return graphMeetings({
      tenantId: config.TEAMS_TENANT_ID,
      clientId: config.TEAMS_CLIENT_ID,
      clientSecret: config.TEAMS_CLIENT_SECRET,
      authorityHost: config.GRAPH_AUTHORITY_HOST,
      graphBaseUrl: config.GRAPH_BASE_URL,
    });
  return templateMeetings(config.VIRTUAL_MEETING_URL ?? DEFAULT_VIRTUAL_MEETING_URL);
}
