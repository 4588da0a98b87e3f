import {
  assignedTestStateOf,
  isLinkType,
  testCategoryOf,
  testTypeOf,
  type AssignedTestState,
  type TestCategory,
  type TestType,
} from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** AssignedTest as the schema reads it (spec 3 §3 'postulante-prueba'). */
export interface AssignedTestDto {
  id: string;
  candidateId: string;
  name: string;
  type: TestType;
  templateId: string | null;
  category: TestCategory | null;
  assignedAt: string;
  deadline: string;
  completedAt: string | null;
  state: AssignedTestState;
  /** When the tests e-mail last included it (enviada_en); null while not sent. */
  sentAt: string | null;
  observations: string | null;
  credentials: string | null;
  link: string | null;
  downloadUrl: string | null;
  resultText: string | null;
  resultScore: number | null;
}

/** One row of GET /pruebas/postulante/{id}, in any of the api's spellings; null when unusable. */
export function normaliseAssignedTest(raw: unknown): AssignedTestDto | null {
  const f = fieldsOf(raw);
  const tid = id(pick(f, 'id'));
  const candidateId = id(pick(f, 'postulanteId', 'candidateId'));
  const name = text(pick(f, 'nombrePrueba', 'nombre', 'name'));
  const type = testTypeOf(pick(f, 'tipoPrueba', 'tipo', 'type'));
  if (!tid || !candidateId || !name || !type) return null;
  const templateId = id(pick(f, 'templateId', 'pruebaTemplateId'));
  const linkType = isLinkType(type);
  const score = Number(pick(f, 'puntaje', 'score'));
  const rawScore = pick(f, 'puntaje', 'score');
  return {
    id: tid,
    candidateId,
    name,
    type,
    templateId,
    category: testCategoryOf(pick(f, 'categoria', 'category')),
    assignedAt: text(pick(f, 'fechaAsignacion', 'assignedAt')) ?? '',
    deadline: (text(pick(f, 'fechaLimite', 'deadline')) ?? '').slice(0, 10),
    completedAt: text(pick(f, 'fechaCompletada', 'completedAt')),
    state: assignedTestStateOf(pick(f, 'estado', 'state')) ?? 'ASIGNADA',
    sentAt: text(pick(f, 'enviadaEn', 'enviada_en', 'fechaEnvio', 'sentAt')),
    observations: text(pick(f, 'observaciones', 'observations')),
    credentials: linkType ? text(pick(f, 'credencialesAcceso', 'credentials')) : null,
    link: linkType ? text(pick(f, 'linkExterno', 'link')) : null,
    // The staff-only template file route (bff/src/files/tests.ts) for file-based tests.
    downloadUrl: !linkType && templateId && text(pick(f, 'archivoNombre')) ? `/files/tests/${templateId}` : null,
    resultText: text(pick(f, 'resultado', 'resultText')),
    resultScore: rawScore === undefined || rawScore === '' || !Number.isFinite(score) ? null : score,
  };
}

/** GET /pruebas/postulante/{id}: bare, or under `pruebas`, `data`, `items`… */
export function normaliseAssignedTestList(raw: unknown): AssignedTestDto[] {
  return listOf(raw, 'pruebas')
    .map(normaliseAssignedTest)
    .filter((t): t is AssignedTestDto => t !== null);
}

/** The answer to an assignment or an update: the test itself, or wrapped under `prueba`. */
export function normaliseAssignedTestAnswer(raw: unknown): AssignedTestDto | null {
  return normaliseAssignedTest(pick(fieldsOf(raw), 'prueba') ?? raw);
}
