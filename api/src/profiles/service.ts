import { randomUUID } from 'node:crypto';
import {
  candidateFileUrl,
  acceptsKind,
  candidateProfileSchema,
  DOCUMENT_KIND_INFO,
  documentKindOf,
  FILE_MESSAGES,
  isProfileComplete,
  MAX_FILE_BYTES,
  PROFILE_FILE_LABEL,
  SNIFFED_MIME,
  storedExtension,
  todayInGuatemala,
  UPLOAD_RULES,
  type DocumentKindInfo,
  type UploadPurpose,
} from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { Transaction } from 'kysely';
import type { Database, Db, ProfileFileType } from '../db/database.js';
import { boundedPhoto } from '../files/index.js';
import { safeDisplayName, type FileStore } from '../storage/index.js';
import type { UploadedFile } from '../multipart.js';
import * as repo from './repository.js';
import type { AccountRow, ProfileFileRow, ProfileRow } from './repository.js';

export const PROFILE_API_MESSAGES = {
  userNotFound: 'Usuario no encontrado',
  fileNotFound: FILE_MESSAGES.fileNotFound,
  saved: 'Perfil actualizado',
  invalid: 'Algunos datos no son válidos para el servidor. Revisa el formulario.',
  dpiMismatch: 'El DPI no coincide con el de tu cuenta.',
  applications: 'Postulaciones obtenidas',
  erased: 'Cuenta eliminada. Tus datos personales y archivos fueron borrados.',
} as const;

export interface ProfileDeps {
  db: Db;
  files: FileStore;
}

/**
 * The file parts of POST /PerfilCandidato/completar-perfil (spec 1 §7): the document each holds
 * (domain document-kinds.ts: its stored tipo, its slot in the form) and the upload purpose whose
 * rules it follows (domain files.ts); `path` is where the api reports a problem with it.
 */
export const PROFILE_PARTS = {
  FileFotografia: { document: DOCUMENT_KIND_INFO.PHOTO, purpose: 'candidate-photo', path: 'photo' },
  Curriculum: { document: DOCUMENT_KIND_INFO.CURRICULUM, purpose: 'candidate-document', path: 'curriculum' },
  DpiArchivo: { document: DOCUMENT_KIND_INFO.DPI, purpose: 'candidate-document', path: 'dpiFile' },
  AntecedentesPoliciales: {
    document: DOCUMENT_KIND_INFO.POLICE_RECORD,
    purpose: 'candidate-document',
    path: 'policeRecord',
  },
  AntecedentesPenales: {
    document: DOCUMENT_KIND_INFO.CRIMINAL_RECORD,
    purpose: 'candidate-document',
    path: 'criminalRecord',
  },
} as const satisfies Record<string, { document: DocumentKindInfo; purpose: UploadPurpose; path: string }>;
export type ProfilePart = keyof typeof PROFILE_PARTS;
export const isProfilePart = (name: string): name is ProfilePart => Object.hasOwn(PROFILE_PARTS, name);

/** EliminarAdjuntosJson entries in any spelling of a document (domain document-kinds.ts), as the stored tipo. */
export const removableType = (raw: string): ProfileFileType | null => {
  const kind = documentKindOf(raw);
  return kind ? DOCUMENT_KIND_INFO[kind].profileType : null;
};

// ─── Reading ───────────────────────────────────────────────────────────────

const list = (v: unknown): Record<string, unknown>[] => {
  let x = v;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return [];
    }
  }
  return Array.isArray(x) ? x.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
};
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const fileOf = (files: ProfileFileRow[], type: ProfileFileType) => files.find((f) => f.tipo === type) ?? null;

/** What the gate reads (spec 1 §5.4) of a stored profile. */
function snapshot(account: AccountRow, profile: ProfileRow | null, files: ProfileFileRow[]) {
  const idOf = (t: ProfileFileType) => {
    const f = fileOf(files, t);
    return f ? String(f.id) : null;
  };
  return {
    profileComplete: profile?.perfil_completado ?? false,
    firstName: account.primer_nombre,
    firstSurname: account.primer_apellido,
    email: account.email,
    phone: profile?.telefono ?? null,
    dpi: account.dpi,
    address: profile?.direccion_completa ?? null,
    curriculumId: idOf('curriculum'),
    dpiFileId: idOf('dpi'),
    policeRecordId: idOf('policiales'),
    criminalRecordId: idOf('penales'),
  };
}

