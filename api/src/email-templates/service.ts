/**
 * E-mail templates (issue 24, item 1): the administrator edits what each e-mail says. Every save,
 * reset and restore is a version; the senders render with the current one (currentTemplate), in
 * the transaction of the change that sends the e-mail.
 */
import {
  can,
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATES,
  emailTemplateDefinition,
  GENERIC_MESSAGES,
  type EmailPlaceholder,
  type EmailTemplateAction,
  type EmailTemplateDefinition,
} from '@bolsa/domain';
import type { Transaction } from 'kysely';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/index.js';
import type { Database, Db } from '../db/database.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import { versionText } from '../mail/current-template.js';
import { checkTemplate, renderTemplate, replacedByDefault, sampleValues } from '../mail/render.js';
import * as repo from './repository.js';

const forbidden = () => new HttpError(403, GENERIC_MESSAGES.forbidden);

export interface PlaceholderJson {
  nombre: string;
  descripcion: string;
  ejemplo: string;
  tipo: 'texto' | 'enlace' | 'bloque';
}

export interface TemplateJson {
  clave: string;
  nombre: string;
  descripcion: string;
  titulo: string;
  marcadores: PlaceholderJson[];
  asunto: string;
  cuerpo: string;
  /** Sent with the default wording (never edited, reset, or a restored default). */
  predeterminada: boolean;
  /** The current version; null while never edited. */
  versionId: number | null;
  /** Why the current version is not sent and the default wording goes instead (replacedByDefault); null when it is sent. */
  motivoPredeterminado: string | null;
  actualizadoEn: string | null;
  actualizadoPor: string | null;
}

export interface VersionJson {
  id: number;
  clave: string;
  asunto: string;
  cuerpo: string;
  accion: EmailTemplateAction;
  predeterminada: boolean;
  restauradaDe: number | null;
  usuarioId: number | null;
  usuarioNombre: string | null;
  creadoEn: string;
  actual: boolean;
}

const KIND: Record<NonNullable<EmailPlaceholder['kind']>, PlaceholderJson['tipo']> = {
  text: 'texto',
  link: 'enlace',
  block: 'bloque',
};

function definitionOf(key: string): EmailTemplateDefinition {
  const def = emailTemplateDefinition(key);
  if (!def) throw notFound(EMAIL_TEMPLATE_MESSAGES.notFound);
  return def;
}

function admin(actor: Actor): void {
  if (!can(actor.role, 'emailTemplate.manage')) throw forbidden();
}

/** What a version sends: its own text, or the default of the running code when it is the default. */
const textOf = versionText;

function toJson(def: EmailTemplateDefinition, v: repo.VersionRow | undefined): TemplateJson {
  const t = textOf(def, v);
  return {
    clave: def.key,
    nombre: def.name,
    descripcion: def.description,
    titulo: def.heading,
    marcadores: def.placeholders.map((p) => ({
      nombre: p.name,
      descripcion: p.description,
      ejemplo: p.sample,
      tipo: KIND[p.kind ?? 'text'],
    })),
    asunto: t.subject,
    cuerpo: t.body,
    predeterminada: !v || v.predeterminada,
    versionId: v?.id ?? null,
    motivoPredeterminado: replacedByDefault(def, t),
    actualizadoEn: v?.creado_en ?? null,
    actualizadoPor: v?.usuario_nombre ?? null,
  };
}

const versionJson = (v: repo.VersionRow, currentId: number | null): VersionJson => ({
  id: v.id,
  clave: v.clave,
  asunto: v.asunto,
  cuerpo: v.cuerpo,
  accion: v.accion,
  predeterminada: v.predeterminada,
  restauradaDe: v.restaurada_de,
  usuarioId: v.usuario_id,
  usuarioNombre: v.usuario_nombre,
  creadoEn: v.creado_en,
  actual: v.id === currentId,
});

/** Every template, in domain's order, with its current text and last change. */
export async function listTemplates(db: Db, actor: Actor): Promise<TemplateJson[]> {
  admin(actor);
  const current = new Map((await repo.currentVersions(db)).map((v) => [v.clave, v]));
  return EMAIL_TEMPLATES.map((def) => toJson(def, current.get(def.key)));
}

export async function getTemplate(db: Db, key: string, actor: Actor): Promise<TemplateJson> {
  admin(actor);
  const def = definitionOf(key);
  return toJson(def, await repo.currentVersion(db, key));
}

export async function listVersions(db: Db, key: string, actor: Actor): Promise<VersionJson[]> {
  admin(actor);
  definitionOf(key);
  const current = await repo.currentVersion(db, key);
  const rows = await repo.versions(db, key, EMAIL_TEMPLATE_LIMITS.versionsListed);
  return rows.map((v) => versionJson(v, current?.id ?? null));
}

