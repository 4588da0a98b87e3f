import { CAPABILITIES } from '@bolsa/domain';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../db/database.js';
import type { FileStore } from '../storage/index.js';
import { newFileKey } from '../storage/index.js';
import { DEMO_CANDIDATES } from './accounts.js';
import { minimalPdf } from './documents.js';

/**
 * The first demo candidate (ana.lopez@example.com) with something on every candidate screen at
 * first start (issue 20): a complete profile (photo, CV, DPI scan, police and criminal records,
 * two experiences, references) and three applications: one sent while logged in (registered,
 * referencing the profile's files) now in 'entrevista' with a state she has not seen yet, one sent
 * as a guest and linked when she registered ('en seguimiento'), and a rejected one.
 */
export interface DemoCandidateAreaResult {
  postulaciones: number;
  documentos: number;
}

const EXPERIENCES = [
  {
    Empresa: 'Centro de Salud de Mixco',
    Puesto: 'Auxiliar de enfermería',
    Desde: '2016-02-01',
    Hasta: '2019-12-31',
    Descripcion: 'Vacunación, control de signos vitales y registro de pacientes.',
  },
  {
    Empresa: 'Clínica Familiar Zona 7',
    Puesto: 'Enfermera',
    Desde: '2020-01-15',
    Hasta: '2025-06-30',
    Descripcion: 'Atención de consulta externa y consejería en planificación familiar.',
  },
];
const PERSONAL = [{ RefNp: 'Carmen Tello', RefTp: '55443322', tipo: 1 }];
const WORK = [{ RefNl: 'Dra. Lucía Fuentes', RefTl: '22334455', tipo: 2 }];

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300">
    <rect width="240" height="300" fill="hsl(170,45%,85%)"/>
    <circle cx="120" cy="115" r="55" fill="hsl(170,35%,40%)"/>
    <path d="M30 300 a 90 100 0 0 1 180 0 Z" fill="hsl(170,35%,40%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 75 }).toBuffer();
}