const fileJson = (f: ProfileFileRow) => ({
  id: f.id,
  tipo: f.tipo,
  nombre: f.nombre,
  tipoContenido: f.mime,
  tamano: f.tamano,
  creado_en: f.creado_en,
  url: candidateFileUrl('perfil', f.id),
});

/** The profile as GET /PerfilCandidato/profile answers it (spec 1 §3), plus `archivos`. */
export function profileResponse(account: AccountRow, profile: ProfileRow | null, files: ProfileFileRow[]) {
  const snap = snapshot(account, profile, files);
  const photo = fileOf(files, 'fotografia');
  const names = [account.primer_nombre, account.segundo_nombre, account.primer_apellido, account.segundo_apellido];
  return {
    id: account.id,
    primer_nombre: account.primer_nombre,
    segundo_nombre: account.segundo_nombre,
    primer_apellido: account.primer_apellido,
    segundo_apellido: account.segundo_apellido,
    apellido_casada: account.apellido_casada,
    nombre_completo: names.filter((n) => n && n.trim()).join(' '),
    email: account.email,
    dpi: account.dpi,
    telefono: profile?.telefono ?? null,
    fecha_nacimiento: profile?.fecha_nacimiento ?? null,
    direccion_completa: profile?.direccion_completa ?? null,
    observaciones: account.observaciones,
    fecha_registro: account.fecha_registro,
    fotografia: photo ? candidateFileUrl('perfil', photo.id) : null,
    curriculum_id: snap.curriculumId,
    dpi_archivo_id: snap.dpiFileId,
    antecedentes_policiales_id: snap.policeRecordId,
    antecedentes_penales_id: snap.criminalRecordId,
    // Computed with the domain rule on every read; whatever a client sent is never stored as such.
    perfil_completado: isProfileComplete(snap),
    experiencias_json: list(profile?.experiencias_json),
    referidos_personales_json: list(profile?.referidos_p_json),
    referidos_laborales_json: list(profile?.referidos_l_json),
    archivos: files.map(fileJson),
  };
}
export type ProfileResponse = ReturnType<typeof profileResponse>;

export async function getProfile(db: Db, userId: number): Promise<ProfileResponse | null> {
  const account = await repo.findAccount(db, userId);
  if (!account) return null;
  const [profile, files] = await Promise.all([repo.findProfile(db, userId), repo.listProfileFiles(db, userId)]);
  return profileResponse(account, profile, files);
}

/** GET /PerfilCandidato/foto/{userId}: the photo's authorised url, or null. */
export async function photoUrl(db: Db, userId: number): Promise<string | null> {
  const files = await repo.listProfileFiles(db, userId);
  const photo = fileOf(files, 'fotografia');
  return photo ? candidateFileUrl('perfil', photo.id) : null;
}

/** GET /PerfilCandidato/archivo/{userId}/{dpi}/{fileId}: only the user's own file, with their DPI. */
export async function documentUrl(db: Db, userId: number, dpi: string, fileId: number): Promise<string | null> {
  const account = await repo.findAccount(db, userId);
  if (!account || account.dpi !== dpi) return null;
  const file = await repo.findProfileFile(db, fileId);
  if (!file || file.usuario_candidato_id !== userId) return null;
  return candidateFileUrl('perfil', file.id);
}

// ─── Saving ────────────────────────────────────────────────────────────────

export interface FieldIssue {
  path: string;
  message: string;
}

export type SaveOutcome =
  | { ok: true; profile: ProfileResponse }
  | { ok: false; kind: 'not-found' }
  | { ok: false; kind: 'invalid'; message: string; fields: FieldIssue[] };

/** POST /PerfilCandidato/completar-perfil, as text fields and the files received. */
export interface ProfileForm {
  fields: Record<string, string>;
  files: { part: ProfilePart; file: UploadedFile }[];
}

