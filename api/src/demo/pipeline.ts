import { CAPABILITIES, FORWARD, type CandidateState } from '@bolsa/domain';
import { isValidCui } from '@bolsa/domain/geography';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../db/database.js';
import type { FileStore } from '../storage/index.js';
import { newFileKey } from '../storage/index.js';
import { minimalPdf } from './documents.js';

/**
 * The pipeline's demo (issue 11): more guests so every state of spec 3 §4.1 has candidates
 * across the demo vacancies (hired and rejected ones for the history), the application form's
 * fields, a CV and a photo for each demo application, and a history of the states each one went
 * through, with the demo staff as the people who moved them. All es_demo; e-mails example.com.
 */
export const DEMO_PIPELINE = [
  { nombre: 'Marta Lucía Ajú Coc', cui8: '30254871', email: 'marta.aju@example.com', estado: 'contratado' },
  { nombre: 'Óscar René Batz Sic', cui8: '28876541', email: 'oscar.batz@example.com', estado: 'contratado' },
  { nombre: 'Gloria Estela Ramírez Lux', cui8: '31457820', email: 'gloria.ramirez@example.com', estado: 'rechazado' },
  { nombre: 'Diego Fernando Sam Chun', cui8: '29634178', email: 'diego.sam@example.com', estado: 'entrevista' },
  { nombre: 'Lesly Marisol Tun Ical', cui8: '30876512', email: 'lesly.tun@example.com', estado: 'pre-pruebas' },
  { nombre: 'Byron Alexander Yat Caal', cui8: '27459836', email: 'byron.yat@example.com', estado: 'inducción' },
  {
    nombre: 'Andrea Sofía Quiñónez Paz',
    cui8: '31902647',
    email: 'andrea.quinonez@example.com',
    estado: 'post-pruebas',
  },
  { nombre: 'Edwin Rolando Cux Tzay', cui8: '28347165', email: 'edwin.cux@example.com', estado: 'en seguimiento' },
] as const;

/** Where a rejected demo candidate was when rejected (reactivation returns there). */
const REJECTED_AT: CandidateState = 'entrevista';

const cuiOf = (first8: string): string => {
  for (let d = 0; d <= 9; d++) {
    const cui = `${first8}${d}0101`;
    if (isValidCui(cui)) return cui;
  }
  return `${first8}00101`;
};

/** The states a candidate went through to reach `state` (tests taken when there were any). */
function pathTo(state: CandidateState): CandidateState[] {
  if (state === 'rechazado') return [...pathTo(REJECTED_AT), 'rechazado'];
  const path: CandidateState[] = ['postulado'];
  while (path[path.length - 1] !== state) {
    const next = FORWARD[path[path.length - 1]!][0];
    if (!next) break;
    path.push(next);
  }
  return path;
}

const LEVELS = ['Diversificado', 'Universitario', 'Técnico', 'Licenciatura'];
const MARITAL = ['Soltero(a)', 'Casado(a)', 'Unido(a)'];
const COMPANIES = ['Hospital Regional de Cobán', 'Centro de Salud Zona 6', 'Farmacia La Económica', 'APROFAM'];
const POSITIONS = ['Auxiliar de enfermería', 'Promotor de salud', 'Recepcionista', 'Técnico de laboratorio'];

