import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

/** The candidate user of the login response (spec 1 §3), spelled as the REST contract spells it. */
export interface CandidateJson {
  id: number;
  nombre_completo: string;
  email: string;
  primer_nombre: string;
  segundo_nombre: string;
  primer_apellido: string;
  segundo_apellido: string;
  apellido_casada: string | null;
  como_se_entero: string;
  observaciones: string;
  fecha_registro: string;
}

export type RegistrationConflict = 'cuenta_existente' | 'email_dpi_mismatch' | 'dpi_titular' | 'dpi_email_mismatch';

export interface NewCandidate {
  primerNombre: string;
  segundoNombre: string;
  primerApellido: string;
  segundoApellido: string;
  /** Lower-case. */
  email: string;
  /** 13 digits. */
  dpi: string;
  claveHash: string;
  comoSeEntero: string;
  observaciones: string;
}

function candidateQuery(db: Db) {
  return db.selectFrom('usuarios_candidatos').select([
    'id',
    'email',
    'primer_nombre',
    'segundo_nombre',
    'primer_apellido',
    'segundo_apellido',
    'apellido_casada',
    'como_se_entero',
    'observaciones',
    // Formatted in SQL: the drivers would hand back Dates shifted by the process time zone.
    utcInstant('fecha_registro').as('fecha_registro'),
    'activo',
  ]);
}

type CandidateRow = Awaited<ReturnType<ReturnType<typeof candidateQuery>['executeTakeFirstOrThrow']>>;

export const fullName = (r: {
  primer_nombre: string;
  segundo_nombre: string;
  primer_apellido: string;
  segundo_apellido: string;
  apellido_casada: string | null;
}): string =>
  [r.primer_nombre, r.segundo_nombre, r.primer_apellido, r.segundo_apellido, r.apellido_casada]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

function toCandidateJson(r: CandidateRow): CandidateJson {
  return {
    id: r.id,
    nombre_completo: fullName(r),
    email: r.email,
    primer_nombre: r.primer_nombre,
    segundo_nombre: r.segundo_nombre,
    primer_apellido: r.primer_apellido,
    segundo_apellido: r.segundo_apellido,
    apellido_casada: r.apellido_casada,
    como_se_entero: r.como_se_entero,
    observaciones: r.observaciones,
    fecha_registro: r.fecha_registro,
  };
}

/** For login: the account by its (lower-case) e-mail, with its hash and whether it is active. */
export async function findCandidateForLogin(
  db: Db,
  email: string,
): Promise<{ user: CandidateJson; activo: boolean; claveHash: string } | null> {
  const row = await candidateQuery(db).select('clave_hash').where('email', '=', email).executeTakeFirst();
  return row ? { user: toCandidateJson(row), activo: row.activo, claveHash: row.clave_hash } : null;
}

/** For the BFF's session re-check: one primary-key lookup. */
export async function findCandidateSession(db: Db, id: number): Promise<({ activo: boolean } & CandidateJson) | null> {
  const row = await candidateQuery(db).where('id', '=', id).executeTakeFirst();
  return row ? { activo: row.activo, ...toCandidateJson(row) } : null;
}

/**
 * Marks this account's linked applications as announced and says how many were not yet. One
 * UPDATE: two logins at once cannot both count the same row. Applications sent while logged in
 * (never linked, vinculada_en null) are not counted.
 */