/**
 * Every template change, in the transaction that makes it, lands in the audit log (issue 24, item
 * 2): a save is 'plantilla.editar'; 'Restablecer' and restoring a version are 'plantilla.restaurar'
 * (the detail says which, and the version each created). The actor is the request's (the BFF says
 * who), the same account `actor` names.
 */
async function recordTemplateAudit(
  trx: Transaction<Database>,
  entry: { action: EmailTemplateAction; key: string; versionId: number },
): Promise<void> {
  await recordAudit(trx, {
    action: entry.action === 'guardada' ? 'plantilla.editar' : 'plantilla.restaurar',
    target: { kind: 'plantilla', id: entry.key },
    detail: { como: entry.action, version: entry.versionId },
  });
}

async function newVersion(
  db: Db,
  def: EmailTemplateDefinition,
  actor: Actor,
  v: Omit<repo.NewVersion, 'key' | 'userId' | 'userName'>,
  /** Throws to write nothing, given the current version (read with the template's row locked). */
  guard?: (current: repo.VersionRow | undefined) => void,
): Promise<TemplateJson> {
  return db.transaction().execute(async (trx) => {
    if (guard) guard(await repo.currentVersion(trx, def.key, true));
    const name = actor.userId === null ? null : await repo.userName(trx, actor.userId);
    const id = await repo.insertCurrentVersion(trx, {
      ...v,
      key: def.key,
      userId: name === null ? null : actor.userId,
      userName: name,
    });
    await recordTemplateAudit(trx, { action: v.action, key: def.key, versionId: id });
    return toJson(def, await repo.currentVersion(trx, def.key));
  });
}

function strings(subject: unknown, body: unknown): { subject: string; body: string } {
  if (typeof subject !== 'string' || typeof body !== 'string') throw badRequest(GENERIC_MESSAGES.badRequest);
  return { subject, body: body.replace(/\r\n?/g, '\n') };
}

/**
 * Saves a subject and body as the template's new version; refuses (400) what checkTemplate refuses,
 * and (409 'No hay cambios que guardar.') the subject and body the template already has.
 */
export async function saveTemplate(
  db: Db,
  key: string,
  input: { subject: unknown; body: unknown },
  actor: Actor,
): Promise<TemplateJson> {
  admin(actor);
  const def = definitionOf(key);
  const { subject, body } = strings(input.subject, input.body);
  const problem = checkTemplate(def, subject, body);
  if (problem) throw badRequest(problem);
  return newVersion(
    db,
    def,
    actor,
    { subject, body, action: 'guardada', isDefault: false, restoredFrom: null },
    // The same text as the one sent now (a retry of a save that went through): no second, identical version.
    (current) => {
      const now = textOf(def, current);
      if (now.subject === subject && now.body === body) throw new HttpError(409, EMAIL_TEMPLATE_MESSAGES.unchanged);
    },
  );
}

/** 'Restablecer': back to the default wording, recorded as a version. */
export async function resetTemplate(db: Db, key: string, actor: Actor): Promise<TemplateJson> {
  admin(actor);
  const def = definitionOf(key);
  return newVersion(db, def, actor, {
    subject: def.subject,
    body: def.body,
    action: 'restablecida',
    isDefault: true,
    restoredFrom: null,
  });
}

/** Makes an earlier version current again (as a new version that names it). */
export async function restoreVersion(db: Db, key: string, versionId: number, actor: Actor): Promise<TemplateJson> {
  admin(actor);
  const def = definitionOf(key);
  const old = await repo.version(db, versionId);
  if (!old || old.clave !== key) throw notFound(EMAIL_TEMPLATE_MESSAGES.versionNotFound);
  // A version saved before a change of the placeholders would no longer render: refused the same way.
  if (!old.predeterminada) {
    const problem = checkTemplate(def, old.asunto, old.cuerpo);
    if (problem) throw badRequest(problem);
  }
  return newVersion(db, def, actor, {
    subject: old.predeterminada ? def.subject : old.asunto,
    body: old.predeterminada ? def.body : old.cuerpo,
    action: 'restaurada',
    isDefault: old.predeterminada,
    restoredFrom: old.id,
  });
}

/** The preview: the subject and body given (not saved) rendered with the sample values. */
export function previewTemplate(
  key: string,
  input: { subject: unknown; body: unknown },
  actor: Actor,
): { asunto: string; html: string; texto: string } {
  admin(actor);
  const def = definitionOf(key);
  const { subject, body } = strings(input.subject, input.body);
  const problem = checkTemplate(def, subject, body);
  if (problem) throw badRequest(problem);
  const r = renderTemplate(def, { subject, body, versionId: null }, sampleValues(def));
  return { asunto: r.subject, html: r.html, texto: r.text };
}
