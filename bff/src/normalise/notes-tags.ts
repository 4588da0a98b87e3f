/** The api's answers about notes and tags (issue 23), read into the BFF's shapes. */
import { DEFAULT_TAG_COLOR, isEntityId, isTagColor, type TagColor } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** CandidateNote of schema.graphql; `authorId` is resolved to a name (and `mine`) by the resolver. */
export interface NoteDto {
  id: string;
  candidateId: string;
  text: string;
  authorId: string | null;
  createdAt: string;
  editedAt: string | null;
}

/** Tag of schema.graphql. */
export interface TagDto {
  id: string;
  name: string;
  color: TagColor;
}

/** A nota `{ id, postulanteId, texto, usuarioId, creadoEn, editadoEn }`; null without an id or text. */
export function normaliseNote(raw: unknown): NoteDto | null {
  const f = fieldsOf(raw);
  const nid = id(pick(f, 'id', 'notaId'));
  const body = typeof pick(f, 'texto', 'text', 'nota') === 'string' ? (pick(f, 'texto', 'text', 'nota') as string) : '';
  if (!nid || !body.trim()) return null;
  return {
    id: nid,
    candidateId: id(pick(f, 'postulanteId', 'candidatoId', 'candidateId')) ?? '',
    text: body.trim(),
    authorId: id(pick(f, 'usuarioId', 'autorId', 'authorId')),
    createdAt: text(pick(f, 'creadoEn', 'fecha', 'createdAt')) ?? '',
    editedAt: text(pick(f, 'editadoEn', 'editedAt')),
  };
}

/** `{ notas: [...] }` or a bare list. */
export const normaliseNotes = (raw: unknown): NoteDto[] =>
  listOf(raw, 'notas', 'notes')
    .map(normaliseNote)
    .filter((n): n is NoteDto => n !== null);

/** `{ nota }` of a write, or the note itself. */
export const normaliseNoteAnswer = (raw: unknown): NoteDto | null =>
  normaliseNote(pick(fieldsOf(raw), 'nota', 'note') ?? raw);

/** An etiqueta `{ id, nombre, color }`; a colour outside the palette reads as the default. */
export function normaliseTag(raw: unknown): TagDto | null {
  const f = fieldsOf(raw);
  const tid = id(pick(f, 'id', 'etiquetaId'));
  const name = text(pick(f, 'nombre', 'name'));
  if (!tid || !name) return null;
  const color = text(pick(f, 'color', 'colour'))?.toLowerCase();
  return { id: tid, name, color: isTagColor(color) ? color : DEFAULT_TAG_COLOR };
}

export const normaliseTags = (raw: unknown): TagDto[] =>
  listOf(raw, 'etiquetas', 'tags')
    .map(normaliseTag)
    .filter((t): t is TagDto => t !== null);

/** `{ etiqueta }` of a create, or the tag itself. */
export const normaliseTagAnswer = (raw: unknown): TagDto | null =>
  normaliseTag(pick(fieldsOf(raw), 'etiqueta', 'tag') ?? raw);

const ids = (raw: unknown): string[] => (Array.isArray(raw) ? raw : []).map(id).filter((x): x is string => x !== null);

/** `{ asignaciones: [{ postulanteId, etiquetaIds }] }` → tag ids per candidate id. */
export function normaliseTagAssignments(raw: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of listOf(raw, 'asignaciones', 'assignments')) {
    const f = fieldsOf(a);
    const cid = id(pick(f, 'postulanteId', 'candidatoId', 'candidateId'));
    if (cid) out.set(cid, ids(pick(f, 'etiquetaIds', 'etiquetas', 'tagIds')));
  }
  return out;
}

/** `{ etiquetaIds }` of a tag change: the candidate's tag ids now. */
export const normaliseTagIds = (raw: unknown): string[] =>
  ids(pick(fieldsOf(raw), 'etiquetaIds', 'etiquetas', 'tagIds'));

/** A list envelope's `conteosEtiquetas` (`{ "<tag id>": n }`) → count per tag id; absent → empty. */
export function normaliseTagCounts(raw: unknown): Map<string, number> {
  const counts = pick(fieldsOf(raw), 'conteosEtiquetas', 'tagCounts');
  const out = new Map<string, number>();
  if (!counts || typeof counts !== 'object' || Array.isArray(counts)) return out;
  for (const [k, v] of Object.entries(counts)) {
    const n = Number(v);
    if (isEntityId(k) && Number.isFinite(n) && n > 0) out.set(k, n);
  }
  return out;
}
