import { randomUUID } from 'node:crypto';
import {
  APPLICATION_CONFLICT_MESSAGE,
  acceptsKind,
  checkApplication,
  GENERIC_MESSAGES,
  isEntityId,
  SNIFFED_MIME,
  storedExtension,
  todayInGuatemala,
  UPLOAD_RULES,
  type ApplicationConflict,
  type ApplicationMode,
} from '@bolsa/domain';
import type { Db } from '../db/database.js';
import { applicationReceived } from '../mail/templates.js';
import { enqueueMail } from '../mail/outbox.js';
import type { FileStore } from '../storage/index.js';
import { releaseStaged, STAGED_GONE, stagedUsed } from '../files/index.js';
import { listProfileFiles } from '../profiles/index.js';
import { FILE_FIELDS, type ReceivedFile, type ReceivedForm } from './intake.js';
import {
  candidateIsActive,
  conflictOfConstraint,
  findDuplicate,
  findVacancyForApplication,
  insertApplication,
  insertApplicationFile,
  insertApplicationFiles,
} from './repository.js';

export const APPLY_MESSAGES = {
  vacancyClosed: 'La vacante ya no está disponible.',
  received: 'Postulación recibida exitosamente.',
  badRequest: GENERIC_MESSAGES.badRequest,
} as const;

export interface FieldIssue {
  path: string;
  message: string;
}

/** Why an application was not stored; routes answer each with its status. */
export type ApplyOutcome =
  | { ok: true; id: number }
  | { ok: false; kind: 'invalid'; message: string; fields: FieldIssue[] }
  | { ok: false; kind: 'closed'; message: string }
  | { ok: false; kind: 'duplicate'; conflict: ApplicationConflict; message: string };

export interface ApplyDeps {
  db: Db;
  files: FileStore;
  /** The site's public address, for links in e-mails. */
  publicUrl: string;
}

const flag = (raw: string | undefined): boolean | undefined => {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
};

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A row date may come as 'YYYY-MM-DD' or a full timestamp. */
const day = (v: unknown): string => {
  const s = str(v).trim();
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
};

type Rows = { ok: true; rows: Record<string, unknown>[] } | { ok: false; message: string };
function jsonRows(raw: string | undefined): Rows {
  if (raw === undefined || raw.trim() === '') return { ok: true, rows: [] };
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return { ok: false, message: 'Se esperaba una lista.' };
    return { ok: true, rows: v.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {})) };
  } catch {
    return { ok: false, message: 'Formato inválido' };
  }
}

/** The message of a file part that cannot be taken (its upload purpose's, domain files.ts), or null. */
function fileProblem(f: ReceivedFile): string | null {
  const { purpose } = FILE_FIELDS[f.field];
  if (f.tooLarge) return UPLOAD_RULES[purpose].tooLarge.message;
  if (!acceptsKind(purpose, f.kind) || f.trailing) return UPLOAD_RULES[purpose].invalid.message;
  return null;
}

const FILE_PATH: Record<keyof typeof FILE_FIELDS, string> = {
  FileFotografia: 'photo',
  Curriculum: 'curriculum',
  CartaDePresentacion: 'dpiScan',
  Policiales: 'policeRecord',
  Penales: 'criminalRecord',
};

const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === '23505';

/**
 * POST /guardar/Postulante: checks the form with the domain's rules for its mode, then stores the
 * application, its files and its acknowledgement e-mail in one transaction. The files were
 * received into temporary keys; they become the application's inside the transaction and are
 * removed on any failure, so a refused or failed submission leaves no row and no file.
 *
 * A refused form's staged files go at once too (issue 22): invalid, closed vacancy, duplicate. They
 * stay staged only when another submission of the same files took one of them meanwhile (a double
 * send: the other may still be refused and the applicant send again) and when the save failed
 * (500: nothing was refused, the applicant tries again).
 */
export async function submitApplication(deps: ApplyDeps, form: ReceivedForm): Promise<ApplyOutcome> {
  const moved: MovedFile[] = [];
  const race = { taken: false };
  try {
    const outcome = await submit(deps, form, moved, race);
    if (!outcome.ok) {
      await undoMoves(deps.files, moved);
      if (!race.taken) await releaseFormStaged(deps, form);
    }
    return outcome;
  } catch (err) {
    await undoMoves(deps.files, moved);
    if (!isUniqueViolation(err)) throw err;
    await releaseFormStaged(deps, form);
    const constraint = String((err as { constraint?: unknown }).constraint ?? '');
    const conflict = conflictOfConstraint(constraint);
    return { ok: false, kind: 'duplicate', conflict, message: APPLICATION_CONFLICT_MESSAGE[conflict] };
  } finally {
    // This request's own temporary keys (staged ones are released above, or kept).
    await Promise.allSettled(form.files.filter((f) => !f.stagedId).map((f) => deps.files.remove(f.tmpKey)));
  }
}