export async function announceLinkedApplications(db: Db, candidateId: number): Promise<number> {
  const rows = await db
    .updateTable('postulantes')
    .set({ vinculacion_anunciada: true })
    .where('usuario_candidato_id', '=', candidateId)
    .where('vinculada_en', 'is not', null)
    .where('vinculacion_anunciada', '=', false)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Why this e-mail and DPI cannot open an account, or null. Accounts first, then earlier guest
 * applications (no account yet) that used one of the two with a different other half.
 */
export async function findRegistrationConflict(
  db: Db,
  email: string,
  dpi: string,
): Promise<RegistrationConflict | null> {
  const accounts = await db
    .selectFrom('usuarios_candidatos')
    .select(['email', 'dpi'])
    .where((eb) => eb.or([eb('email', '=', email), eb('dpi', '=', dpi)]))
    .execute();
  const byEmail = accounts.find((a) => a.email === email);
  if (byEmail) return byEmail.dpi === dpi ? 'cuenta_existente' : 'email_dpi_mismatch';
  if (accounts.some((a) => a.dpi === dpi)) return 'dpi_titular';

  const guests = await db
    .selectFrom('postulantes')
    .select(['email', 'cui'])
    .where('usuario_candidato_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('email', '=', email), eb('cui', '<>', dpi)]),
        eb.and([eb('cui', '=', dpi), eb('email', '<>', email)]),
      ]),
    )
    .limit(20)
    .execute();
  if (guests.some((g) => g.email === email)) return 'email_dpi_mismatch';
  if (guests.length > 0) return 'dpi_email_mismatch';
  return null;
}

/** Inside the registration's transaction: the new account's row. */
export async function insertCandidate(trx: Transaction<Database>, c: NewCandidate): Promise<number> {
  const { id } = await trx
    .insertInto('usuarios_candidatos')
    .values({
      primer_nombre: c.primerNombre,
      segundo_nombre: c.segundoNombre,
      primer_apellido: c.primerApellido,
      segundo_apellido: c.segundoApellido,
      email: c.email,
      dpi: c.dpi,
      clave_hash: c.claveHash,
      como_se_entero: c.comoSeEntero,
      observaciones: c.observaciones,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Links earlier guest applications sent with the same CUI and the same e-mail to the new account.
 * Linked, they are a registered candidate's applications (es_registrado: staff may ask for
 * updated documents, spec 3 §2.2). Answers their ids.
 */
export async function linkGuestApplications(
  trx: Transaction<Database>,
  candidateId: number,
  email: string,
  dpi: string,
): Promise<number[]> {
  const rows = await trx
    .updateTable('postulantes')
    .set({
      usuario_candidato_id: candidateId,
      es_registrado: true,
      vinculada_en: sql<string>`now()`,
      vinculacion_anunciada: false,
    })
    .where('usuario_candidato_id', 'is', null)
    .where('cui', '=', dpi)
    .where('email', '=', email)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A guest application's file, as the new profile takes a copy of it. */
export interface GuestFile {
  tipo: string;
  clave: string;
  nombre: string;
  mime: string;
  tamano: number;
}

/** What a guest's application brings to the profile of the account they open (issue 20). */
export interface GuestApplication {
  id: number;
  telefono: string | null;
  direccion: string | null;
  experiencias: unknown;
  referidosP: unknown;
  referidosL: unknown;
  files: GuestFile[];
}

/**
 * The most recent guest application (not linked to an account) sent with this e-mail and CUI,
 * with its files: the one registering links it, and its data start the new profile.
 */
export async function latestGuestApplication(db: Db, email: string, dpi: string): Promise<GuestApplication | null> {
  const app = await db
    .selectFrom('postulantes')
    .select(['id', 'telefono', 'direccion', 'experiencias_json', 'referidos_p_json', 'referidos_l_json'])
    .where('usuario_candidato_id', 'is', null)
    .where('cui', '=', dpi)
    .where('email', '=', email)
    .where('datos_eliminados', '=', false)
    .orderBy('fecha_registro', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!app) return null;
  const files = await db
    .selectFrom('postulante_archivos')
    .select(['tipo', 'clave', 'nombre', 'mime', 'tamano'])
    .where('postulante_id', '=', app.id)
    .orderBy('id')
    .execute();
  return {
    id: app.id,
    telefono: app.telefono,
    direccion: app.direccion,
    experiencias: app.experiencias_json,
    referidosP: app.referidos_p_json,
    referidosL: app.referidos_l_json,
    files,
  };
}
