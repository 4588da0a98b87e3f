/**
 * Saving the candidate's profile (POST /PerfilCandidato/completar-perfil) and the messages the
 * routes answer. Reading is in profile-read.ts, the files' rules and storage in profile-files.ts;
 * what the routes use of them is re-exported here.
 */
import {
  candidateProfileSchema,
  FILE_MESSAGES,
  isProfileComplete,
  PROFILE_FILE_LABEL,
  todayInGuatemala,
} from '@bolsa/domain';
import type { ProfileFileType } from '../db/database.js';
import * as repo from './profile-repository.js';
import {
  checkFiles,
  discardWritten,
  fileOf,
  PROFILE_PARTS,
  removableType,
  removeUnused,
  replaceProfileFiles,
  storeNewFiles,
  type FieldIssue,
  type ProfileDeps,
  type ReceivedFiles,
} from './profile-files.js';
import { getProfile, snapshot, str, type ProfileResponse } from './profile-read.js';

export { isProfilePart, PROFILE_PARTS, type FieldIssue, type ProfileDeps, type ProfilePart } from './profile-files.js';
export { documentUrl, getProfile, photoUrl, profileResponse, type ProfileResponse } from './profile-read.js';

export const PROFILE_API_MESSAGES = {
  userNotFound: 'Usuario no encontrado',
  fileNotFound: FILE_MESSAGES.fileNotFound,
  saved: 'Perfil actualizado',
  invalid: 'Algunos datos no son válidos para el servidor. Revisa el formulario.',
  dpiMismatch: 'El DPI no coincide con el de tu cuenta.',
  applications: 'Postulaciones obtenidas',
  erased: 'Cuenta eliminada. Tus datos personales y archivos fueron borrados.',
} as const;

// ─── Saving ────────────────────────────────────────────────────────────────

export type SaveOutcome =
  | { ok: true; profile: ProfileResponse }
  | { ok: false; kind: 'not-found' }
  | { ok: false; kind: 'invalid'; message: string; fields: FieldIssue[] };

/** POST /PerfilCandidato/completar-perfil, as text fields and the files received. */
export interface ProfileForm {
  fields: Record<string, string>;
  files: ReceivedFiles;
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