/** A row date may come as 'YYYY-MM-DD' or a full timestamp. */
const day = (v: unknown): string => {
  const s = str(v).trim();
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
};

type Rows = { ok: true; rows: Record<string, unknown>[] } | { ok: false };
function jsonRows(raw: string | undefined): Rows {
  if (raw === undefined || raw.trim() === '') return { ok: true, rows: [] };
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return { ok: false };
    return { ok: true, rows: v.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {})) };
  } catch {
    return { ok: false };
  }
}

/** Domain paths → the ones the api reports (the form's sections). */
const PATHS: Record<string, string> = { hasPhoto: 'photo', files: 'documents' };
const apiPath = (path: readonly PropertyKey[]) => {
  const [head, ...rest] = path.map(String);
  return [PATHS[head ?? ''] ?? head, ...rest].join('.');
};

/** A received file whose size and real type (from its bytes) passed the profile's rules. */
export interface CheckedFile {
  part: ProfilePart;
  data: Buffer;
  name: string;
  mime: string;
  ext: string;
}

/** The profile's file rules: ≤ 5 MB, PDF for documents and JPEG/PNG for the photo, judged from the bytes. */
export async function checkFiles(files: ProfileForm['files']): Promise<{ ok: CheckedFile[]; issues: FieldIssue[] }> {
  const ok: CheckedFile[] = [];
  const issues: FieldIssue[] = [];
  for (const { part, file } of files) {
    const spec = PROFILE_PARTS[part];
    const rule = UPLOAD_RULES[spec.purpose];
    if (file.data.length > MAX_FILE_BYTES) {
      issues.push({ path: spec.path, message: rule.tooLarge.message });
      continue;
    }
    let kind = await sniffKind(file.data);
    if (!kind || !acceptsKind(spec.purpose, kind)) {
      issues.push({ path: spec.path, message: rule.invalid.message });
      continue;
    }
    let data = file.data;
    if (spec.purpose === 'candidate-photo') {
      // Decoded whole with the pixel limit, kept as the bounded JPEG (files/photo.ts).
      const photo = await boundedPhoto(data);
      if (!photo.ok) {
        const message = photo.reason === 'pixels' ? FILE_MESSAGES.imageTooManyPixels : FILE_MESSAGES.imageUnreadable;
        issues.push({ path: spec.path, message });
        continue;
      }
      [data, kind] = [photo.data, 'jpeg'];
    }
    ok.push({
      part,
      data,
      name: safeDisplayName(file.originalName),
      mime: SNIFFED_MIME[kind],
      ext: storedExtension(kind),
    });
  }
  return { ok, issues };
}

/** Removes stored files no row names any more (run after the commit that let go of them). */
export async function removeUnused(deps: ProfileDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      if (!(await repo.keyInUse(deps.db, key))) await deps.files.remove(key);
    } catch {
      // A file left behind is found by the orphan sweep; the save itself has committed.
    }
  }
}

/**
 * Validates the whole form with the domain's profile schema, then stores the fields and the
 * files in one transaction. New files are written under fresh keys first; they become current
 * only when the transaction commits (else they are removed), and the files they replace are
 * removed after the commit.
 */
