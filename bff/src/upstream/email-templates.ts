import { unexpected } from '../errors.js';
import {
  normaliseEmailTemplateAnswer,
  normaliseEmailTemplatePreview,
  normaliseEmailTemplates,
  normaliseEmailTemplateVersions,
  type EmailTemplateDto,
  type EmailTemplatePreviewDto,
  type EmailTemplateVersionDto,
} from '../normalise/email-template.js';
import type { ActorRef } from './candidates.js';
import { failed, failure, isRecordId, success, type Result } from './failure.js';
import type { Upstream } from './http.js';

const actorFields = (actor: ActorRef) => ({ usuarioId: actor.userId ?? undefined, rol: actor.role });
/** A template key as domain writes them ('estado-en-seguimiento'): anything else cannot exist. */
const isKey = (key: string) => /^[a-z0-9-]{1,80}$/.test(key);
const path = (key: string, tail = '') => `/internal/plantillas-correo/${key}${tail}`;

/**
 * E-mail templates (issue 24): the only code that knows their api paths (/internal/plantillas-correo…).
 * Every call carries the session's user and role (the api refuses all but role 1).
 */
export class EmailTemplatesClient {
  constructor(private readonly http: Upstream) {}

  async list(actor: ActorRef): Promise<EmailTemplateDto[]> {
    return normaliseEmailTemplates(await this.http.read('/internal/plantillas-correo', { query: actorFields(actor) }));
  }

  /** A template's versions, newest first; [] for a key that does not exist. */
  async versions(key: string, actor: ActorRef): Promise<EmailTemplateVersionDto[]> {
    if (!isKey(key)) return [];
    const r = await this.http.send(path(key, '/versiones'), { query: actorFields(actor) });
    if (r.ok) return normaliseEmailTemplateVersions(r.value);
    if (r.failure.kind === 'not-found') return [];
    throw unexpected(r.failure);
  }

  private async write(p: string, body: object): Promise<Result<EmailTemplateDto>> {
    const r = await this.http.send(p, { method: 'POST', json: body });
    if (!r.ok) return r;
    const t = normaliseEmailTemplateAnswer(r.value);
    return t ? success(t) : failed(failure('unconfirmed'));
  }

  save(key: string, subject: string, body: string, actor: ActorRef): Promise<Result<EmailTemplateDto>> {
    if (!isKey(key)) return Promise.resolve(failed(failure('not-found')));
    return this.write(path(key), { asunto: subject, cuerpo: body, ...actorFields(actor) });
  }

  reset(key: string, actor: ActorRef): Promise<Result<EmailTemplateDto>> {
    if (!isKey(key)) return Promise.resolve(failed(failure('not-found')));
    return this.write(path(key, '/restablecer'), actorFields(actor));
  }

  restore(key: string, versionId: string, actor: ActorRef): Promise<Result<EmailTemplateDto>> {
    if (!isKey(key) || !isRecordId(versionId)) return Promise.resolve(failed(failure('not-found')));
    return this.write(path(key, '/restaurar'), { versionId: Number(versionId), ...actorFields(actor) });
  }

  async preview(key: string, subject: string, body: string, actor: ActorRef): Promise<Result<EmailTemplatePreviewDto>> {
    if (!isKey(key)) return failed(failure('not-found'));
    const r = await this.http.send(path(key, '/vista-previa'), {
      method: 'POST',
      json: { asunto: subject, cuerpo: body, ...actorFields(actor) },
    });
    if (!r.ok) return r;
    const p = normaliseEmailTemplatePreview(r.value);
    return p ? success(p) : failed(failure('unconfirmed'));
  }
}
