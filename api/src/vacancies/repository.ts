import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** The documented vacancy shape (spec 2 §3), spelled exactly as the REST contract spells it. */
export interface VacancyJson {
  id: number;
  nombreVacante: string;
  sede: number | null;
  sedeNombre: string | null;
  lugar: string | null;
  municipioId: string | null;
  municipioNombre: string | null;
  departamentoId: string | null;
  departamentoNombre: string | null;
  NombreDepartamento: string | null;
  descripcion: string | null;
  requisitos: string[];
  beneficios: string[];
  imagen: string | null;
  imagenBase64: string | null;
  fechaPublicacion: string;
  fechaFinalizacion: string | null;
  status: string;
  destacado: boolean;
  fechaCreacion: string;
  PublicadoPor: number | null;
  ActualizadoPor: number | null;
}

/** Public path under which the api serves a stored file key. */
export const fileUrl = (key: string): string => `/archivos/${key}`;

/**
 * One query for the whole list (it is benchmarked). The municipality join only matches a
 * structured 'municipio:departamento' lugar; free text leaves the geography columns null.
 * Dates are formatted in SQL: pg and PGlite would otherwise hand back JS Dates shifted by
 * the process time zone.
 */
function vacancyQuery(db: Db) {
  return db
    .selectFrom('plazas as p')
    .leftJoin('sedes as s', 's.id', 'p.sede_id')
    .leftJoin('municipios as m', (join) => join.on(sql<boolean>`p.lugar = m.codigo || ':' || m.departamento_codigo`))
    .leftJoin('departamentos as d', 'd.codigo', 'm.departamento_codigo')
    .select([
      'p.id',
      'p.nombre',
      'p.sede_id',
      's.nombre as sede_nombre',
      'p.lugar',
      'm.codigo as municipio_id',
      'm.nombre as municipio_nombre',
      'd.codigo as departamento_id',
      'd.nombre as departamento_nombre',
      'p.descripcion',
      'p.requisitos',
      'p.beneficios',
      'p.imagen',
      sql<string>`to_char(p.fecha_publicacion, 'YYYY-MM-DD')`.as('fecha_publicacion'),
      sql<string | null>`to_char(p.fecha_finalizacion, 'YYYY-MM-DD')`.as('fecha_finalizacion'),
      'p.status',
      'p.destacado',
      sql<string>`to_char(p.fecha_creacion at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('fecha_creacion'),
      'p.publicado_por',
      'p.actualizado_por',
    ])
    .orderBy('p.destacado', 'desc')
    .orderBy('p.fecha_publicacion', 'desc')
    .orderBy('p.id', 'desc');
}

type VacancyRow = Awaited<ReturnType<ReturnType<typeof vacancyQuery>['executeTakeFirstOrThrow']>>;

/** jsonb arrives parsed from both drivers; anything not a list of text (hand-edited rows) degrades to []. */
function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

function toVacancyJson(r: VacancyRow): VacancyJson {
  return {
    id: r.id,
    nombreVacante: r.nombre,
    sede: r.sede_id,
    sedeNombre: r.sede_nombre,
    lugar: r.lugar,
    municipioId: r.municipio_id,
    municipioNombre: r.municipio_nombre,
    departamentoId: r.departamento_id,
    departamentoNombre: r.departamento_nombre,
    NombreDepartamento: r.departamento_id,
    descripcion: r.descripcion,
    requisitos: textList(r.requisitos),
    beneficios: textList(r.beneficios),
    imagen: r.imagen ? fileUrl(r.imagen) : null,
    imagenBase64: null,
    fechaPublicacion: r.fecha_publicacion,
    fechaFinalizacion: r.fecha_finalizacion,
    status: r.status,
    destacado: r.destacado,
    fechaCreacion: r.fecha_creacion,
    PublicadoPor: r.publicado_por,
    ActualizadoPor: r.actualizado_por,
  };
}

export async function listVacancies(db: Db, filter: { sedeId?: number } = {}): Promise<VacancyJson[]> {
  let q = vacancyQuery(db);
  if (filter.sedeId !== undefined) q = q.where('p.sede_id', '=', filter.sedeId);
  const rows = await q.execute();
  return rows.map(toVacancyJson);
}

export async function findVacancy(db: Db, id: number): Promise<VacancyJson | null> {
  const row = await vacancyQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toVacancyJson(row) : null;
}