export async function saveProfile(deps: ProfileDeps, userId: number, form: ProfileForm): Promise<SaveOutcome> {
  const f = form.fields;
  const invalid = (fields: FieldIssue[]): SaveOutcome => ({
    ok: false,
    kind: 'invalid',
    message: fields[0]?.message ?? PROFILE_API_MESSAGES.invalid,
    fields,
  });
  const account = await repo.findAccount(deps.db, userId);
  if (!account || !account.activo) return { ok: false, kind: 'not-found' };

  const remove = removals(f.EliminarAdjuntosJson);
  if (!remove) return invalid([{ path: 'removeDocuments', message: PROFILE_API_MESSAGES.invalid }]);

  const { ok: newFiles, issues: fileIssues } = await checkFiles(form.files);
  const experiences = jsonRows(f.ExperienciasJson);
  const personal = jsonRows(f.ReferidosPJson);
  const work = jsonRows(f.ReferidosLJson);
  const jsonIssues: FieldIssue[] = [];
  if (!experiences.ok) jsonIssues.push({ path: 'experiences', message: PROFILE_API_MESSAGES.invalid });
  if (!personal.ok) jsonIssues.push({ path: 'personalReferences', message: PROFILE_API_MESSAGES.invalid });
  if (!work.ok) jsonIssues.push({ path: 'workReferences', message: PROFILE_API_MESSAGES.invalid });
  if (!experiences.ok || !personal.ok || !work.ok) return invalid([...fileIssues, ...jsonIssues]);

  const dpi = (f.Dpi ?? '').replace(/\D/g, '');
  // The DPI is read-only (spec 1 §5.3): the account's own is the only one a save may carry.
  if (dpi && /^\d{13}$/.test(dpi) && dpi !== account.dpi)
    return invalid([...fileIssues, { path: 'dpi', message: PROFILE_API_MESSAGES.dpiMismatch }]);

  const storedFiles = await repo.listProfileFiles(deps.db, userId);
  const storedProfile = await repo.findProfile(deps.db, userId);
  const present = (type: ProfileFileType) =>
    newFiles.some((n) => PROFILE_PARTS[n.part].document.profileType === type) ||
    (!!fileOf(storedFiles, type) && !remove.has(type)) ||
    // A file refused above is reported on its own; it is not also 'missing'.
    form.files.some((x) => PROFILE_PARTS[x.part].document.profileType === type);
  const complete = isProfileComplete(snapshot(account, storedProfile, storedFiles));

  const parsed = candidateProfileSchema(todayInGuatemala()).safeParse({
    firstName: f.PrimerNombre ?? '',
    secondName: f.SegundoNombre ?? '',
    firstSurname: f.PrimerApellido ?? '',
    secondSurname: f.SegundoApellido ?? '',
    marriedSurname: f.ApellidoCasada ?? '',
    // The e-mail is the account's (it is the login): a different one sent here is not taken.
    email: account.email,
    phone: f.Telefono ?? '',
    dpi,
    birthDate: f.FechaNacimiento ?? '',
    address: f.DireccionCompleta ?? '',
    observations: f.Observaciones ?? '',
    experiences: experiences.rows.map((r) => ({
      company: str(r.Empresa ?? r.empresa),
      position: str(r.Puesto ?? r.puesto),
      from: day(r.Desde ?? r.desde),
      to: day(r.Hasta ?? r.hasta),
      description: str(r.Descripcion ?? r.descripcion),
    })),
    personalReferences: personal.rows.map((r) => ({
      name: str(r.RefNp ?? r.nombre),
      phone: str(r.RefTp ?? r.telefono),
    })),
    workReferences: work.rows.map((r) => ({ name: str(r.RefNl ?? r.nombre), phone: str(r.RefTl ?? r.telefono) })),
    hasPhoto: present('fotografia'),
    files: {
      curriculum: present('curriculum'),
      dpiFile: present('dpi'),
      policeRecord: present('policiales'),
      criminalRecord: present('penales'),
    },
    profileComplete: complete,
  });
  const schemaIssues = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: apiPath(i.path), message: i.message }));
  if (fileIssues.length || schemaIssues.length) return invalid([...fileIssues, ...schemaIssues]);
  if (!parsed.success) return invalid([]);
  const v = parsed.data;

  const written = await storeNewFiles(deps, newFiles);
  let replaced: string[];
  try {
    replaced = await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.lockAccount(trx, userId))) throw new Error('cuenta eliminada durante el guardado');
      await repo.updateAccountNames(trx, userId, {
        primerNombre: v.firstName,
        segundoNombre: v.secondName,
        primerApellido: v.firstSurname,
        segundoApellido: v.secondSurname,
        apellidoCasada: v.marriedSurname || null,
        observaciones: f.Observaciones === undefined ? null : v.observations,
      });
      await repo.upsertProfile(trx, userId, {
        telefono: v.phone,
        fechaNacimiento: v.birthDate,
        direccion: v.address,
        experiencias: v.experiences
          .filter((e) => e.company || e.position || e.from || e.to || e.description)
          .map((e) => ({
            Empresa: e.company,
            Puesto: e.position,
            Desde: e.from,
            Hasta: e.to,
            Descripcion: e.description,
          })),
        referidosP: v.personalReferences
          .filter((r) => r.name || r.phone)
          .map((r) => ({ RefNp: r.name, RefTp: r.phone, tipo: 1 })),
        referidosL: v.workReferences
          .filter((r) => r.name || r.phone)
          .map((r) => ({ RefNl: r.name, RefTl: r.phone, tipo: 2 })),
      });
      return (await replaceProfileFiles(trx, userId, written, remove)).old;
    });
  } catch (err) {
    await discardWritten(deps, written);
    throw err;
  }
  await removeUnused(deps, replaced);
  const profile = await getProfile(deps.db, userId);
  return profile ? { ok: true, profile } : { ok: false, kind: 'not-found' };
}

