import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import { RETENTION_ERASED_NAME } from '@bolsa/domain';

/**
 * The candidate row as every list and the detail show it (spec 3 §3): its JSON shapes, the joins
 * to its vacancy, branch and place, and the columns read. The repositories of this area share it.
 */
export type Conn = Db | Transaction<Database>;

/** What an erased row answers instead of a name (issue 10: the candidate erased their data). */
export const ERASED_NAME = 'Datos eliminados a solicitud del candidato';

/** The active (inbox) and terminal (history) canonical states, as `etapa` holds them. */
export const TERMINAL = ['contratado', 'rechazado'] as const;

/** plazasAplicadas[] (spec 3 §3). */
export interface AppliedVacancyJson {
  id: number | null;
  nombrePlaza: string;
  puesto: string;
  fechaAplicacion: string;
  estatus: string;
  sedeId: number | null;
  sede: string | null;
  lugar: string | null;
}

/** A candidate (postulante) of the lists, spelled as spec 3 §3 spells it. */
export interface CandidateListJson {
  id: number;
  inputNombre: string;
  inputApellido: string | null;
  inputEmail: string | null;
  inputTelefono: string | null;
  estadoPostulante: string;
  fechaRegistro: string;
  actualizadoEn: string;
  vacanteId: number | null;
  plazasAplicadas: AppliedVacancyJson[];
  esUsuarioRegistrado: boolean;
  usuarioCandidatoId: number | null;
  datosEliminados: boolean;
  /** Anonymised by the retention policy (issue 24), not erased by the candidate. */
  anonimizadaRetencion: boolean;
  estadoAntesRechazo: string | null;
  /** A paged search's rows: the matching snippet of the CV or cover letter, or null (issue 23). */
  fragmentoCv?: string | null;
}

export interface CandidateDocumentJson {
  id: number;
  tipo: string;
  archivo: string;
  nombre: string;
  mime: string;
  tipoContenido: string;
  tamano: number;
  fechaSubida: string;
}

export interface CandidateDetailJson extends CandidateListJson {
  inputCui: string | null;
  inputDireccion: string | null;
  inputEdad: number | null;
  inputEstadocivil: string | null;
  slcNivel: string | null;
  nivelEducativo: string | null;
  slcEstudiando: number | null;
  slcDisponibilidad: number | null;
  pretension: number | null;
  slcPnegociable: number | null;
  experiencias: { puesto: string; empresa: string; fechaInicio: string; fechaFin: string; descripcion: string }[];
  referidos: { tipo: 1 | 2; refNp: string; refTp: string }[];
  documentos: CandidateDocumentJson[];
  fotografia: string | null;
  fotografiaId: number | null;
  fileFotografia_name: string | null;
}

/** The candidates alone (counts and filters need nothing else). */
export const candidatesOnly = (db: Db) => db.selectFrom('postulantes as c');
export type Base = ReturnType<typeof candidatesOnly>;

export function candidateFrom(db: Conn) {
  return joined(candidatesOnly(db));
}

/** What a candidate's JSON shows of its vacancy, branch and place, joined in. */
export function joined(q: Base) {
  return q
    .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
    .leftJoin('sedes as s', 's.id', 'v.sede_id')
    .leftJoin('municipios as m', (join) => join.on(sql<boolean>`v.lugar = m.codigo || ':' || m.departamento_codigo`))
    .leftJoin('departamentos as d', 'd.codigo', 'm.departamento_codigo');
}
type CandidateFrom = ReturnType<typeof candidateFrom>;

export function selectListColumns(q: CandidateFrom) {
  return q.select([
    'c.id',
    'c.nombre',
    'c.email',
    'c.telefono',
    'c.estado',
    'c.etapa',
    utcInstant('c.fecha_registro').as('fecha_registro'),
    utcInstant('c.actualizado_en').as('actualizado_en'),
    'c.plaza_id',
    'v.nombre as plaza_nombre',
    'v.sede_id',
    's.nombre as sede_nombre',
    sql<string | null>`case when m.codigo is not null then m.nombre || ', ' || d.nombre else v.lugar end`.as('lugar'),
    'c.es_registrado',
    'c.usuario_candidato_id',
    'c.datos_eliminados',
    'c.anonimizada_retencion',
    'c.estado_antes_rechazo',
  ]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof selectListColumns>['executeTakeFirstOrThrow']>>;

export function toListJson(r: ListRow): CandidateListJson {
  const erased = r.datos_eliminados;
  const vacancyName = r.plaza_nombre ?? 'Sin definir';
  return {
    id: r.id,
    inputNombre: erased
      ? r.anonimizada_retencion
        ? RETENTION_ERASED_NAME
        : ERASED_NAME
      : r.nombre?.trim() || 'Sin nombre',
    inputApellido: null,
    inputEmail: erased ? null : r.email,
    inputTelefono: erased ? null : r.telefono,
    estadoPostulante: r.estado,
    fechaRegistro: r.fecha_registro,
    actualizadoEn: r.actualizado_en,
    vacanteId: r.plaza_id,
    plazasAplicadas: [
      {
        id: r.plaza_id,
        nombrePlaza: vacancyName,
        puesto: vacancyName,
        fechaAplicacion: r.fecha_registro,
        estatus: r.estado,
        sedeId: r.sede_id,
        sede: r.sede_nombre,
        lugar: r.lugar,
      },
    ],
    esUsuarioRegistrado: r.es_registrado,
    usuarioCandidatoId: r.usuario_candidato_id,
    datosEliminados: erased,
    anonimizadaRetencion: erased && r.anonimizada_retencion,
    estadoAntesRechazo: r.estado_antes_rechazo,
  };
}
