import { sql } from 'kysely';
import type { FileStore } from '../storage/index.js';
import { newFileKey } from '../storage/index.js';
import type { Db, TemplateCategory, TemplateType } from '../db/database.js';
import { minimalDocx, minimalPdf, minimalXlsx } from './documents.js';

/** Fictional staff of the organisation who receive notifications; the last one is inactive. */
export const DEMO_ADMIN_EMAILS = [
  { local: 'mcastillo', nombre: 'María José Castillo Pérez', activo: true },
  { local: 'laju', nombre: 'Luis Fernando Ajú Xitumul', activo: true },
  { local: 'amorales', nombre: 'Andrea Sofía Morales Reyes', activo: true },
  { local: 'gpineda', nombre: 'Gabriela Alejandra Pineda Orellana', activo: true },
  { local: 'jbatz', nombre: 'Jorge Mario Batz Tzul', activo: false },
] as const;

type DemoFile = { ext: 'pdf' | 'docx' | 'xlsx'; name: string; data: () => Buffer };

interface DemoTemplate {
  nombre: string;
  descripcion: string;
  tipo: TemplateType;
  categoria: TemplateCategory;
  link?: string;
  file?: DemoFile;
  activo: boolean;
}

/** Seven templates covering every type and category; one inactive. Listed newest first. */
export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    nombre: 'Evaluación de conocimientos clínicos de enfermería',
    descripcion:
      'Veinte preguntas de opción múltiple sobre signos vitales, bioseguridad y administración de medicamentos.',
    tipo: 'PDF',
    categoria: 'CONOCIMIENTOS',
    activo: true,
    file: {
      ext: 'pdf',
      name: 'evaluación-enfermería.pdf',
      data: () =>
        minimalPdf('Evaluación de conocimientos clínicos', [
          'Instrucciones: responda cada pregunta en la hoja de respuestas.',
          '1. ¿Cuál es el rango normal de frecuencia cardíaca en un adulto en reposo?',
          '2. Mencione tres medidas de bioseguridad al canalizar una vía periférica.',
          '3. ¿Qué verifica antes de administrar un medicamento? (los cinco correctos)',
          'Tiempo sugerido: 45 minutos.',
        ]),
    },
  },
  {
    nombre: 'Prueba de inglés (EF SET)',
    descripcion: 'Prueba gratuita en línea de 50 minutos; el candidato comparte el certificado con su nivel MCER.',
    tipo: 'LINK',
    categoria: 'IDIOMAS',
    link: 'https://www.efset.org/es/',
    activo: true,
  },
  {
    nombre: 'Caso práctico de atención al paciente',
    descripcion: 'Caso escrito de una consulta de planificación familiar: el candidato describe cómo la atendería.',
    tipo: 'PDF',
    categoria: 'TECNICA',
    activo: true,
    file: {
      ext: 'pdf',
      name: 'caso-práctico-atención.pdf',
      data: () =>
        minimalPdf('Caso práctico: consulta de planificación familiar', [
          'Una usuaria de 24 años llega a la clínica solicitando información sobre métodos.',
          'Describa los pasos de la consejería, la información que brindaría y',
          'cómo documentaría la atención en el expediente clínico.',
          'Extensión máxima: una página.',
        ]),
    },
  },
  {
    nombre: 'Cuestionario de valores y trabajo en equipo',
    descripcion: 'Formulario en línea de estilo de personalidad; el resultado orienta la entrevista, no descarta.',
    tipo: 'FORMULARIO',
    categoria: 'PSICOLOGICA',
    link: 'https://www.16personalities.com/es/test-de-personalidad',
    activo: true,
  },
  {
    nombre: 'Ejercicio de control de inventario de farmacia',
    descripcion:
      'Hoja de cálculo con entradas y salidas de un mes: calcular existencias y marcar productos por vencer.',
    tipo: 'EXCEL',
    categoria: 'TECNICA',
    activo: true,
    file: {
      ext: 'xlsx',
      name: 'inventario-farmacia.xlsx',
      data: () =>
        minimalXlsx('Inventario', [
          ['Producto', 'Existencia inicial', 'Entradas', 'Salidas', 'Vencimiento'],
          ['Acetaminofén 500 mg', '300', '200', '350', '2027-03-31'],
          ['Amoxicilina 500 mg', '120', '100', '90', '2026-12-31'],
          ['Sales de rehidratación oral', '80', '60', '75', '2027-06-30'],
        ]),
    },
  },
  {
    nombre: 'Redacción de informe de actividades',
    descripcion: 'Plantilla de Word para redactar un informe breve de una jornada médica comunitaria.',
    tipo: 'WORD',
    categoria: 'OTROS',
    activo: true,
    file: {
      ext: 'docx',
      name: 'informe-de-actividades.docx',
      data: () =>
        minimalDocx('Informe de actividades', [
          'Jornada: ______________________   Fecha: ____________',
          'Describa los objetivos de la jornada, la población atendida y los resultados.',
          'Incluya recomendaciones para la próxima jornada.',
        ]),
    },
  },
  {
    nombre: 'Test de razonamiento lógico',
    descripcion: 'Series numéricas y problemas de lógica; se dejó de usar al adoptar la prueba técnica por puesto.',
    tipo: 'PDF',
    categoria: 'APTITUDES',
    activo: false,
    file: {
      ext: 'pdf',
      name: 'razonamiento-lógico.pdf',
      data: () =>
        minimalPdf('Test de razonamiento lógico', [
          '1. Complete la serie: 2, 6, 12, 20, 30, ...',
          '2. Si todas las clínicas tienen farmacia y algunas farmacias abren los sábados,',
          '   ¿qué se puede concluir? Justifique su respuesta.',
          'Tiempo: 30 minutos.',
        ]),
    },
  },
];

