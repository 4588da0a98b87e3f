/** The api's answers about e-mail templates (issue 24), read into the BFF's shapes. */
import { fieldsOf, id, listOf, pick, text } from './fields.js';

export type PlaceholderKind = 'TEXT' | 'LINK' | 'BLOCK';
export type TemplateAction = 'SAVED' | 'RESET' | 'RESTORED';

export interface EmailPlaceholderDto {
  name: string;
  description: string;
  sample: string;
  kind: PlaceholderKind;
}

/** EmailTemplate of schema.graphql. */
export interface EmailTemplateDto {
  key: string;
  name: string;
  description: string;
  heading: string;
  placeholders: EmailPlaceholderDto[];
  subject: string;
  body: string;
  isDefault: boolean;
  versionId: string | null;
  replacedByDefault: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** EmailTemplateVersion of schema.graphql. */
export interface EmailTemplateVersionDto {
  id: string;
  action: TemplateAction;
  subject: string;
  body: string;
  isDefault: boolean;
  restoredFrom: string | null;
  createdBy: string | null;
  createdAt: string;
  current: boolean;
}

export interface EmailTemplatePreviewDto {
  subject: string;
  html: string;
  text: string;
}

/** A string kept as written (a template's body: its spaces and blank lines matter); '' otherwise. */
const verbatim = (v: unknown): string => (typeof v === 'string' ? v : '');

const KINDS: Record<string, PlaceholderKind> = { texto: 'TEXT', enlace: 'LINK', bloque: 'BLOCK' };
const ACTIONS: Record<string, TemplateAction> = { guardada: 'SAVED', restablecida: 'RESET', restaurada: 'RESTORED' };

function placeholder(raw: unknown): EmailPlaceholderDto | null {
  const f = fieldsOf(raw);
  const name = text(pick(f, 'nombre', 'name'));
  if (!name) return null;
  return {
    name,
    description: text(pick(f, 'descripcion', 'description')) ?? '',
    sample: verbatim(pick(f, 'ejemplo', 'sample')),
    kind: KINDS[text(pick(f, 'tipo', 'kind'))?.toLowerCase() ?? ''] ?? 'TEXT',
  };
}

/** A plantilla `{ clave, nombre, descripcion, titulo, marcadores, asunto, cuerpo, predeterminada, versionId, motivoPredeterminado, actualizadoEn, actualizadoPor }`; null without a key. */
export function normaliseEmailTemplate(raw: unknown): EmailTemplateDto | null {
  const f = fieldsOf(raw);
  const key = text(pick(f, 'clave', 'key'));
  if (!key) return null;
  return {
    key,
    name: text(pick(f, 'nombre', 'name')) ?? key,
    description: text(pick(f, 'descripcion', 'description')) ?? '',
    heading: text(pick(f, 'titulo', 'heading')) ?? '',
    placeholders: listOf(pick(f, 'marcadores', 'placeholders'))
      .map(placeholder)
      .filter((p): p is EmailPlaceholderDto => p !== null),
    subject: verbatim(pick(f, 'asunto', 'subject')),
    body: verbatim(pick(f, 'cuerpo', 'body')),
    isDefault: pick(f, 'predeterminada', 'isDefault') !== false,
    versionId: id(pick(f, 'versionId')),
    replacedByDefault: text(pick(f, 'motivoPredeterminado', 'replacedByDefault')),
    updatedAt: text(pick(f, 'actualizadoEn', 'updatedAt')),
    updatedBy: text(pick(f, 'actualizadoPor', 'updatedBy')),
  };
}

/** `{ plantillas: [...] }` or a bare list. */
export const normaliseEmailTemplates = (raw: unknown): EmailTemplateDto[] =>
  listOf(raw, 'plantillas', 'templates')
    .map(normaliseEmailTemplate)
    .filter((t): t is EmailTemplateDto => t !== null);

/** `{ plantillaCorreo }` of a write, or the template itself. */
export const normaliseEmailTemplateAnswer = (raw: unknown): EmailTemplateDto | null =>
  normaliseEmailTemplate(pick(fieldsOf(raw), 'plantillaCorreo', 'template') ?? raw);

export function normaliseEmailTemplateVersion(raw: unknown): EmailTemplateVersionDto | null {
  const f = fieldsOf(raw);
  const vid = id(pick(f, 'id'));
  const action = ACTIONS[text(pick(f, 'accion', 'action'))?.toLowerCase() ?? ''];
  if (!vid || !action) return null;
  return {
    id: vid,
    action,
    subject: verbatim(pick(f, 'asunto', 'subject')),
    body: verbatim(pick(f, 'cuerpo', 'body')),
    isDefault: pick(f, 'predeterminada', 'isDefault') === true,
    restoredFrom: id(pick(f, 'restauradaDe', 'restoredFrom')),
    createdBy: text(pick(f, 'usuarioNombre', 'createdBy')),
    createdAt: text(pick(f, 'creadoEn', 'createdAt')) ?? '',
    current: pick(f, 'actual', 'current') === true,
  };
}

/** `{ versiones: [...] }` or a bare list. */
export const normaliseEmailTemplateVersions = (raw: unknown): EmailTemplateVersionDto[] =>
  listOf(raw, 'versiones', 'versions')
    .map(normaliseEmailTemplateVersion)
    .filter((v): v is EmailTemplateVersionDto => v !== null);

/** `{ asunto, html, texto }` of a preview; null without an HTML part. */
export function normaliseEmailTemplatePreview(raw: unknown): EmailTemplatePreviewDto | null {
  const f = fieldsOf(raw);
  const html = verbatim(pick(f, 'html'));
  if (!html) return null;
  return { subject: verbatim(pick(f, 'asunto', 'subject')), html, text: verbatim(pick(f, 'texto', 'text')) };
}
