import { sql, type Transaction } from 'kysely';
import type { ApplicationConflict } from '@bolsa/domain';
import type { ApplicationFileType, Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

type Conn = Db | Transaction<Database>;

/** Still in course: not hired nor rejected (case-insensitive, as older rows may be capitalised). */
const inCourse = sql<boolean>`lower(estado) not in ('contratado', 'rechazado')`;

export interface DuplicateQuery {
  vacancyId: number;
  dpi: string;
  email: string;
  /** The registered candidate applying, when any. */
  userId: number | null;
}

/**
 * The duplicate rules of spec 1 §8, in the order they are reported:
 * ya_aplico — this registered candidate already applied to this vacancy;
 * dpi / email — an application in course for this vacancy has this DPI / e-mail;
 * usuario — the e-mail belongs to another registered candidate;
 * dpi_email_mismatch — the DPI is known (account or earlier application) with another e-mail;
 * email_dpi_mismatch — the e-mail is known with another DPI.
 */
export async function findDuplicate(db: Conn, q: DuplicateQuery): Promise<ApplicationConflict | null> {
  // A half that was not sent (login with a vacancy id knows only the e-mail) matches nothing.
  const dpi = q.dpi || null;
  const email = q.email || null;
  if (q.userId !== null) {
    const mine = await db
      .selectFrom('postulantes')
      .select('id')
      .where('plaza_id', '=', q.vacancyId)
      .where('usuario_candidato_id', '=', q.userId)
      .limit(1)
      .executeTakeFirst();
    if (mine) return 'ya_aplico';
  }

  const sameVacancy = await db
    .selectFrom('postulantes')
    .select(['cui', 'email'])
    .where('plaza_id', '=', q.vacancyId)
    .where(inCourse)
    .where((eb) => eb.or([eb('cui', '=', dpi ?? '-'), eb('email', '=', email ?? '-')]))
    .limit(5)
    .execute();
  if (dpi && sameVacancy.some((r) => r.cui === dpi)) return 'dpi';
  if (email && sameVacancy.some((r) => r.email === email)) return 'email';

  const accounts = await db
    .selectFrom('usuarios_candidatos')
    .select(['id', 'email', 'dpi'])
    .where((eb) => eb.or([eb('email', '=', email ?? '-'), eb('dpi', '=', dpi ?? '-')]))
    .limit(5)
    .execute();
  if (email && accounts.some((a) => a.email === email && a.id !== q.userId)) return 'usuario';
  if (!dpi || !email) return null;
  if (accounts.some((a) => a.dpi === dpi && a.email !== email)) return 'dpi_email_mismatch';
  if (accounts.some((a) => a.email === email && a.dpi !== dpi)) return 'email_dpi_mismatch';

  const earlier = await db
    .selectFrom('postulantes')
    .select(['cui', 'email'])
    .where((eb) =>
      eb.or([
        eb.and([eb('cui', '=', dpi), eb('email', '<>', email)]),
        eb.and([eb('email', '=', email), eb('cui', '<>', dpi)]),
      ]),
    )
    .limit(5)
    .execute();
  if (earlier.some((r) => r.cui === dpi)) return 'dpi_email_mismatch';
  if (earlier.some((r) => r.email === email)) return 'email_dpi_mismatch';
  return null;
}

/** The unique index a concurrent duplicate ran into, as the conflict it means. */
export function conflictOfConstraint(constraint: string): ApplicationConflict {
  if (constraint.includes('usuario')) return 'ya_aplico';
  if (constraint.includes('email')) return 'email';
  return 'dpi';
}

export interface VacancyForApplication {
  id: number;
  nombre: string;
  sedeNombre: string | null;
  status: string;
  /** 'YYYY-MM-DD' or null. */
  fechaFinalizacion: string | null;
}

export async function findVacancyForApplication(db: Conn, id: number): Promise<VacancyForApplication | null> {
  const row = await db
    .selectFrom('plazas as p')
    .leftJoin('sedes as s', 's.id', 'p.sede_id')
    .select([
      'p.id',
      'p.nombre',
      's.nombre as sedeNombre',
      'p.status',
      sql<string | null>`to_char(p.fecha_finalizacion, 'YYYY-MM-DD')`.as('fechaFinalizacion'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function candidateIsActive(db: Conn, id: number): Promise<boolean> {
  const row = await db.selectFrom('usuarios_candidatos').select('activo').where('id', '=', id).executeTakeFirst();
  return row?.activo === true;
}

export interface NewApplication {
  vacancyId: number;
  name: string;
  dpi: string;
  email: string;
  phone: string;
  address: string;
  maritalStatus: string;
  age: number;
  educationLevel: string;
  studying: boolean;
  available: boolean;
  salaryClaim: number;
  negotiable: boolean;
  experiences: unknown[];
  personalReferences: unknown[];
  workReferences: unknown[];
  userId: number | null;
}

export async function insertApplication(db: Conn, a: NewApplication): Promise<{ id: number; createdAt: string }> {
  const row = await db
    .insertInto('postulantes')
    .values({
      plaza_id: a.vacancyId,
      nombre: a.name,
      cui: a.dpi,
      email: a.email,
      telefono: a.phone,
      estado: 'postulado',
      // What the candidate is shown at submission: a later change is 'Estado actualizado: Postulado → …'.
      estado_visto: 'postulado',
      usuario_candidato_id: a.userId,
      direccion: a.address,
      estado_civil: a.maritalStatus,
      edad: a.age,
      nivel_educativo: a.educationLevel,
      estudiando: a.studying,
      disponibilidad: a.available,
      pretension: a.salaryClaim,
      negociable: a.negotiable,
      experiencias_json: JSON.stringify(a.experiences),
      referidos_p_json: JSON.stringify(a.personalReferences),
      referidos_l_json: JSON.stringify(a.workReferences),
      es_registrado: a.userId !== null,
    })
    // The instant, in UTC whatever the session's zone: the e-mail prints Guatemala's day of it (issue 20).
    .returning(['id', utcInstant('fecha_registro').as('createdAt')])
    .executeTakeFirstOrThrow();
  return row;
}

export interface NewApplicationFile {
  applicationId: number;
  type: ApplicationFileType;
  key: string;
  name: string;
  mime: string;
  size: number;
  /** The profile file this row references (same key), when it is not the application's own upload. */
  profileFileId?: number | null;
}

export async function insertApplicationFile(db: Conn, f: NewApplicationFile): Promise<void> {
  await db
    .insertInto('postulante_archivos')
    .values({
      postulante_id: f.applicationId,
      tipo: f.type,
      clave: f.key,
      nombre: f.name,
      mime: f.mime,
      tamano: f.size,
      perfil_archivo_id: f.profileFileId ?? null,
    })
    .execute();
}

/** Several file rows in one statement (an application's own uploads). */
export async function insertApplicationFiles(db: Conn, files: NewApplicationFile[]): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('postulante_archivos')
    .values(
      files.map((f) => ({
        postulante_id: f.applicationId,
        tipo: f.type,
        clave: f.key,
        nombre: f.name,
        mime: f.mime,
        tamano: f.size,
      })),
    )
    .execute();
}