/**
 * Guests who applied without an account, spread over several vacancies and states, so the
 * back-office shows candidates and deleting a vacancy reports how many went with it. CUIs carry
 * a valid check digit and municipality; e-mails are example.com.
 */
export const DEMO_APPLICANTS = [
  {
    nombre: 'José Armando Xicará Tzul',
    cui: '3015487220101',
    email: 'jose.xicara@example.com',
    telefono: '45872310',
    estado: 'postulado',
  },
  {
    nombre: 'Ana Gabriela Monzón Barrios',
    cui: '2876543110901',
    email: 'ana.monzon@example.com',
    telefono: '55018842',
    estado: 'en seguimiento',
  },
  {
    nombre: 'Brenda Maribel Caal Pop',
    cui: '3147852051601',
    email: 'brenda.caal@example.com',
    telefono: '31264587',
    estado: 'pre-pruebas',
  },
  {
    nombre: 'Kevin Estuardo Pérez Ramírez',
    cui: '2963417890501',
    email: 'kevin.perez@example.com',
    telefono: '42339018',
    estado: 'post-pruebas',
  },
  {
    nombre: 'Sofía Alejandra Cifuentes Ortiz',
    cui: '3087651250108',
    email: 'sofia.cifuentes@example.com',
    telefono: '58764120',
    estado: 'entrevista',
  },
  {
    nombre: 'Julio César Tzoc Ixcoy',
    cui: '2745983611301',
    email: 'julio.tzoc@example.com',
    telefono: '47710256',
    estado: 'rechazado',
  },
  {
    nombre: 'Heidy Paola Méndez Chávez',
    cui: '3190264770115',
    email: 'heidy.mendez@example.com',
    telefono: '50983314',
    estado: 'inducción',
  },
  {
    nombre: 'Luis Pedro Gálvez Orellana',
    cui: '2834716540301',
    email: 'luis.galvez@example.com',
    telefono: '33458871',
    estado: 'postulado',
  },
] as const;

const count = async (db: Db, table: 'pruebas_templates' | 'correos') =>
  (
    await db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

export interface DemoBackofficeResult {
  pruebas: number;
  correos: number;
  postulaciones: number;
}

/**
 * Templates when there are none, administrative e-mails when there are none, and guest
 * applications when `applications` (the board was seeded in this same start). All es_demo.
 */
export async function seedDemoBackoffice(
  db: Db,
  files: FileStore,
  options: { orgEmailDomain: string; applications: boolean },
): Promise<DemoBackofficeResult> {
  const result: DemoBackofficeResult = { pruebas: 0, correos: 0, postulaciones: 0 };

  if ((await count(db, 'pruebas_templates')) === 0) {
    const keys = await Promise.all(
      DEMO_TEMPLATES.map(async (t) => {
        if (!t.file) return null;
        const key = newFileKey('pruebas', t.file.ext);
        await files.put(key, t.file.data());
        return key;
      }),
    );
    const now = Date.now();
    await db
      .insertInto('pruebas_templates')
      .values(
        DEMO_TEMPLATES.map((t, i) => ({
          nombre: t.nombre,
          descripcion: t.descripcion,
          tipo: t.tipo,
          categoria: t.categoria,
          link: t.link ?? null,
          archivo_nombre: t.file?.name ?? null,
          archivo_ruta: keys[i] ?? null,
          activo: t.activo,
          // Listed newest first: one day apart, in the order above.
          fecha_creacion: new Date(now - (i + 1) * 86_400_000).toISOString(),
          es_demo: true,
        })),
      )
      .execute();
    result.pruebas = DEMO_TEMPLATES.length;
  }

  if ((await count(db, 'correos')) === 0) {
    await db
      .insertInto('correos')
      .values(
        DEMO_ADMIN_EMAILS.map((c) => ({
          email: `${c.local}@${options.orgEmailDomain}`,
          nombre: c.nombre,
          activo: c.activo,
          es_demo: true,
        })),
      )
      .execute();
    result.correos = DEMO_ADMIN_EMAILS.length;
  }

  if (options.applications) {
    const open = await db
      .selectFrom('plazas')
      .select('id')
      .where('es_demo', '=', true)
      .where('status', '=', '1')
      .orderBy('id')
      .limit(4)
      .execute();
    if (open.length > 0) {
      await db
        .insertInto('postulantes')
        .values(
          // Two per vacancy over the first four open ones.
          DEMO_APPLICANTS.map((a, i) => ({ ...a, plaza_id: open[Math.floor(i / 2) % open.length]!.id, es_demo: true })),
        )
        .execute();
      result.postulaciones = DEMO_APPLICANTS.length;
    }
  }
  return result;
}