/** A checked file stored under a fresh key, not yet any row's. */
export interface WrittenFile {
  type: ProfileFileType;
  key: string;
  file: CheckedFile;
}

/**
 * New files go to fresh keys first: nothing current changes until the caller's transaction
 * commits (on failure it calls discardWritten).
 */
export async function storeNewFiles(deps: ProfileDeps, files: CheckedFile[]): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  try {
    for (const file of files) {
      const key = `postulantes/perfiles/${randomUUID()}.${file.ext}`;
      await deps.files.put(key, file.data, file.mime);
      written.push({ type: PROFILE_PARTS[file.part].document.profileType, key, file });
    }
  } catch (err) {
    await discardWritten(deps, written);
    throw err;
  }
  return written;
}

export async function discardWritten(deps: ProfileDeps, written: readonly WrittenFile[]): Promise<void> {
  await Promise.allSettled(written.map((w) => deps.files.remove(w.key)));
}

/**
 * Inside the caller's transaction, with the account locked: the written files become the
 * profile's current ones of their kinds and `remove`'s kinds go. Answers the keys let go of
 * (removeUnused after the commit) and the new rows' ids by kind.
 */
export async function replaceProfileFiles(
  trx: Transaction<Database>,
  userId: number,
  written: readonly WrittenFile[],
  remove: ReadonlySet<ProfileFileType> = new Set(),
): Promise<{ old: string[]; ids: Map<ProfileFileType, number> }> {
  // Re-read under the lock: another save may have replaced a file meanwhile.
  const current = await repo.listProfileFiles(trx, userId);
  const old: string[] = [];
  const types = new Set<ProfileFileType>([...remove, ...written.map((w) => w.type)]);
  for (const type of types) {
    const existing = fileOf(current, type);
    if (existing) {
      await repo.deleteProfileFile(trx, existing.id);
      old.push(existing.clave);
    }
  }
  const ids = new Map<ProfileFileType, number>();
  for (const w of written)
    ids.set(
      w.type,
      await repo.insertProfileFile(trx, {
        userId,
        type: w.type,
        key: w.key,
        name: w.file.name,
        mime: w.file.mime,
        size: w.file.data.length,
      }),
    );
  return { old, ids };
}

/**
 * EliminarAdjuntosJson: a JSON list of the documents to delete, each a kind in any spelling
 * ('curriculum', 'AntecedentesPoliciales', 'dpi_archivo_id') or { tipo }; null when malformed.
 */
function removals(raw: string | undefined): Set<ProfileFileType> | null {
  const out = new Set<ProfileFileType>();
  const t = (raw ?? '').trim();
  if (!t) return out;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return null;
  }
  if (typeof v === 'string') v = [v];
  if (!Array.isArray(v) || v.length > 10) return null;
  for (const x of v) {
    const name = typeof x === 'string' ? x : str((x as { tipo?: unknown } | null)?.tipo);
    const type = removableType(name);
    if (!type) return null;
    out.add(type);
  }
  return out;
}

export { PROFILE_FILE_LABEL };