/** Runs once, on the start that seeded the board and the accounts (the caller checks). */
export async function seedDemoCandidateArea(db: Db, files: FileStore): Promise<DemoCandidateAreaResult> {
  const result: DemoCandidateAreaResult = { postulaciones: 0, documentos: 0 };
  const ana = DEMO_CANDIDATES[0];
  const account = await db
    .selectFrom('usuarios_candidatos')
    .select(['id', 'dpi', 'email'])
    .where('email', '=', ana.email)
    .where('es_demo', '=', true)
    .executeTakeFirst();
  if (!account) return result;
  // The vacancies after the two the demo guest applied to, before the pipeline's.
  const open = await db
    .selectFrom('plazas')
    .select(['id', 'nombre'])
    .where('es_demo', '=', true)
    .where('status', '=', '1')
    .orderBy('id')
    .offset(2)
    .limit(3)
    .execute();
  if (open.length < 3) return result;

  const name = 'Ana Lucía López García';
  const documents = [
    ['fotografia', 'fotografia.jpg', 'image/jpeg', await photo()],
    ['curriculum', 'curriculum.pdf', 'application/pdf', minimalPdf('Currículum vitae', [name, 'Enfermera.'])],
    ['dpi', 'dpi.pdf', 'application/pdf', minimalPdf('DPI', [name, `CUI ${account.dpi}`])],
    ['policiales', 'antecedentes-policiales.pdf', 'application/pdf', minimalPdf('Antecedentes policiales', [name])],
    ['penales', 'antecedentes-penales.pdf', 'application/pdf', minimalPdf('Antecedentes penales', [name])],
  ] as const;
  const stored: {
    tipo: (typeof documents)[number][0];
    id: number;
    clave: string;
    nombre: string;
    mime: string;
    tamano: number;
  }[] = [];
  for (const [tipo, nombre, mime, data] of documents) {
    const clave = newFileKey('postulantes/perfiles', mime === 'image/jpeg' ? 'jpg' : 'pdf');
    await files.put(clave, data, mime);
    const { id } = await db
      .insertInto('perfil_archivos')
      .values({ usuario_candidato_id: account.id, tipo, clave, nombre, mime, tamano: data.length })
      .returning('id')
      .executeTakeFirstOrThrow();
    stored.push({ tipo, id, clave, nombre, mime, tamano: data.length });
  }
  result.documentos = stored.length;
  await db
    .insertInto('perfiles_candidatos')
    .values({
      usuario_candidato_id: account.id,
      telefono: '55501234',
      fecha_nacimiento: '1992-03-15',
      direccion_completa: 'Avenida Las Américas 10-20, zona 13, Guatemala',
      experiencias_json: JSON.stringify(EXPERIENCES),
      referidos_p_json: JSON.stringify(PERSONAL),
      referidos_l_json: JSON.stringify(WORK),
      perfil_completado: true,
    })
    .execute();

  const staff = await db
    .selectFrom('usuarios')
    .select('id')
    .where('es_demo', '=', true)
    .where('idrol', 'in', [...CAPABILITIES['candidate.changeState']])
    .orderBy('idrol')
    .executeTakeFirst();
  const apps = [
    {
      plaza: open[0]!,
      estado: 'entrevista',
      visto: 'post-pruebas',
      linked: false,
      path: ['postulado', 'en seguimiento', 'pre-pruebas', 'post-pruebas', 'entrevista'],
      days: 20,
    },
    {
      plaza: open[1]!,
      estado: 'en seguimiento',
      visto: 'en seguimiento',
      linked: true,
      path: ['postulado', 'en seguimiento'],
      days: 45,
    },
    {
      plaza: open[2]!,
      estado: 'rechazado',
      visto: 'rechazado',
      linked: true,
      path: ['postulado', 'en seguimiento', 'rechazado'],
      days: 70,
    },
  ] as const;
  for (const a of apps) {
    const applied = sql<string>`now() - ${`${a.days} days`}::interval`;
    const { id } = await db
      .insertInto('postulantes')
      .values({
        plaza_id: a.plaza.id,
        nombre: name,
        cui: account.dpi,
        email: account.email,
        telefono: '55501234',
        estado: a.estado,
        estado_visto: a.visto,
        estado_antes_rechazo: a.estado === 'rechazado' ? 'en seguimiento' : null,
        usuario_candidato_id: account.id,
        es_registrado: true,
        // Sent as a guest and linked when she registered (announced already), or sent logged in.
        vinculada_en: a.linked ? sql<string>`now() - ${`${a.days - 1} days`}::interval` : null,
        vinculacion_anunciada: a.linked,
        fecha_registro: applied,
        actualizado_en: sql<string>`now() - ${`${Math.max(a.days - a.path.length * 3, 1)} days`}::interval`,
        direccion: 'Avenida Las Américas 10-20, zona 13, Guatemala',
        edad: 34,
        estado_civil: 'Casado',
        nivel_educativo: 'Universidad',
        estudiando: false,
        disponibilidad: true,
        pretension: 6500,
        negociable: true,
        experiencias_json: JSON.stringify(EXPERIENCES),
        referidos_p_json: JSON.stringify(PERSONAL),
        referidos_l_json: JSON.stringify(WORK),
        es_demo: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A registered application references the profile's files; a guest one had its photo and CV.
    const kinds = a.linked
      ? (['fotografia', 'curriculum'] as const)
      : (['fotografia', 'curriculum', 'dpi', 'policiales', 'penales'] as const);
    await db
      .insertInto('postulante_archivos')
      .values(
        kinds.map((k) => {
          const f = stored.find((s) => s.tipo === k)!;
          return {
            postulante_id: id,
            tipo: k === 'dpi' ? ('carta' as const) : k,
            clave: f.clave,
            nombre: f.nombre,
            mime: f.mime,
            tamano: f.tamano,
            perfil_archivo_id: f.id,
          };
        }),
      )
      .execute();
    const steps = a.path.slice(1);
    await db
      .insertInto('postulantes_historial')
      .values(
        steps.map((to, k) => ({
          postulante_id: id,
          estado_anterior: a.path[k]!,
          estado_nuevo: to,
          usuario_id: staff?.id ?? null,
          nota: to === 'rechazado' ? 'Se seleccionó a otra persona para la plaza.' : null,
          en: sql<string>`now() - ${`${Math.max(a.days - (k + 1) * 3, 0)} days`}::interval`,
        })),
      )
      .execute();
    result.postulaciones++;
  }
  return result;
}
