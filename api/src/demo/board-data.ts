import type { IconName } from './images.js';

/** Fictional content for a health non-profit; every row it produces is marked es_demo. */
export interface DemoBranch {
  nombre: string;
  direccion: string;
}

export const DEMO_BRANCHES: readonly DemoBranch[] = [
  { nombre: 'Clínica Central Zona 1', direccion: '9a. Avenida 3-40, Zona 1, Ciudad de Guatemala' },
  { nombre: 'Clínica Quetzaltenango', direccion: '14 Avenida 5-20, Zona 3, Quetzaltenango' },
  { nombre: 'Clínica Cobán', direccion: '1a. Calle 4-15, Zona 2, Cobán, Alta Verapaz' },
  { nombre: 'Clínica Escuintla', direccion: '4a. Avenida 7-32, Zona 1, Escuintla' },
  { nombre: 'Oficinas Centrales', direccion: '6a. Avenida 12-50, Zona 10, Ciudad de Guatemala' },
];

export interface DemoVacancy {
  nombre: string;
  sede: string;
  lugar: string | null;
  descripcion: string | null;
  requisitos: string[];
  beneficios: string[];
  /** null: no image, so the UI's placeholder shows. */
  icon: IconName | null;
  publishedDaysAgo: number;
  /** Days from today to the closing date; negative means already closed. */
  endsInDays: number;
  active: boolean;
  destacado: boolean;
}

const PRESTACIONES = 'Prestaciones de ley (IGSS, aguinaldo y bono 14)';

