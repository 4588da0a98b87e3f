/**
 * Sample data for every e-mail the api sends, in every variant its wording has (guest or
 * registered, with or without observations, hire details, each test type, each interview kind).
 * mail-defaults.json holds what these rendered to before the templates became editable (issue 24):
 * the templates' defaults must render the same e-mails.
 */
import type {
  ApplicationReceivedData,
  DocumentsRequestedData,
  InterviewMailData,
  StateMailData,
  TestsSentData,
} from '../../src/mail/templates.js';
import { CANDIDATE_STATES } from '@bolsa/domain';

const site = 'https://empleos.ejemplo.org.gt/';

export const ACK_SAMPLES: ApplicationReceivedData[] = [
  {
    name: 'Rosa <Xuc>',
    vacancy: 'Auxiliar & enfermería',
    branch: 'Sede Central',
    date: '2026-11-23',
    registered: false,
    publicUrl: site,
  },
  {
    name: 'Ana López',
    vacancy: 'Médico',
    branch: null,
    date: new Date('2026-11-27T02:00:00Z'),
    registered: true,
    publicUrl: site,
  },
];

export const STATE_SAMPLES: StateMailData[] = CANDIDATE_STATES.flatMap((state) => [
  {
    name: 'Rosa "Xuc"',
    vacancy: 'Auxiliar de enfermería',
    branch: 'Sede Central',
    state,
    publicUrl: site,
    registered: false,
  },
  {
    name: 'Ana',
    vacancy: null,
    branch: null,
    state,
    observation: 'Primera línea\n<b>segunda</b>',
    hire: { date: '2026-12-01', time: '08:00', place: 'Oficina <GTH>' },
    publicUrl: site,
    registered: true,
  },
]);

export const TESTS_SAMPLES: TestsSentData[] = [
  {
    name: 'Rosa <Xuc>',
    vacancy: 'Auxiliar de enfermería',
    observation: 'Traer lápiz\ny borrador',
    publicUrl: site,
    registered: false,
    tests: [
      {
        name: 'Psicométrica',
        type: 'LINK',
        deadline: '2026-12-01',
        observations: 'Con calma',
        link: 'https://pruebas.example.com/a?b=1&c=2',
        credentials: 'usuario: rosa',
        fileName: null,
      },
      {
        name: 'Caso práctico',
        type: 'WORD',
        deadline: '2026-12-02',
        observations: null,
        link: null,
        credentials: 'no se envía',
        fileName: 'caso.docx',
        attached: true,
      },
      {
        name: 'Excel',
        type: 'EXCEL',
        deadline: '2026-12-03',
        observations: null,
        link: null,
        credentials: null,
        fileName: 'datos.xlsx',
        attached: false,
      },
      {
        name: 'Formulario',
        type: 'FORMULARIO',
        deadline: '2026-12-04',
        observations: null,
        link: 'javascript:alert(1)',
        credentials: null,
        fileName: null,
      },
    ],
  },
  { name: 'Ana', vacancy: null, observation: null, publicUrl: site, registered: true, tests: [] },
];

export const DOCUMENTS_SAMPLES: DocumentsRequestedData[] = [
  {
    name: 'Rosa <Xuc>',
    vacancy: 'Auxiliar',
    documents: ['CV', 'DPI <frente>'],
    comment: 'Legible\npor favor',
    link: 'https://empleos.ejemplo.org.gt/perfil/documentos/abc&d',
    validDays: 7,
  },
  {
    name: 'Ana',
    vacancy: null,
    documents: ['Título'],
    comment: 'x',
    link: 'https://e.example/perfil/documentos/t',
    validDays: 3,
  },
];

const interview = (over: Partial<InterviewMailData>): InterviewMailData => ({
  kind: 'invitation',
  audience: 'candidate',
  candidate: 'Rosa <Xuc>',
  vacancy: 'Auxiliar de enfermería',
  mode: 'VIRTUAL',
  date: '2026-12-03',
  start: '09:00',
  end: '10:00',
  place: null,
  link: 'https://teams.example.com/meet?x=1&y=2',
  interviewer: null,
  organiser: { name: 'Laura Gómez', email: 'laura@ejemplo.org.gt' },
  observations: 'Puntual\npor favor',
  ics: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR',
  ...over,
});

export const INTERVIEW_SAMPLES: InterviewMailData[] = [
  interview({}),
  interview({ kind: 'update', vacancy: null, observations: null }),
  interview({ audience: 'participant' }),
  interview({
    audience: 'participant',
    kind: 'update',
    mode: 'PRESENCIAL',
    link: null,
    place: 'Sede Central · Sala 2',
    interviewer: 'Dr. Pérez',
    organiser: { name: null, email: 'gth@ejemplo.org.gt' },
  }),
  interview({ audience: 'participant', kind: 'withdrawn' }),
  interview({ audience: 'participant', kind: 'withdrawn', vacancy: null }),
  interview({ mode: 'PRESENCIAL', link: 'http://insecure.example/x', place: 'ignored' }),
];
