/**
 * The candidate's account and profile (spec 4): the account row, the profile, its files, and the
 * starting profile registration writes. My applications are in my-applications-repository.ts; the
 * files' authorised route and the export and erasure in repository.ts.
 */
import { sql, type Transaction } from 'kysely';
import type { Database, Db, ProfileFileType } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

type Conn = Db | Transaction<Database>;

export interface AccountRow {
  id: number;
  primer_nombre: string;
  segundo_nombre: string;
  primer_apellido: string;
  segundo_apellido: string;
  apellido_casada: string | null;
  email: string;
  dpi: string;
  observaciones: string;
  activo: boolean;
  fecha_registro: string;
}

export async function findAccount(db: Conn, userId: number): Promise<AccountRow | null> {
  const row = await db
    .selectFrom('usuarios_candidatos')
    .select([
      'id',
      'primer_nombre',
      'segundo_nombre',
      'primer_apellido',
      'segundo_apellido',
      'apellido_casada',
      'email',
      'dpi',
      'observaciones',
      'activo',
      utcInstant('fecha_registro', { milliseconds: false }).as('fecha_registro'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export interface ProfileRow {
  telefono: string | null;
  fecha_nacimiento: string | null;
  direccion_completa: string | null;
  experiencias_json: unknown;
  referidos_p_json: unknown;
  referidos_l_json: unknown;
  perfil_completado: boolean;
  actualizado_en: string;
}

/** Serialises saves of one candidate's profile (the account row exists even before the first save). */
export async function lockAccount(trx: Transaction<Database>, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('usuarios_candidatos')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return !!row;
}

export async function findProfile(db: Conn, userId: number): Promise<ProfileRow | null> {
  const q = db
    .selectFrom('perfiles_candidatos')
    .select([
      'telefono',
      sql<string | null>`to_char(fecha_nacimiento, 'YYYY-MM-DD')`.as('fecha_nacimiento'),
      'direccion_completa',
      'experiencias_json',
      'referidos_p_json',
      'referidos_l_json',
      'perfil_completado',
      utcInstant('actualizado_en', { milliseconds: false }).as('actualizado_en'),
    ])
    .where('usuario_candidato_id', '=', userId);
  return (await q.executeTakeFirst()) ?? null;
}

export interface ProfileFileRow {
  id: number;
  usuario_candidato_id: number;
  tipo: ProfileFileType;
  clave: string;
  nombre: string;
  mime: string;
  tamano: number;
  creado_en: string;
}

const fileColumns = [
  'id',
  'usuario_candidato_id',
  'tipo',
  'clave',
  'nombre',
  'mime',
  'tamano',
  utcInstant('creado_en', { milliseconds: false }).as('creado_en'),
] as const;

export async function listProfileFiles(db: Conn, userId: number): Promise<ProfileFileRow[]> {
  return db
    .selectFrom('perfil_archivos')
    .select(fileColumns)
    .where('usuario_candidato_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findProfileFile(db: Conn, id: number): Promise<ProfileFileRow | null> {
  return (await db.selectFrom('perfil_archivos').select(fileColumns).where('id', '=', id).executeTakeFirst()) ?? null;
}

export interface AccountUpdate {
  primerNombre: string;
  segundoNombre: string;
  primerApellido: string;
  segundoApellido: string;
  apellidoCasada: string | null;
  observaciones: string | null;
}

export async function updateAccountNames(db: Conn, userId: number, a: AccountUpdate): Promise<void> {
  await db
    .updateTable('usuarios_candidatos')
    .set({
      primer_nombre: a.primerNombre,
      segundo_nombre: a.segundoNombre,
      primer_apellido: a.primerApellido,
      segundo_apellido: a.segundoApellido,
      apellido_casada: a.apellidoCasada,
      ...(a.observaciones !== null ? { observaciones: a.observaciones } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export interface ProfileWrite {
  telefono: string;
  fechaNacimiento: string;
  direccion: string;
  experiencias: unknown[];
  referidosP: unknown[];
  referidosL: unknown[];
}

export async function upsertProfile(db: Conn, userId: number, p: ProfileWrite): Promise<void> {
  const values = {
    telefono: p.telefono,
    fecha_nacimiento: p.fechaNacimiento,
    direccion_completa: p.direccion,
    experiencias_json: JSON.stringify(p.experiencias),
    referidos_p_json: JSON.stringify(p.referidosP),
    referidos_l_json: JSON.stringify(p.referidosL),
    // Only a save that passed every rule of spec 1 §5.3 gets here.
    perfil_completado: true,
    actualizado_en: sql<string>`now()` as unknown as string,
  };
  await db
    .insertInto('perfiles_candidatos')
    .values({ usuario_candidato_id: userId, ...values })
    .onConflict((oc) => oc.column('usuario_candidato_id').doUpdateSet(values))
    .execute();
}

/**
 * A new account's profile started from what it already told us (a guest application's phone,
 * address, experiences and references). Not complete: only a save that passes every rule of
 * spec 1 §5.3 marks it so.
 */
export async function insertStartingProfile(
  db: Conn,
  userId: number,
  p: {
    telefono: string | null;
    direccion: string | null;
    experiencias: unknown[];
    referidosP: unknown[];
    referidosL: unknown[];
  },
): Promise<void> {
  await db
    .insertInto('perfiles_candidatos')
    .values({
      usuario_candidato_id: userId,
      telefono: p.telefono,
      direccion_completa: p.direccion,
      experiencias_json: JSON.stringify(p.experiencias),
      referidos_p_json: JSON.stringify(p.referidosP),
      referidos_l_json: JSON.stringify(p.referidosL),
      perfil_completado: false,
    })
    .execute();
}

export async function deleteProfileFile(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('perfil_archivos').where('id', '=', id).execute();
}

export interface NewProfileFile {
  userId: number;
  type: ProfileFileType;
  key: string;
  name: string;
  mime: string;
  size: number;
}

export async function insertProfileFile(db: Conn, f: NewProfileFile): Promise<number> {
  const row = await db
    .insertInto('perfil_archivos')
    .values({
      usuario_candidato_id: f.userId,
      tipo: f.type,
      clave: f.key,
      nombre: f.name,
      mime: f.mime,
      tamano: f.size,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether any file row still names `key` (an application may reference a profile's file). */
export async function keyInUse(db: Conn, key: string): Promise<boolean> {
  const a = await db
    .selectFrom('postulante_archivos')
    .select('id')
    .where('clave', '=', key)
    .limit(1)
    .executeTakeFirst();
  if (a) return true;
  const p = await db.selectFrom('perfil_archivos').select('id').where('clave', '=', key).limit(1).executeTakeFirst();
  return !!p;
}
