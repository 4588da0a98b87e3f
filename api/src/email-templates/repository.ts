/** The e-mail templates' rows (migration 0034): versions, and each template's current one. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import type { EmailTemplateAction } from '@bolsa/domain';

export type Conn = Kysely<Database> | Transaction<Database>;

export interface VersionRow {
  id: number;
  clave: string;
  asunto: string;
  cuerpo: string;
  accion: EmailTemplateAction;
  predeterminada: boolean;
  restaurada_de: number | null;
  usuario_id: number | null;
  usuario_nombre: string | null;
  creado_en: string;
}

const columns = [
  'v.id',
  'v.clave',
  'v.asunto',
  'v.cuerpo',
  'v.accion',
  'v.predeterminada',
  'v.restaurada_de',
  'v.usuario_id',
  'v.usuario_nombre',
  utcInstant('v.creado_en').as('creado_en'),
] as const;

/** The current version of every template that has one. */
export async function currentVersions(db: Conn): Promise<VersionRow[]> {
  return db
    .selectFrom('plantillas_correo as p')
    .innerJoin('plantillas_correo_versiones as v', 'v.id', 'p.version_id')
    .select(columns)
    .execute();
}

/**
 * The current version of one template; undefined while it has never been edited. `lock` (in a
 * transaction) holds the template's row until it ends, so a second save waits and sees the first.
 */
export async function currentVersion(db: Conn, key: string, lock = false): Promise<VersionRow | undefined> {
  const q = db
    .selectFrom('plantillas_correo as p')
    .innerJoin('plantillas_correo_versiones as v', 'v.id', 'p.version_id')
    .select(columns)
    .where('p.clave', '=', key);
  return (lock ? q.forUpdate('p') : q).executeTakeFirst();
}

/** A template's versions, newest first. */
export async function versions(db: Conn, key: string, limit: number): Promise<VersionRow[]> {
  return db
    .selectFrom('plantillas_correo_versiones as v')
    .select(columns)
    .where('v.clave', '=', key)
    .orderBy('v.id', 'desc')
    .limit(limit)
    .execute();
}

export async function version(db: Conn, id: number): Promise<VersionRow | undefined> {
  return db.selectFrom('plantillas_correo_versiones as v').select(columns).where('v.id', '=', id).executeTakeFirst();
}

export async function userName(db: Conn, id: number): Promise<string | null> {
  const row = await db.selectFrom('usuarios').select(['nombre', 'usuario']).where('id', '=', id).executeTakeFirst();
  return row ? row.nombre?.trim() || row.usuario : null;
}

export interface NewVersion {
  key: string;
  subject: string;
  body: string;
  action: EmailTemplateAction;
  isDefault: boolean;
  restoredFrom: number | null;
  userId: number | null;
  userName: string | null;
}

/** Records a version and makes it the template's current one. */
export async function insertCurrentVersion(trx: Transaction<Database>, v: NewVersion): Promise<number> {
  const { id } = await trx
    .insertInto('plantillas_correo_versiones')
    .values({
      clave: v.key,
      asunto: v.subject,
      cuerpo: v.body,
      accion: v.action,
      predeterminada: v.isDefault,
      restaurada_de: v.restoredFrom,
      usuario_id: v.userId,
      usuario_nombre: v.userName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('plantillas_correo')
    .values({ clave: v.key, version_id: id })
    // Two saves at once: the later version stays current, whichever commits first.
    .onConflict((oc) =>
      oc.column('clave').doUpdateSet({ version_id: id }).where('plantillas_correo.version_id', '<', id),
    )
    .execute();
  return id;
}
