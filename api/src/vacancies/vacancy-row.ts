/** The vacancy as every read answers it (spec 2 §7): its JSON, the joins and the columns read. */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import { textList } from '../db/text-list.js';

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
  /** The staff user's full name, so a listing needs no GET /usuario (docs/decisions/2026-11-23-list-paging-in-the-api.md). */
  creadoPorNombre: string | null;
  actualizadoPorNombre: string | null;
}

/**
 * How a vacancy's `imagen` names its stored file key: the file host's '/archivos/<key>' spelling,
 * which readers (the BFF's imageUrl, the edit form's echo) parse back into the key. The api itself
 * serves the bytes at GET /internal/archivos/<key> (ARCHITECTURE principle 1).
 */
export const fileUrl = (key: string): string => `/archivos/${key}`;

/**
 * The vacancy with everything its JSON shows joined in. The municipality join only matches a
 * structured 'municipio:departamento' lugar; free text leaves the municipality null. The
 * department comes from the municipality, else from the one chosen in the form
 * (departamento_codigo, issue 4); NombreDepartamento prefers the form's choice.
 */
export function vacancyFrom(db: Db) {
  return db
    .selectFrom('plazas as p')
    .leftJoin('sedes as s', 's.id', 'p.sede_id')
    .leftJoin('municipios as m', (join) => join.on(sql<boolean>`p.lugar = m.codigo || ':' || m.departamento_codigo`))
    .leftJoin('departamentos as d', 'd.codigo', 'm.departamento_codigo')
    .leftJoin('departamentos as pd', 'pd.codigo', 'p.departamento_codigo')
    .leftJoin('usuarios as cu', 'cu.id', 'p.publicado_por')
    .leftJoin('usuarios as uu', 'uu.id', 'p.actualizado_por');
}

export type VacancyFrom = ReturnType<typeof vacancyFrom>;

/**
 * Dates are formatted in SQL: pg and PGlite would otherwise hand back JS Dates shifted by
 * the process time zone.
 */
export function selectVacancy(q: VacancyFrom) {
  return q.select([
    'p.id',
    'p.nombre',
    'p.sede_id',
    's.nombre as sede_nombre',
    'p.lugar',
    'm.codigo as municipio_id',
    'm.nombre as municipio_nombre',
    sql<string | null>`coalesce(d.codigo, pd.codigo)`.as('departamento_id'),
    sql<string | null>`coalesce(d.nombre, pd.nombre)`.as('departamento_nombre'),
    sql<string | null>`coalesce(pd.codigo, d.codigo)`.as('nombre_departamento'),
    'p.descripcion',
    'p.requisitos',
    'p.beneficios',
    'p.imagen',
    sql<string>`to_char(p.fecha_publicacion, 'YYYY-MM-DD')`.as('fecha_publicacion'),
    sql<string | null>`to_char(p.fecha_finalizacion, 'YYYY-MM-DD')`.as('fecha_finalizacion'),
    'p.status',
    'p.destacado',
    utcInstant('p.fecha_creacion').as('fecha_creacion'),
    'p.publicado_por',
    'p.actualizado_por',
    'cu.nombre as creado_por_nombre',
    'uu.nombre as actualizado_por_nombre',
  ]);
}

/** One query for the whole list (it is benchmarked, and tested with 1,000+ rows). */
export function vacancyQuery(db: Db) {
  return selectVacancy(vacancyFrom(db))
    .orderBy('p.destacado', 'desc')
    .orderBy('p.fecha_publicacion', 'desc')
    .orderBy('p.id', 'desc');
}

type VacancyRow = Awaited<ReturnType<ReturnType<typeof vacancyQuery>['executeTakeFirstOrThrow']>>;

export function toVacancyJson(r: VacancyRow): VacancyJson {
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
    NombreDepartamento: r.nombre_departamento,
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
    creadoPorNombre: r.creado_por_nombre,
    actualizadoPorNombre: r.actualizado_por_nombre,
  };
}
