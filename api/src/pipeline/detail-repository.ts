/** A candidate's detail (spec 3 §3): the list's columns with the profile, references and documents. */
import { candidateFrom, selectListColumns, toListJson, type CandidateDetailJson, type Conn } from './candidate-row.js';
import { utcInstant } from '../db/instant.js';

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
        .select(['id', 'tipo', 'nombre', 'mime', 'tamano', utcInstant('creado_en').as('creado_en')])
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
