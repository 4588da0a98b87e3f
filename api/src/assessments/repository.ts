import { sql } from 'kysely';
import type { Db, TemplateCategory, TemplateType } from '../db/database.js';
import { foldSql } from '../lists.js';
import { utcInstant } from '../db/instant.js';

/** An assessment template as GET /pruebas/templates lists it (spec 2 §3). */
export interface TemplateJson {
  id: number;
  nombre: string;
  descripcion: string;
  tipo: TemplateType;
  categoria: TemplateCategory;
  link: string | null;
  archivoNombre: string | null;
  /** The api path that streams the file, never the store key or a disk path. */
  archivoRuta: string | null;
  activo: boolean;
  fechaCreacion: string;
}

export const downloadPath = (id: number): string => `/pruebas/templates/${id}/download`;

function templateQuery(db: Db) {
  return db
    .selectFrom('pruebas_templates')
    .select([
      'id',
      'nombre',
      'descripcion',
      'tipo',
      'categoria',
      'link',
      'archivo_nombre',
      'archivo_ruta',
      'activo',
      utcInstant('fecha_creacion').as('fecha_creacion'),
    ]);
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof templateQuery>['executeTakeFirstOrThrow']>>;

function toTemplateJson(r: TemplateRow): TemplateJson {
  return {
    id: r.id,
    nombre: r.nombre,
    descripcion: r.descripcion,
    tipo: r.tipo,
    categoria: r.categoria,
    link: r.link,
    archivoNombre: r.archivo_nombre,
    archivoRuta: r.archivo_ruta ? downloadPath(r.id) : null,
    activo: r.activo,
    fechaCreacion: r.fecha_creacion,
  };
}

export interface TemplateFilter {
  /** Folded; must occur in 'nombre descripcion', as the BFF matched it. */
  search?: string;
  categoria?: TemplateCategory;
  tipo?: TemplateType;
  /** false: active ones only. The documented call lists every template. */
  incluirInactivas?: boolean;
}

/** Newest first. */
export async function listTemplates(db: Db, f: TemplateFilter = {}): Promise<TemplateJson[]> {
  let q = templateQuery(db);
  if (f.incluirInactivas === false) q = q.where('activo', '=', true);
  if (f.categoria) q = q.where('categoria', '=', f.categoria);
  if (f.tipo) q = q.where('tipo', '=', f.tipo);
  if (f.search) q = q.where(sql<number>`strpos(${foldSql(sql`nombre || ' ' || descripcion`)}, ${f.search})`, '>', 0);
  const rows = await q.orderBy('fecha_creacion', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toTemplateJson);
}

export async function findTemplate(db: Db, id: number): Promise<TemplateJson | null> {
  const row = await templateQuery(db).where('id', '=', id).executeTakeFirst();
  return row ? toTemplateJson(row) : null;
}

/** What the download needs, including the store key the JSON never shows. */
export async function findTemplateFile(db: Db, id: number) {
  return (
    (await db
      .selectFrom('pruebas_templates')
      .select(['tipo', 'link', 'archivo_nombre', 'archivo_ruta'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

export interface NewTemplate {
  nombre: string;
  descripcion: string;
  tipo: TemplateType;
  categoria: TemplateCategory;
  link: string | null;
  archivoNombre: string | null;
  archivoRuta: string | null;
  activo: boolean;
}

export async function createTemplate(db: Db, t: NewTemplate): Promise<TemplateJson> {
  const { id } = await db
    .insertInto('pruebas_templates')
    .values({
      nombre: t.nombre,
      descripcion: t.descripcion,
      tipo: t.tipo,
      categoria: t.categoria,
      link: t.link,
      archivo_nombre: t.archivoNombre,
      archivo_ruta: t.archivoRuta,
      activo: t.activo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findTemplate(db, id))!;
}

/** The record after the change, or null when there is no such template. */
export async function setTemplateActive(db: Db, id: number, activo: boolean): Promise<TemplateJson | null> {
  const row = await db
    .updateTable('pruebas_templates')
    .set({ activo })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row ? findTemplate(db, id) : null;
}

/** The deleted row's store key (null for links), or undefined when there was no such template. */
export async function deleteTemplate(db: Db, id: number): Promise<{ archivoRuta: string | null } | undefined> {
  const row = await db
    .deleteFrom('pruebas_templates')
    .where('id', '=', id)
    .returning('archivo_ruta')
    .executeTakeFirst();
  return row ? { archivoRuta: row.archivo_ruta } : undefined;
}
