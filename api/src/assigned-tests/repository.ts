import { sql, type Transaction } from 'kysely';
import type { AssignedTestStateColumn, Database, Db, TemplateType, TestEventAction } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

type Conn = Db | Transaction<Database>;

/** One assigned test as GET /pruebas/postulante/{id} answers it (spec 3 §3 plus extras). */
export interface AssignedTestJson {
  id: number;
  postulanteId: number;
  nombrePrueba: string;
  tipoPrueba: TemplateType;
  fechaAsignacion: string;
  fechaLimite: string;
  fechaCompletada: string | null;
  estado: AssignedTestStateColumn;
  observaciones: string;
  credencialesAcceso: string;
  // Extras: the template (download, link, category), the staff's result notes, when it was sent.
  templateId: number | null;
  categoria: string | null;
  archivoNombre: string | null;
  linkExterno: string | null;
  resultado: string | null;
  puntaje: number | null;
  enviadaEn: string | null;
}

function selectTests(db: Conn) {
  return db
    .selectFrom('postulante_pruebas as p')
    .leftJoin('pruebas_templates as t', 't.id', 'p.template_id')
    .select([
      'p.id',
      'p.postulante_id',
      'p.nombre_prueba',
      'p.tipo_prueba',
      utcInstant('p.fecha_asignacion').as('fecha_asignacion'),
      sql<string>`to_char(p.fecha_limite, 'YYYY-MM-DD')`.as('fecha_limite'),
      utcInstant<string | null>('p.fecha_completada').as('fecha_completada'),
      'p.estado',
      'p.observaciones',
      'p.credenciales_acceso',
      'p.template_id',
      't.categoria',
      't.archivo_nombre',
      't.archivo_ruta',
      't.link',
      'p.resultado',
      'p.puntaje',
      utcInstant<string | null>('p.enviada_en').as('enviada_en'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTests>['executeTakeFirstOrThrow']>>;

const toJson = (r: Row): AssignedTestJson => ({
  id: r.id,
  postulanteId: r.postulante_id,
  nombrePrueba: r.nombre_prueba,
  tipoPrueba: r.tipo_prueba,
  fechaAsignacion: r.fecha_asignacion,
  fechaLimite: r.fecha_limite,
  fechaCompletada: r.fecha_completada,
  estado: r.estado,
  observaciones: r.observaciones,
  credencialesAcceso: r.credenciales_acceso,
  templateId: r.template_id,
  categoria: r.categoria ?? null,
  archivoNombre: r.archivo_ruta ? (r.archivo_nombre ?? null) : null,
  linkExterno: r.link ?? null,
  resultado: r.resultado,
  puntaje: r.puntaje === null ? null : Number(r.puntaje),
  enviadaEn: r.enviada_en,
});

export async function findTests(db: Conn, candidateId: number): Promise<AssignedTestJson[]> {
  const rows = await selectTests(db).where('p.postulante_id', '=', candidateId).orderBy('p.id').execute();
  return rows.map(toJson);
}

export async function findTest(db: Conn, id: number): Promise<AssignedTestJson | null> {
  const row = await selectTests(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toJson(row) : null;
}

/** Locks one test row for a change. */
export async function lockTest(trx: Transaction<Database>, id: number) {
  return (
    (await trx
      .selectFrom('postulante_pruebas')
      .select(['id', 'postulante_id', 'estado', 'nombre_prueba'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export async function findActiveTemplate(db: Conn, by: { id: number } | { name: string; type: TemplateType }) {
  let q = db
    .selectFrom('pruebas_templates')
    .select(['id', 'nombre', 'tipo', 'categoria', 'link', 'archivo_nombre', 'archivo_ruta'])
    .where('activo', '=', true);
  q =
    'id' in by
      ? q.where('id', '=', by.id)
      : q.where(sql<string>`lower(trim(nombre))`, '=', by.name.trim().toLowerCase()).where('tipo', '=', by.type);
  return (await q.orderBy('id').executeTakeFirst()) ?? null;
}

export async function candidateRow(db: Conn, id: number) {
  return (
    (await db
      .selectFrom('postulantes')
      .select(['id', 'estado', 'email', 'datos_eliminados', 'nombre', 'usuario_candidato_id'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

export interface NewAssignedTest {
  candidateId: number;
  templateId: number;
  name: string;
  type: TemplateType;
  deadline: string;
  observations: string;
  credentials: string;
  userId: number | null;
}

export async function insertTest(trx: Transaction<Database>, t: NewAssignedTest): Promise<number> {
  const { id } = await trx
    .insertInto('postulante_pruebas')
    .values({
      postulante_id: t.candidateId,
      template_id: t.templateId,
      nombre_prueba: t.name,
      tipo_prueba: t.type,
      fecha_limite: t.deadline,
      observaciones: t.observations,
      credenciales_acceso: t.credentials,
      asignada_por: t.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function writeTestState(
  trx: Transaction<Database>,
  id: number,
  state: AssignedTestStateColumn,
  completedAt: string | null,
): Promise<void> {
  await trx
    .updateTable('postulante_pruebas')
    .set({ estado: state, fecha_completada: state === 'COMPLETADA' ? (completedAt ?? sql<string>`now()`) : null })
    .where('id', '=', id)
    .execute();
}

export async function writeResult(
  trx: Transaction<Database>,
  id: number,
  result: { text?: string | null; score?: number | null },
): Promise<void> {
  await trx
    .updateTable('postulante_pruebas')
    .set({
      ...(result.text !== undefined && { resultado: result.text }),
      ...(result.score !== undefined && { puntaje: result.score }),
    })
    .where('id', '=', id)
    .execute();
}

export async function markSent(trx: Transaction<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('postulante_pruebas')
    .set({ enviada_en: sql<string>`now()` })
    .where('id', 'in', ids)
    .execute();
}

export async function deleteTest(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('postulante_pruebas').where('id', '=', id).execute();
}

export async function insertEvent(
  trx: Conn,
  e: { candidateId: number; testId: number | null; action: TestEventAction; testName: string; userId: number | null },
): Promise<void> {
  await trx
    .insertInto('postulante_pruebas_eventos')
    .values({
      postulante_id: e.candidateId,
      prueba_id: e.testId,
      accion: e.action,
      nombre_prueba: e.testName,
      usuario_id: e.userId,
    })
    .execute();
}

export interface TestEventJson {
  id: number;
  en: string;
  usuarioId: number | null;
  accion: TestEventAction;
  nombrePrueba: string;
  pruebaId: number | null;
}

/** The timeline's test events of one candidate. */
export async function findTestEvents(db: Conn, candidateId: number): Promise<TestEventJson[]> {
  const rows = await db
    .selectFrom('postulante_pruebas_eventos')
    .select(['id', utcInstant('en').as('en'), 'usuario_id', 'accion', 'nombre_prueba', 'prueba_id'])
    .where('postulante_id', '=', candidateId)
    .orderBy('en')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    en: r.en,
    usuarioId: r.usuario_id,
    accion: r.accion,
    nombrePrueba: r.nombre_prueba,
    pruebaId: r.prueba_id,
  }));
}

/** The stored files of the given tests' templates (file-based types only). */
export async function templateFilesOf(db: Conn, testIds: number[]) {
  if (testIds.length === 0) return [];
  return db
    .selectFrom('postulante_pruebas as p')
    .innerJoin('pruebas_templates as t', 't.id', 'p.template_id')
    .select(['p.id as testId', 't.archivo_nombre', 't.archivo_ruta'])
    .where('p.id', 'in', testIds)
    .where('t.archivo_ruta', 'is not', null)
    .where('p.tipo_prueba', 'not in', ['LINK', 'FORMULARIO'])
    .execute();
}

/** The id of the last message of `template` queued for the candidate (in the caller's transaction). */
export async function lastQueuedMail(db: Conn, candidateId: number, template: string): Promise<number | null> {
  const row = await db
    .selectFrom('correos_salientes')
    .select('id')
    .where('postulante_id', '=', candidateId)
    .where('plantilla', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}