async function photoOf(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300">
    <rect width="240" height="300" fill="hsl(${hue},45%,85%)"/>
    <circle cx="120" cy="115" r="55" fill="hsl(${hue},35%,45%)"/>
    <path d="M30 300 a 90 100 0 0 1 180 0 Z" fill="hsl(${hue},35%,45%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

export interface DemoPipelineResult {
  candidatos: number;
  documentos: number;
  historial: number;
}

/** Runs once, on the start that seeded the board (the caller checks). */
export async function seedDemoPipeline(db: Db, files: FileStore): Promise<DemoPipelineResult> {
  const result: DemoPipelineResult = { candidatos: 0, documentos: 0, historial: 0 };
  const open = await db
    .selectFrom('plazas')
    .select('id')
    .where('es_demo', '=', true)
    .where('status', '=', '1')
    .orderBy('id')
    .execute();
  if (open.length === 0) return result;

  // Over the open vacancies from the fifth on, so the first ones keep their few applications.
  await db
    .insertInto('postulantes')
    .values(
      DEMO_PIPELINE.map((c, i) => ({
        plaza_id: open[(4 + i) % open.length]!.id,
        nombre: c.nombre,
        cui: cuiOf(c.cui8),
        email: c.email,
        telefono: `5${String(4100000 + i * 7919).slice(0, 7)}`,
        estado: c.estado,
        es_demo: true,
      })),
    )
    .execute();
  result.candidatos = DEMO_PIPELINE.length;

  const staff = await db
    .selectFrom('usuarios')
    .select(['id', 'idrol'])
    .where('es_demo', '=', true)
    .where('idrol', 'in', [...CAPABILITIES['candidate.changeState']])
    .orderBy('idrol')
    .execute();
  const rows = await db
    .selectFrom('postulantes')
    .select(['id', 'nombre', 'estado'])
    .where('es_demo', '=', true)
    .where('usuario_candidato_id', 'is', null)
    .orderBy('id')
    .execute();

  for (const [i, row] of rows.entries()) {
    const state = (row.estado as CandidateState) ?? 'postulado';
    const path = pathTo(state);
    // Applied 3 to 40 days ago; each step a day or two later.
    const appliedDaysAgo = 3 + ((i * 11) % 38);
    const applied = sql<string>`now() - ${`${appliedDaysAgo} days`}::interval`;
    await db
      .updateTable('postulantes')
      .set({
        fecha_registro: applied,
        actualizado_en: sql<string>`now() - ${`${Math.max(appliedDaysAgo - path.length, 1)} days`}::interval`,
        direccion: `${4 + (i % 20)} avenida ${10 + i}-${20 + i}, zona ${1 + (i % 18)}, Guatemala`,
        edad: 21 + ((i * 7) % 30),
        estado_civil: MARITAL[i % MARITAL.length]!,
        nivel_educativo: LEVELS[i % LEVELS.length]!,
        estudiando: i % 3 === 0,
        disponibilidad: i % 4 !== 0,
        pretension: 3500 + ((i * 750) % 6000),
        negociable: i % 2 === 0,
        experiencias_json: JSON.stringify([
          {
            Empresa: COMPANIES[i % COMPANIES.length],
            Puesto: POSITIONS[i % POSITIONS.length],
            Desde: `${2015 + (i % 5)}-02-01`,
            Hasta: `${2019 + (i % 4)}-11-30`,
            Descripcion: 'Atención a pacientes y registro de información.',
          },
          {
            Empresa: COMPANIES[(i + 1) % COMPANIES.length],
            Puesto: POSITIONS[(i + 2) % POSITIONS.length],
            Desde: `${2020 + (i % 3)}-01-15`,
            Hasta: '1900-01-01',
            Descripcion: 'Puesto actual.',
          },
        ]),
        referidos_p_json: JSON.stringify([{ RefNp: 'Carmen Tello', RefTp: '55443322', tipo: 1 }]),
        referidos_l_json: JSON.stringify([{ RefNl: 'Lic. Mario Fuentes', RefTl: '22334455', tipo: 2 }]),
        estado_antes_rechazo: state === 'rechazado' ? REJECTED_AT : null,
      })
      .where('id', '=', row.id)
      .execute();

    const cv = minimalPdf('Currículum vitae', [
      row.nombre,
      'Documento de demostración generado por la Bolsa de Trabajo.',
      'Experiencia en atención en salud comunitaria.',
    ]);
    const cvKey = newFileKey('postulantes', 'pdf');
    await files.put(cvKey, cv, 'application/pdf');
    const photo = await photoOf(i);
    const photoKey = newFileKey('postulantes', 'jpg');
    await files.put(photoKey, photo, 'image/jpeg');
    await db
      .insertInto('postulante_archivos')
      .values([
        {
          postulante_id: row.id,
          tipo: 'curriculum',
          clave: cvKey,
          nombre: 'curriculum.pdf',
          mime: 'application/pdf',
          tamano: cv.length,
        },
        {
          postulante_id: row.id,
          tipo: 'fotografia',
          clave: photoKey,
          nombre: 'fotografia.jpg',
          mime: 'image/jpeg',
          tamano: photo.length,
        },
      ])
      .execute();
    result.documentos += 2;

    const steps = path.slice(1);
    if (steps.length > 0) {
      await db
        .insertInto('postulantes_historial')
        .values(
          steps.map((to, k) => ({
            postulante_id: row.id,
            estado_anterior: path[k]!,
            estado_nuevo: to,
            usuario_id: staff.length ? staff[(i + k) % staff.length]!.id : null,
            nota: to === 'rechazado' ? 'Perfil no compatible con los requisitos de la plaza.' : null,
            en: sql<string>`now() - ${`${Math.max(appliedDaysAgo - k - 1, 0)} days`}::interval`,
          })),
        )
        .execute();
      result.historial += steps.length;
    }
  }
  return result;
}
