import { likePattern } from '@bolsa/domain';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { foldSql } from '../lists.js';

type Conn = Db | Transaction<Database>;

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
  estadoAntesRechazo: string | null;
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

const iso = (col: string) => sql<string>`to_char(${sql.ref(col)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The candidates alone (counts and filters need nothing else). */
const candidatesOnly = (db: Db) => db.selectFrom('postulantes as c');
type Base = ReturnType<typeof candidatesOnly>;

function candidateFrom(db: Conn) {
  return joined(candidatesOnly(db));
}

/** What a candidate's JSON shows of its vacancy, branch and place, joined in. */
function joined(q: Base) {
  return q
    .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
    .leftJoin('sedes as s', 's.id', 'v.sede_id')
    .leftJoin('municipios as m', (join) => join.on(sql<boolean>`v.lugar = m.codigo || ':' || m.departamento_codigo`))
    .leftJoin('departamentos as d', 'd.codigo', 'm.departamento_codigo');
}
type CandidateFrom = ReturnType<typeof candidateFrom>;

function selectListColumns(q: CandidateFrom) {
  return q.select([
    'c.id',
    'c.nombre',
    'c.email',
    'c.telefono',
    'c.estado',
    'c.etapa',
    iso('c.fecha_registro').as('fecha_registro'),
    iso('c.actualizado_en').as('actualizado_en'),
    'c.plaza_id',
    'v.nombre as plaza_nombre',
    'v.sede_id',
    's.nombre as sede_nombre',
    sql<string | null>`case when m.codigo is not null then m.nombre || ', ' || d.nombre else v.lugar end`.as('lugar'),
    'c.es_registrado',
    'c.usuario_candidato_id',
    'c.datos_eliminados',
    'c.estado_antes_rechazo',
  ]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof selectListColumns>['executeTakeFirstOrThrow']>>;

function toListJson(r: ListRow): CandidateListJson {
  const erased = r.datos_eliminados;
  const vacancyName = r.plaza_nombre ?? 'Sin definir';
  return {
    id: r.id,
    inputNombre: erased ? ERASED_NAME : r.nombre?.trim() || 'Sin nombre',
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
    estadoAntesRechazo: r.estado_antes_rechazo,
  };
}

export type CandidateSort = 'name' | 'appliedAt' | 'state';
export const CANDIDATE_SORTS = ['name', 'appliedAt', 'state'] as const satisfies readonly CandidateSort[];

export interface CandidateListQuery {
  /** active: the inbox (not hired nor rejected); history: hired and rejected; all: a vacancy's list. */
  scope: 'active' | 'history' | 'all';
  /** One state (a tab), canonical; the counts ignore it. */
  state?: string;
  vacancyId?: number;
  /** Folded words; each must occur in name, e-mail or position (vacancy name). */
  words: string[];
  /** History: folded words in name or e-mail only / in the position only. */
  candidateWords?: string[];
  positionWords?: string[];
  sort: CandidateSort;
  desc: boolean;
  /**
   * The vacancies whose folded name holds each word, per word (see `withPositions`); without
   * them the queries look the vacancies up themselves.
   */
  positions?: Map<string, readonly number[]>;
}

const vacanciesNamed = (w: string) =>
  sql<number[]>`array(select p.id from plazas p where strpos(${foldSql(sql`p.nombre`)}, ${w}) > 0)`;

/**
 * The query with the vacancies each word names looked up first (one small query over the
 * vacancies). Then a word that names no vacancy is a plain name search, which the planner serves
 * from the trigram index with a true estimate; `plaza_id = any(array(subquery))` inside the
 * candidates' query hides that, and a search inside a tab then walked the whole tab in date order.
 */
export const isSearch = (f: CandidateListQuery) =>
  f.words.length > 0 || !!f.candidateWords?.length || !!f.positionWords?.length;

export async function withPositions(db: Conn, f: CandidateListQuery): Promise<CandidateListQuery> {
  const words = [...new Set([...f.words, ...(f.positionWords ?? [])])];
  if (!words.length) return f;
  const { rows } = await sql<{ ids: number[] }>`select ${sql.join(
    words.map((w, i) => sql`${vacanciesNamed(w)} as ${sql.ref(`w${i}`)}`),
  )}`.execute(db);
  const row = (rows[0] ?? {}) as unknown as Record<string, number[]>;
  return { ...f, positions: new Map(words.map((w, i) => [w, row[`w${i}`] ?? []])) };
}

/** The candidate applied to a vacancy whose folded name holds `w`; false when none does. */
function positionHas(f: CandidateListQuery, w: string): Expression<SqlBool> {
  const known = f.positions?.get(w);
  if (!known) return sql<SqlBool>`c.plaza_id = any(${vacanciesNamed(w)})`;
  return known.length ? sql<SqlBool>`c.plaza_id = any(${sql.val(known)}::int[])` : sql<SqlBool>`false`;
}
/**
 * LIKE (not strpos) so the trigram index of migration 0019 serves it; the domain's pattern: '%'
 * literal, a joiner ('maria.ramirez') any one character, so the name 'maria ramirez' matches too.
 */
const nameHas = (w: string) => sql<SqlBool>`c.busqueda like ${likePattern(w)}`;
const all = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

/** Scope, vacancy and searches over the candidates alone: the set the counts describe. */
function filtered(db: Conn, f: CandidateListQuery): Base {
  let q = candidatesOnly(db);
  if (f.scope === 'active') q = q.where('c.etapa', 'not in', [...TERMINAL]);
  if (f.scope === 'history') q = q.where('c.etapa', 'in', [...TERMINAL]);
  if (f.vacancyId !== undefined) q = q.where('c.plaza_id', '=', f.vacancyId);
  // Every word in the name, the e-mail or the position.
  const nameOrPosition = (w: string) =>
    f.positions?.get(w)?.length === 0 ? nameHas(w) : sql<SqlBool>`(${nameHas(w)} or ${positionHas(f, w)})`;
  if (f.words.length) q = q.where(all(f.words.map(nameOrPosition)));
  if (f.candidateWords?.length) q = q.where(all(f.candidateWords.map(nameHas)));
  if (f.positionWords?.length) q = q.where(all(f.positionWords.map((w) => positionHas(f, w))));
  return q;
}

/** Pipeline order for the 'state' sort. */
const STATE_ORDER = sql<number>`case c.etapa when 'postulado' then 1 when 'en seguimiento' then 2
  when 'pre-pruebas' then 3 when 'post-pruebas' then 4 when 'entrevista' then 5 when 'inducción' then 6
  when 'contratado' then 7 when 'rechazado' then 8 else 9 end`;

function ordered(q: Base, f: CandidateListQuery): Base {
  const dir = f.desc ? 'desc' : 'asc';
  switch (f.sort) {
    case 'name':
      return q.orderBy(sql`c.busqueda collate "C"`, dir).orderBy('c.id', dir);
    case 'state':
      return q.orderBy(STATE_ORDER, dir).orderBy('c.fecha_registro', 'desc').orderBy('c.id', 'desc');
    default:
      return q.orderBy('c.fecha_registro', dir).orderBy('c.id', dir);
  }
}

/** Rows per canonical state (etapa) over the filtered set, the tab not applied. */
export async function countCandidates(db: Conn, f: CandidateListQuery): Promise<Map<string, number>> {
  // A whole scope: the counts the database keeps (migration 0020) instead of counting every row.
  if (!isSearch(f) && f.vacancyId === undefined) {
    let q = db.selectFrom('postulantes_conteo').select(['etapa', sql<number>`sum(n)::int`.as('n')]);
    if (f.scope === 'active') q = q.where('etapa', 'not in', [...TERMINAL]);
    if (f.scope === 'history') q = q.where('etapa', 'in', [...TERMINAL]);
    const rows = await q
      .groupBy('etapa')
      .having(sql<number>`sum(n)`, '>', 0)
      .execute();
    return new Map(rows.map((r) => [r.etapa, r.n]));
  }
  const rows = await filtered(db, f)
    .select(['c.etapa', sql<number>`count(*)::int`.as('n')])
    .groupBy('c.etapa')
    .execute();
  return new Map(rows.map((r) => [r.etapa, r.n]));
}

/**
 * The matching candidates in order; a window when `window` is given. `few`: the caller knows the
 * search matches few rows (its count): they are found first and then sorted, because the planner,
 * asked for the first 10 in date order, would rather walk the whole date index hoping to meet 10
 * matches early (13 ms for a search in a tab that matches none, against 1.5 ms).
 */
export async function findCandidates(
  db: Conn,
  f: CandidateListQuery,
  window?: { limit: number; offset: number },
  few = false,
): Promise<CandidateListJson[]> {
  let q = filtered(db, f);
  if (f.state) q = q.where('c.etapa', '=', f.state);
  if (few) q = candidatesOnly(db).where(sql<SqlBool>`c.id = any(array(${q.select('c.id')}))`);
  q = ordered(q, f);
  if (window) q = q.limit(window.limit).offset(window.offset);
  const rows = await selectListColumns(joined(q)).execute();
  return rows.map(toListJson);
}

/** Form values as the legacy forms spell them: 1/0. */
const flag = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const rowsOf = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

export async function findCandidate(db: Conn, id: number): Promise<CandidateDetailJson | null> {
  const row = await selectListColumns(candidateFrom(db))
    .select([
      'c.cui',
      'c.direccion',
      'c.edad',
      'c.estado_civil',
      'c.nivel_educativo',
      'c.estudiando',
      'c.disponibilidad',
      'c.pretension',
      'c.negociable',
      'c.experiencias_json',
      'c.referidos_p_json',
      'c.referidos_l_json',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const erased = row.datos_eliminados;
  const files = erased
    ? []
    : await db
        .selectFrom('postulante_archivos')
        .select(['id', 'tipo', 'nombre', 'mime', 'tamano', iso('creado_en').as('creado_en')])
        .where('postulante_id', '=', id)
        .orderBy('id')
        .execute();
  const documentos = files.map((f) => ({
    id: f.id,
    tipo: f.tipo,
    archivo: f.nombre,
    nombre: f.nombre,
    mime: f.mime,
    // The spelling the profile's files use too (one CandidateFile normaliser in the BFF).
    tipoContenido: f.mime,
    tamano: f.tamano,
    fechaSubida: f.creado_en,
  }));
  const photo = documentos.find((d) => d.tipo === 'fotografia') ?? null;
  const personal = rowsOf(row.referidos_p_json).map((r) => ({
    tipo: 1 as const,
    refNp: str(r.RefNp),
    refTp: str(r.RefTp),
  }));
  const work = rowsOf(row.referidos_l_json).map((r) => ({
    tipo: 2 as const,
    refNp: str(r.RefNl ?? r.RefNp),
    refTp: str(r.RefTl ?? r.RefTp),
  }));
  return {
    ...toListJson(row),
    inputCui: erased ? null : row.cui,
    inputDireccion: erased ? null : row.direccion,
    inputEdad: row.edad,
    inputEstadocivil: row.estado_civil,
    slcNivel: row.nivel_educativo,
    nivelEducativo: row.nivel_educativo,
    slcEstudiando: flag(row.estudiando),
    slcDisponibilidad: flag(row.disponibilidad),
    pretension: row.pretension === null ? null : Number(row.pretension),
    slcPnegociable: flag(row.negociable),
    experiencias: erased
      ? []
      : rowsOf(row.experiencias_json).map((e) => ({
          puesto: str(e.Puesto),
          empresa: str(e.Empresa),
          fechaInicio: str(e.Desde),
          fechaFin: str(e.Hasta),
          descripcion: str(e.Descripcion),
        })),
    referidos: erased ? [] : [...personal, ...work],
    documentos,
    fotografia: photo?.nombre ?? null,
    fotografiaId: photo?.id ?? null,
    fileFotografia_name: photo?.nombre ?? null,
  };
}

/** What a state change reads of the row, locked until the transaction ends. */
export interface LockedCandidate {
  id: number;
  estado: string;
  estadoAntesRechazo: string | null;
  nombre: string | null;
  email: string | null;
  datosEliminados: boolean;
  /** The account the application is linked to (registered), or null (a guest's). */
  usuarioCandidatoId: number | null;
  plazaNombre: string | null;
  sedeNombre: string | null;
}

export async function lockCandidate(trx: Transaction<Database>, id: number): Promise<LockedCandidate | null> {
  // Locks the candidate's row only (the joined vacancy and branch stay free).
  const row = await trx
    .selectFrom('postulantes as c')
    .select([
      'c.id',
      'c.estado',
      'c.estado_antes_rechazo',
      'c.nombre',
      'c.email',
      'c.datos_eliminados',
      'c.usuario_candidato_id',
      'c.plaza_id',
    ])
    .where('c.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const vacancy =
    row.plaza_id === null
      ? undefined
      : await trx
          .selectFrom('plazas as v')
          .leftJoin('sedes as s', 's.id', 'v.sede_id')
          .select(['v.nombre', 's.nombre as sede'])
          .where('v.id', '=', row.plaza_id)
          .executeTakeFirst();
  return {
    id: row.id,
    estado: row.estado,
    estadoAntesRechazo: row.estado_antes_rechazo,
    nombre: row.nombre,
    email: row.email,
    datosEliminados: row.datos_eliminados,
    usuarioCandidatoId: row.usuario_candidato_id,
    plazaNombre: vacancy?.nombre ?? null,
    sedeNombre: vacancy?.sede ?? null,
  };
}

export async function writeState(
  trx: Transaction<Database>,
  id: number,
  change: { to: string; beforeRejection: string | null | undefined },
): Promise<void> {
  await trx
    .updateTable('postulantes')
    .set({
      estado: change.to,
      actualizado_en: sql<string>`now()`,
      ...(change.beforeRejection !== undefined && { estado_antes_rechazo: change.beforeRejection }),
    })
    .where('id', '=', id)
    .execute();
}

export async function insertHistory(
  trx: Transaction<Database>,
  h: { candidateId: number; from: string | null; to: string; userId: number | null; note: string | null },
): Promise<void> {
  await trx
    .insertInto('postulantes_historial')
    .values({
      postulante_id: h.candidateId,
      estado_anterior: h.from,
      estado_nuevo: h.to,
      usuario_id: h.userId,
      nota: h.note,
    })
    .execute();
}

/** The id when such a staff user exists, else null (the change then records nobody). */
export async function existingStaffId(db: Conn, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Deletes the candidate with everything that names them: queued e-mails (the outbox keeps no
 * orphan addressed to them), history, accesses and file rows (cascade). Answers the storage keys
 * to remove once committed, or null when there is no such candidate.
 */
export async function deleteCandidate(trx: Transaction<Database>, id: number): Promise<string[] | null> {
  const row = await trx.selectFrom('postulantes').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return null;
  const keys = await trx.selectFrom('postulante_archivos').select('clave').where('postulante_id', '=', id).execute();
  await trx.deleteFrom('correos_salientes').where('postulante_id', '=', id).execute();
  await trx.deleteFrom('postulantes').where('id', '=', id).execute();
  return keys.map((k) => k.clave);
}

export interface TimelineJson {
  estados: {
    id: number;
    en: string;
    estadoAnterior: string | null;
    estadoNuevo: string;
    usuarioId: number | null;
    nota: string | null;
  }[];
  correos: {
    id: number;
    en: string;
    plantilla: string;
    asunto: string;
    estado: string;
    intentos: number;
    enviadoEn: string | null;
  }[];
  accesos: { id: number; en: string; usuarioId: number | null; tipo: string }[];
}

/** The timeline's three sources; the caller merges them by time. */
export async function findTimeline(db: Conn, id: number): Promise<TimelineJson> {
  const [estados, correos, accesos] = await Promise.all([
    db
      .selectFrom('postulantes_historial')
      .select(['id', iso('en').as('en'), 'estado_anterior', 'estado_nuevo', 'usuario_id', 'nota'])
      .where('postulante_id', '=', id)
      .orderBy('en')
      .orderBy('id')
      .limit(500)
      .execute(),
    db
      .selectFrom('correos_salientes')
      .select([
        'id',
        iso('creado_en').as('en'),
        'plantilla',
        'asunto',
        'estado',
        'intentos',
        sql<string | null>`to_char(enviado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('enviado_en'),
      ])
      .where('postulante_id', '=', id)
      .orderBy('creado_en')
      .orderBy('id')
      .limit(500)
      .execute(),
    // Openings of this application's files, and of the profile files of its candidate's account
    // (a registered candidate's documents live in the profile).
    db
      .selectFrom('archivos_accesos')
      .leftJoin('api_tokens', 'api_tokens.id', 'archivos_accesos.token_api_id')
      .select([
        'archivos_accesos.id',
        iso('archivos_accesos.en').as('en'),
        'archivos_accesos.usuario_id',
        'archivos_accesos.tipo',
        'api_tokens.nombre as token_nombre',
      ])
      .where((eb) =>
        eb.or([
          eb('archivos_accesos.postulante_id', '=', id),
          eb(
            'archivos_accesos.usuario_candidato_id',
            '=',
            eb.selectFrom('postulantes').select('usuario_candidato_id').where('postulantes.id', '=', id),
          ),
        ]),
      )
      .orderBy('archivos_accesos.en')
      .orderBy('archivos_accesos.id')
      .limit(500)
      .execute(),
  ]);
  return {
    estados: estados.map((h) => ({
      id: h.id,
      en: h.en,
      estadoAnterior: h.estado_anterior,
      estadoNuevo: h.estado_nuevo,
      usuarioId: h.usuario_id,
      nota: h.nota,
    })),
    correos: correos.map((c) => ({
      id: c.id,
      en: c.en,
      plantilla: c.plantilla,
      asunto: c.asunto,
      estado: c.estado,
      intentos: c.intentos,
      enviadoEn: c.enviado_en,
    })),
    accesos: accesos.map((a) => ({
      id: a.id,
      en: a.en,
      usuarioId: a.usuario_id,
      tipo: a.tipo,
      ...(a.token_nombre === null ? {} : { tokenNombre: a.token_nombre }),
    })),
  };
}

export async function candidateExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('postulantes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** For POST /email/notificar-estado: the stored address and the vacancy of a candidate. */
export async function findMailTarget(db: Conn, id: number) {
  return (
    (await db
      .selectFrom('postulantes as c')
      .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
      .leftJoin('sedes as s', 's.id', 'v.sede_id')
      .select([
        'c.id',
        'c.nombre',
        'c.email',
        'c.datos_eliminados',
        'c.usuario_candidato_id',
        'v.nombre as plaza',
        's.nombre as sede',
      ])
      .where('c.id', '=', id)
      .executeTakeFirst()) ?? null
  );
}