/** The staged files a refused form named: their rows and files go (idempotent: one already gone is no error). */
export async function releaseFormStaged(deps: ApplyDeps, form: ReceivedForm): Promise<void> {
  await releaseStaged(
    deps,
    form.files.flatMap((f) => (f.stagedId ? [f.stagedId] : [])),
  );
}

/** A file moved to its final key; `staged` is the key it came from when it was staged. */
interface MovedFile {
  key: string;
  staged: string | null;
}

/** A refused or failed submission: its own files go, staged ones go back to where they were staged. */
async function undoMoves(files: FileStore, moved: readonly MovedFile[]): Promise<void> {
  await Promise.allSettled(moved.map((m) => (m.staged ? files.move(m.key, m.staged) : files.remove(m.key))));
}

async function submit(
  deps: ApplyDeps,
  form: ReceivedForm,
  moved: MovedFile[],
  race: { taken: boolean },
): Promise<ApplyOutcome> {
  const f = form.fields;
  const registered = flag(f.EsUsuarioRegistrado) === true;
  const mode: ApplicationMode = registered ? 'registered' : 'guest';
  const invalid = (fields: FieldIssue[]): ApplyOutcome => ({
    ok: false,
    kind: 'invalid',
    message: fields[0]?.message ?? APPLY_MESSAGES.badRequest,
    fields,
  });

  if (f.EstadoPostulante !== undefined && f.EstadoPostulante.trim().toLowerCase() !== 'postulado')
    return invalid([{ path: 'estado', message: APPLY_MESSAGES.badRequest }]);
  let userId: number | null = null;
  if (registered) {
    if (!isEntityId(f.UsuarioCandidatoId)) return invalid([{ path: 'userId', message: APPLY_MESSAGES.badRequest }]);
    userId = Number(f.UsuarioCandidatoId);
  }

  const fileIssues: FieldIssue[] = [];
  for (const file of form.files) {
    if (FILE_FIELDS[file.field].registeredOnly && !registered)
      return invalid([{ path: FILE_PATH[file.field], message: APPLY_MESSAGES.badRequest }]);
    const problem = fileProblem(file);
    if (problem) fileIssues.push({ path: FILE_PATH[file.field], message: problem });
  }
  for (const field of form.gone) fileIssues.push({ path: FILE_PATH[field], message: STAGED_GONE });
  if (fileIssues.length) return invalid(fileIssues);

  const experiences = jsonRows(f.ExperienciasJson);
  const personal = jsonRows(f.ReferidosPJson);
  const work = jsonRows(f.ReferidosLJson);
  const jsonIssues: FieldIssue[] = [];
  if (!experiences.ok) jsonIssues.push({ path: 'experiences', message: experiences.message });
  if (!personal.ok) jsonIssues.push({ path: 'personalReferences', message: personal.message });
  if (!work.ok) jsonIssues.push({ path: 'workReferences', message: work.message });
  if (!experiences.ok || !personal.ok || !work.ok) return invalid(jsonIssues);

  // Files already stored in the profile count as present (spec 1 §5.2); the application references them.
  const profileFiles = userId !== null ? await listProfileFiles(deps.db, userId) : [];
  const fromProfile = (field: keyof typeof FILE_FIELDS) =>
    form.files.some((x) => x.field === field)
      ? null
      : (profileFiles.find((p) => p.tipo === FILE_FIELDS[field].document.profileType) ?? null);
  const has = (field: keyof typeof FILE_FIELDS) =>
    form.files.some((x) => x.field === field) || fromProfile(field) !== null;
  const checked = checkApplication(mode, {
    vacancyId: f.VacanteId ?? '',
    name: f.InputNombre ?? '',
    cui: f.InputCui ?? '',
    address: f.InputDireccion ?? '',
    phone: f.InputTelefono ?? '',
    email: f.InputEmail ?? '',
    maritalStatus: f.InputEstadocivil ?? '',
    age: f.InputEdad ?? '',
    educationLevel: f.SlcNivel ?? '',
    studying: flag(f.SlcEstudiando),
    available: flag(f.SlcDisponibilidad),
    salaryClaim: f.Pretension ?? '',
    negotiable: flag(f.SlcPnegociable),
    experiences: experiences.rows.map((r) => ({
      company: str(r.Empresa),
      position: str(r.Puesto),
      from: day(r.Desde),
      to: day(r.Hasta),
      description: str(r.Descripcion),
    })),
    personalReferences: personal.rows.map((r) => ({ name: str(r.RefNp), phone: str(r.RefTp) })),
    workReferences: work.rows.map((r) => ({ name: str(r.RefNl), phone: str(r.RefTl) })),
    documents: {
      photo: has('FileFotografia'),
      curriculum: has('Curriculum'),
      dpiScan: has('CartaDePresentacion'),
      policeRecord: has('Policiales'),
      criminalRecord: has('Penales'),
    },
  });
  if (!checked.ok) return invalid(checked.fields);
  const v = checked.value;
  const vacancyId = Number(v.vacancyId);

  // The files take their final keys before the transaction, all at once: renames (or S3 copies)
  // then do not hold the database connection, which PGlite shares with every other request. A
  // refused or failed transaction removes them again; a crash in between leaves keys no row names,
  // which the orphan sweep removes (storage/orphans.ts).
  const stored = form.files.map((file) => ({
    file,
    key: `postulantes/${randomUUID()}.${storedExtension(file.kind!)}`,
  }));
  // Settled, not Promise.all: every move has ended (and is listed in `moved`) before any failure is thrown.
  const moves = await Promise.allSettled(
    stored.map(async ({ file, key }) => {
      await deps.files.move(file.tmpKey, key);
      moved.push({ key, staged: file.stagedId ? file.tmpKey : null });
    }),
  );
  // A staged file another submission has just taken is gone for this one.
  const takenStaged = stored.filter(({ file }, i) => file.stagedId && moves[i]!.status === 'rejected');
  if (takenStaged.length) {
    race.taken = true;
    return invalid(takenStaged.map(({ file }) => ({ path: FILE_PATH[file.field], message: STAGED_GONE })));
  }
  const failedMove = moves.find((m) => m.status === 'rejected');
  if (failedMove) throw failedMove.reason;

  return deps.db.transaction().execute(async (trx) => {
    const vacancy = await findVacancyForApplication(trx, vacancyId);
    const today = todayInGuatemala();
    if (!vacancy || vacancy.status !== '1' || (vacancy.fechaFinalizacion !== null && vacancy.fechaFinalizacion < today))
      return { ok: false, kind: 'closed', message: APPLY_MESSAGES.vacancyClosed } as const;
    if (userId !== null && !(await candidateIsActive(trx, userId)))
      return invalid([{ path: 'userId', message: APPLY_MESSAGES.badRequest }]);

    const conflict = await findDuplicate(trx, { vacancyId, dpi: v.cui, email: v.email, userId });
    if (conflict)
      return { ok: false, kind: 'duplicate', conflict, message: APPLICATION_CONFLICT_MESSAGE[conflict] } as const;

    const app = await insertApplication(trx, {
      vacancyId,
      name: v.name,
      dpi: v.cui,
      email: v.email,
      phone: v.phone,
      address: v.address,
      maritalStatus: v.maritalStatus,
      age: v.age,
      educationLevel: v.educationLevel,
      studying: v.studying,
      available: v.available,
      salaryClaim: v.salaryClaim,
      negotiable: v.negotiable,
      experiences: v.experiences.map((e) => ({
        Empresa: e.company,
        Puesto: e.position,
        Desde: e.from,
        Hasta: e.to,
        Descripcion: e.description,
      })),
      personalReferences: v.personalReferences.map((r) => ({ RefNp: r.name, RefTp: r.phone, tipo: 1 })),
      workReferences: v.workReferences.map((r) => ({ RefNl: r.name, RefTl: r.phone, tipo: 2 })),
      userId,
    });

    await insertApplicationFiles(
      trx,
      stored.map(({ file, key }) => ({
        applicationId: app.id,
        type: FILE_FIELDS[file.field].document.applicationType,
        key,
        name: file.name,
        mime: SNIFFED_MIME[file.kind!],
        size: file.size,
      })),
    );
    await stagedUsed(
      trx,
      stored.flatMap(({ file }) => (file.stagedId ? [file.stagedId] : [])),
    );

    // Referenced, not copied: the row names the profile file's key; deleting rows keeps a key still named elsewhere.
    const current = userId !== null ? await listProfileFiles(trx, userId) : [];
    for (const field of Object.keys(FILE_FIELDS) as (keyof typeof FILE_FIELDS)[]) {
      const wanted = fromProfile(field);
      if (!wanted) continue;
      const still = current.find((p) => p.id === wanted.id);
      // Replaced meanwhile by a profile save: the new one is as good.
      const ref = still ?? current.find((p) => p.tipo === wanted.tipo);
      if (!ref) throw new Error('archivo de perfil ya no existe');
      await insertApplicationFile(trx, {
        applicationId: app.id,
        type: FILE_FIELDS[field].document.applicationType,
        key: ref.clave,
        name: ref.nombre,
        mime: ref.mime,
        size: ref.tamano,
        profileFileId: ref.id,
      });
    }

    const mail = applicationReceived({
      name: v.name,
      vacancy: vacancy.nombre,
      branch: vacancy.sedeNombre,
      date: app.createdAt,
      registered: userId !== null,
      publicUrl: deps.publicUrl,
    });
    await enqueueMail(trx, mail, v.email, { applicationId: app.id });
    return { ok: true, id: app.id } as const;
  });
}

export interface CheckQuery {
  vacancyId: number;
  dpi: string;
  email: string;
  userId: number | null;
}

/** GET /postulantes/validar: the same rules the submission re-checks in its transaction. */
export async function checkDuplicate(
  db: Db,
  q: CheckQuery,
): Promise<{ ok: boolean; conflict: ApplicationConflict | null; message: string | null }> {
  const conflict = await findDuplicate(db, q);
  return conflict
    ? { ok: false, conflict, message: APPLICATION_CONFLICT_MESSAGE[conflict] }
    : { ok: true, conflict: null, message: null };
}