export const DEMO_VACANCIES: readonly DemoVacancy[] = [
  {
    nombre: 'Enfermera(o) profesional',
    sede: 'Clínica Central Zona 1',
    lugar: '0101:01',
    descripcion:
      'Buscamos una enfermera o enfermero profesional para el área de consulta externa y procedimientos ambulatorios. Será responsable de la atención directa a pacientes, la preparación de insumos y el registro clínico. Trabajará junto al equipo médico en jornadas de planificación familiar y salud materna.',
    requisitos: [
      'Licenciatura o técnico universitario en Enfermería',
      'Colegiado activo',
      'Mínimo dos años de experiencia en consulta externa',
      'Conocimiento de normas de bioseguridad',
      'Disponibilidad para turnos rotativos',
    ],
    beneficios: [PRESTACIONES, 'Seguro médico privado', 'Capacitación continua en salud reproductiva', 'Uniformes'],
    icon: 'cross',
    publishedDaysAgo: 3,
    endsInDays: 40,
    active: true,
    destacado: true,
  },
  {
    nombre: 'Médico(a) general',
    sede: 'Clínica Quetzaltenango',
    lugar: '0901:09',
    descripcion:
      'Atenderá consulta general y de salud sexual y reproductiva a pacientes de todas las edades. Participará en jornadas médicas y en la referencia oportuna de casos a especialistas.',
    requisitos: [
      'Título de Médico y Cirujano',
      'Colegiado activo',
      'Experiencia mínima de un año en consulta',
      'Conocimiento de métodos de planificación familiar',
      'Dominio de idioma k’iche’ (deseable)',
    ],
    beneficios: [PRESTACIONES, 'Salario competitivo', 'Horario de lunes a viernes', 'Seguro de vida'],
    icon: 'stethoscope',
    publishedDaysAgo: 6,
    endsInDays: 35,
    active: true,
    destacado: true,
  },
  {
    nombre: 'Auxiliar de enfermería',
    sede: 'Clínica Cobán',
    lugar: '1601:16',
    descripcion:
      'Apoyará al personal de enfermería en la toma de signos vitales, la aplicación de vacunas y la preparación de pacientes. Se requiere trato amable y vocación de servicio.',
    requisitos: [
      'Diploma de auxiliar de enfermería avalado por el MSPAS',
      'Experiencia de seis meses en servicios de salud',
      'Dominio de q’eqchi’ (deseable)',
      'Disponibilidad de horario',
    ],
    beneficios: [PRESTACIONES, 'Capacitaciones constantes', 'Ambiente de trabajo agradable'],
    icon: 'heart',
    publishedDaysAgo: 1,
    endsInDays: 28,
    active: true,
    destacado: true,
  },
  {
    nombre: 'Educador(a) en salud sexual y reproductiva',
    sede: 'Clínica Cobán',
    lugar: 'Trabajo de campo en comunidades de Alta Verapaz',
    descripcion:
      'Impartirá charlas y talleres sobre planificación familiar, prevención de ITS y salud materna en escuelas y comunidades rurales. Coordinará con líderes comunitarios y registrará las actividades realizadas. El puesto implica viajes frecuentes dentro del departamento.',
    requisitos: [
      'Estudios universitarios en Trabajo Social, Psicología, Enfermería o afines',
      'Experiencia en educación comunitaria',
      'Dominio de q’eqchi’ o poqomchi’',
      'Licencia de motocicleta vigente',
      'Facilidad de expresión en público',
    ],
    beneficios: [
      PRESTACIONES,
      'Viáticos para trabajo de campo',
      'Motocicleta de la institución',
      'Formación en metodologías participativas',
    ],
    icon: 'people',
    publishedDaysAgo: 10,
    endsInDays: 45,
    active: true,
    destacado: true,
  },
  {
    nombre: 'Técnico(a) de laboratorio clínico',
    sede: 'Clínica Central Zona 1',
    lugar: '0101:01',
    descripcion:
      'Realizará la toma y el procesamiento de muestras de hematología, química clínica y uroanálisis. Velará por el control de calidad y el registro correcto de los resultados.',
    requisitos: [
      'Técnico en Laboratorio Clínico',
      'Experiencia mínima de un año',
      'Manejo de equipo automatizado',
      'Conocimiento de normas de bioseguridad',
    ],
    beneficios: [PRESTACIONES, 'Seguro médico', 'Horario fijo de lunes a viernes', 'Estabilidad laboral'],
    icon: 'flask',
    publishedDaysAgo: 12,
    endsInDays: 20,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Médico(a) ginecólogo(a)',
    sede: 'Clínica Escuintla',
    lugar: '0501:05',
    descripcion:
      'Brindará consulta de ginecología y obstetricia, control prenatal y colocación de métodos anticonceptivos de larga duración. Apoyará la formación del personal de la clínica.',
    requisitos: [
      'Especialidad en Ginecología y Obstetricia',
      'Colegiado activo',
      'Experiencia mínima de tres años',
      'Experiencia en colocación de implantes y DIU',
      'Ética y trato humano con pacientes',
    ],
    beneficios: [PRESTACIONES, 'Honorarios competitivos', 'Horario flexible', 'Seguro de vida'],
    icon: 'stethoscope',
    publishedDaysAgo: 15,
    endsInDays: 50,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Recepcionista',
    sede: 'Clínica Quetzaltenango',
    lugar: '0901:09',
    descripcion:
      'Será la primera persona en recibir a nuestros pacientes: agendará citas, atenderá llamadas y orientará a quienes visitan la clínica. Buscamos a alguien organizado y con excelente atención al cliente.',
    requisitos: [
      'Título de diversificado (Secretariado o Perito Contador)',
      'Experiencia en atención al cliente',
      'Manejo de paquete Office',
      'Buena presentación',
    ],
    beneficios: [PRESTACIONES, 'Horario de lunes a viernes y sábados rotativos', 'Capacitación'],
    icon: 'clipboard',
    publishedDaysAgo: 20,
    endsInDays: 3,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Contador(a) general',
    sede: 'Oficinas Centrales',
    lugar: null,
    descripcion:
      'Llevará la contabilidad general de la institución, la conciliación bancaria y la preparación de estados financieros mensuales. Coordinará con auditoría externa y con los donantes la rendición de cuentas de los proyectos.',
    requisitos: [
      'Licenciatura en Contaduría Pública y Auditoría',
      'Colegiado activo',
      'Tres años de experiencia en organizaciones no lucrativas',
      'Conocimiento de legislación tributaria guatemalteca',
      'Manejo avanzado de Excel',
      'Experiencia con fondos de cooperación internacional (deseable)',
    ],
    beneficios: [PRESTACIONES, 'Seguro médico privado', 'Bono por desempeño', 'Parqueo'],
    icon: 'clipboard',
    publishedDaysAgo: 25,
    endsInDays: 18,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Técnico(a) de soporte informático',
    sede: 'Oficinas Centrales',
    lugar: '0101:01',
    descripcion:
      'Dará soporte a usuarios de oficinas y clínicas, mantendrá equipos de cómputo e impresoras y administrará cuentas de correo. Apoyará la implementación del expediente clínico electrónico.',
    requisitos: [
      'Estudios en Ingeniería en Sistemas o técnico en computación',
      'Experiencia en soporte técnico',
      'Conocimiento de redes y Windows',
      'Disponibilidad para viajar a las clínicas del interior',
    ],
    beneficios: [PRESTACIONES, 'Capacitaciones y certificaciones', 'Equipo de trabajo', 'Ambiente colaborativo'],
    icon: 'laptop',
    publishedDaysAgo: 8,
    endsInDays: 30,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Piloto repartidor',
    sede: 'Clínica Escuintla',
    lugar: '0502:05',
    descripcion:
      'Trasladará insumos médicos, muestras de laboratorio y personal entre la clínica y las comunidades de la región sur. Será responsable del cuidado y la bitácora del vehículo asignado.',
    requisitos: [],
    beneficios: [],
    icon: 'car',
    publishedDaysAgo: 30,
    endsInDays: 12,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Promotor(a) comunitario de salud',
    sede: 'Clínica Cobán',
    lugar: '1609:16',
    descripcion:
      'Visitará hogares y centros comunitarios para promover servicios de salud materna e infantil y referir pacientes a la clínica. Llevará registros sencillos de cada visita.',
    requisitos: [
      'Tercero básico como mínimo',
      'Dominio de q’eqchi’ y español',
      'Residir en San Pedro Carchá o alrededores',
      'Experiencia en trabajo comunitario (deseable)',
    ],
    beneficios: [PRESTACIONES, 'Viáticos', 'Capacitación en salud comunitaria'],
    icon: 'people',
    publishedDaysAgo: 5,
    endsInDays: 25,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Psicólogo(a) clínico(a)',
    sede: 'Clínica Central Zona 1',
    lugar: '0101:01',
    descripcion:
      'Brindará atención psicológica individual y grupal, con énfasis en adolescentes y mujeres sobrevivientes de violencia. Participará en la consejería previa a procedimientos y en actividades de prevención.',
    requisitos: [
      'Licenciatura en Psicología Clínica',
      'Colegiado activo',
      'Experiencia en atención a adolescentes',
      'Conocimiento de enfoque de género',
      'Manejo de primeros auxilios psicológicos',
    ],
    beneficios: [PRESTACIONES, 'Supervisión clínica', 'Horario de lunes a viernes', 'Seguro médico'],
    icon: 'chat',
    publishedDaysAgo: 18,
    endsInDays: 2,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Enfermera(o) para jornadas médicas móviles',
    sede: 'Clínica Escuintla',
    lugar: 'Jornadas médicas móviles en la costa sur (Escuintla y Suchitepéquez)',
    descripcion:
      'Formará parte del equipo de la unidad móvil que lleva servicios de planificación familiar y tamizaje de cáncer cervical a comunidades rurales. El trabajo incluye salidas de varios días.',
    requisitos: [
      'Técnico universitario o licenciatura en Enfermería',
      'Experiencia en toma de Papanicolaou',
      'Disponibilidad para viajar',
      'Buena condición física',
    ],
    beneficios: [PRESTACIONES, 'Viáticos y hospedaje en jornadas', 'Seguro de vida', 'Capacitación continua'],
    icon: 'cross',
    publishedDaysAgo: 35,
    endsInDays: 55,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Químico(a) biólogo(a)',
    sede: 'Clínica Quetzaltenango',
    lugar: '0901:09',
    descripcion:
      'Supervisará el laboratorio clínico de la sede, validará resultados y velará por el cumplimiento de los controles de calidad internos y externos.',
    requisitos: [
      'Licenciatura en Química Biológica',
      'Colegiado activo',
      'Experiencia de dos años en laboratorio clínico',
      'Manejo de control de calidad',
    ],
    beneficios: [PRESTACIONES, 'Seguro médico', 'Horario fijo'],
    icon: 'flask',
    publishedDaysAgo: 40,
    endsInDays: -3,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Asistente de farmacia',
    sede: 'Clínica Central Zona 1',
    lugar: '0101:01',
    descripcion: null,
    requisitos: [],
    beneficios: [],
    icon: null,
    publishedDaysAgo: 45,
    endsInDays: 15,
    active: true,
    destacado: false,
  },
  {
    nombre: 'Coordinador(a) de programas de planificación familiar',
    sede: 'Oficinas Centrales',
    lugar: '0101:01',
    descripcion:
      'Planificará, dará seguimiento y evaluará los programas de planificación familiar de la red de clínicas. Preparará informes para donantes y coordinará con el Ministerio de Salud.',
    requisitos: [
      'Licenciatura en Medicina, Enfermería o Salud Pública',
      'Maestría en Salud Pública (deseable)',
      'Cinco años de experiencia en gestión de programas',
      'Manejo de indicadores y marco lógico',
      'Inglés intermedio',
    ],
    beneficios: [PRESTACIONES, 'Seguro médico privado', 'Teléfono corporativo', 'Desarrollo profesional'],
    icon: 'heart',
    publishedDaysAgo: 50,
    endsInDays: -10,
    active: false,
    destacado: false,
  },
  {
    nombre: 'Trabajador(a) social',
    sede: 'Clínica Quetzaltenango',
    lugar: '0901:09',
    descripcion:
      'Realizará estudios socioeconómicos, dará seguimiento a casos referidos y gestionará apoyos con redes locales. Acompañará a pacientes en situación de vulnerabilidad.',
    requisitos: [
      'Licenciatura en Trabajo Social',
      'Experiencia en casos de violencia intrafamiliar',
      'Conocimiento de la red de servicios de Quetzaltenango',
    ],
    beneficios: [PRESTACIONES, 'Horario de lunes a viernes', 'Capacitación'],
    icon: 'people',
    publishedDaysAgo: 55,
    endsInDays: 40,
    active: false,
    destacado: false,
  },
  {
    nombre: 'Auxiliar de mantenimiento',
    sede: 'Clínica Cobán',
    lugar: '1601:16',
    descripcion:
      'Se encargará del mantenimiento preventivo de las instalaciones, reparaciones menores y apoyo en la limpieza de áreas comunes de la clínica.',
    requisitos: [
      'Sexto primaria como mínimo',
      'Conocimientos básicos de electricidad y plomería',
      'Experiencia de un año en puestos similares',
    ],
    beneficios: [PRESTACIONES, 'Uniformes', 'Estabilidad laboral'],
    icon: null,
    publishedDaysAgo: 60,
    endsInDays: 20,
    active: false,
    destacado: false,
  },
];
