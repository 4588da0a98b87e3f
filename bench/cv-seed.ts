import { sql, type Kysely } from 'kysely';
import type { Database } from '../api/src/db/database.js';

// Realistic CV texts for the load candidates (issue 23, search inside CVs): each a few hundred
// words made of a profession, studies, experiences and skills of the health sector, so common
// words ('enfermera', 'pacientes') match thousands and rare ones ('hemodiálisis') a few dozen.
const PROFESSIONS = [
  'Enfermera profesional',
  'Auxiliar de enfermería',
  'Médico general',
  'Técnico de laboratorio clínico',
  'Químico biólogo',
  'Trabajadora social',
  'Contador público y auditor',
  'Psicóloga clínica',
  'Nutricionista',
  'Técnico en radiología',
  'Recepcionista',
  'Piloto repartidor',
  'Educadora en salud',
  'Promotor de salud comunitaria',
  'Farmacéutica',
  'Asistente administrativo',
];
const STUDIES = [
  'Licenciatura en Enfermería, Universidad de San Carlos de Guatemala',
  'Técnico en Enfermería, Escuela Nacional de Enfermeras de Guatemala',
  'Médico y Cirujano, Universidad Rafael Landívar',
  'Perito Contador, Instituto Nacional de Comercio',
  'Bachillerato en Ciencias y Letras con orientación en computación',
  'Licenciatura en Trabajo Social, Universidad Mariano Gálvez',
  'Licenciatura en Nutrición, Universidad del Valle de Guatemala',
  'Técnico en Radiología, Escuela de Tecnólogos Médicos',
];
const EXPERIENCE = [
  'Atención directa de pacientes en el servicio de emergencias del Hospital Roosevelt durante tres años.',
  'Cuidados intensivos neonatales y pediátricos en el Hospital San Juan de Dios, turnos nocturnos.',
  'Administración de medicamentos, control de signos vitales y registro en el expediente clínico.',
  'Jornadas de vacunación y educación en salud materno infantil en comunidades de Alta Verapaz.',
  'Toma de muestras, hematología y química sanguínea en laboratorio de referencia.',
  'Manejo de caja chica, conciliaciones bancarias y planillas del IGSS.',
  'Consejería en VIH y acompañamiento psicosocial a familias en Quetzaltenango.',
  'Atención en farmacia hospitalaria, control de inventarios y cadena de frío.',
  'Coordinación de voluntarios y logística de brigadas médicas en Huehuetenango.',
  'Tomografías y radiografías digitales, protección radiológica del paciente.',
  'Recepción de pacientes, agenda de citas y atención telefónica en español y kaqchikel.',
];
const SKILLS = [
  'Microsoft Excel avanzado',
  'Soporte vital básico y avanzado (BLS, ACLS)',
  'Idioma inglés intermedio',
  'Idioma quiché',
  'Licencia de conducir tipo B',
  'Trabajo en equipo y bajo presión',
  'Manejo de expediente electrónico',
  'Primeros auxilios',
  'Bioseguridad y manejo de desechos hospitalarios',
];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * A CV (PDF, already read by the worker) for every load candidate: the file row, and its text
 * and index as the worker stores them (the folded text's words and the text's own). Folding
 * here is translate() over the letters these texts use, the same as the domain's for them.
 */
export async function seedCvTexts(db: Kysely<Database>): Promise<number> {
  // In bulk rather than row by row through the queue's trigger (what the worker does per file).
  await sql`alter table postulante_archivos disable trigger textos_archivos_cola`.execute(db);
  await sql`insert into postulante_archivos (postulante_id, tipo, clave, nombre, mime, tamano)
    select id, 'curriculum', 'postulantes/carga-' || id || '.pdf', 'cv.pdf', 'application/pdf', 40000
    from postulantes where email like 'carga%@example.com'`.execute(db);
  await sql`alter table postulante_archivos enable trigger textos_archivos_cola`.execute(db);
  const { numAffectedRows } = await sql`
    with t as (
      select a.clave,
        'Curriculum vitae. ' || p.nombre || '. ' || (${arr(PROFESSIONS)})[1 + p.id % ${PROFESSIONS.length}::int] || '. Estudios: ' ||
        (${arr(STUDIES)})[1 + (p.id / 3) % ${STUDIES.length}::int] || '. Experiencia: ' ||
        (${arr(EXPERIENCE)})[1 + (p.id / 5) % ${EXPERIENCE.length}::int] || ' ' ||
        (${arr(EXPERIENCE)})[1 + (p.id / 11) % ${EXPERIENCE.length}::int] || ' ' ||
        (${arr(EXPERIENCE)})[1 + (p.id / 13) % ${EXPERIENCE.length}::int] || ' ' ||
        -- One CV in 250 (200 of 50,000): a rare word.
        case when p.id % 250 = 0 then 'Unidad de hemodiálisis: preparación y monitoreo del paciente durante el tratamiento. ' else '' end ||
        'Habilidades: ' ||
        (${arr(SKILLS)})[1 + p.id % ${SKILLS.length}::int] || ', ' || (${arr(SKILLS)})[1 + (p.id / 7) % ${SKILLS.length}::int] ||
        '. Referencias laborales a solicitud. Disponibilidad inmediata para trabajar en la ciudad de Guatemala.' as texto
      from postulante_archivos a join postulantes p on p.id = a.postulante_id
      where a.clave like 'postulantes/carga-%')
    insert into textos_archivos (clave, estado, texto, procesado_en, tsv)
    select clave, 'listo', texto, now(),
      to_tsvector('spanish', translate(lower(texto), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')) || to_tsvector('spanish', texto)
    from t`.execute(db);
  await sql`update postulantes p set cv_tsv = t.tsv
    from postulante_archivos a join textos_archivos t on t.clave = a.clave
    where a.postulante_id = p.id and a.clave like 'postulantes/carga-%'`.execute(db);
  await sql`vacuum analyze postulantes`.execute(db);
  await sql`vacuum analyze textos_archivos`.execute(db);
  await sql`vacuum analyze postulante_archivos`.execute(db);
  return Number(numAffectedRows ?? 0);
}
