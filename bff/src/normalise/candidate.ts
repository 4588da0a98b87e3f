import { canonicalState, RETENTION_ERASED_NAME, type CandidateState } from '@bolsa/domain';
import { normaliseCandidateFile, type CandidateFileDto } from './candidate-file.js';
import { fieldsOf, id, listOf, pick, text, type Fields } from './fields.js';

/** What staff see instead of a name once the candidate erased their data (issue 10). */
export const ERASED_NAME = 'Datos eliminados a solicitud del candidato';

export interface AppliedVacancyDto {
  vacancyId: string | null;
  name: string;
  position: string | null;
  appliedAt: string | null;
  branchId: string | null;
  branchName: string | null;
  place: string | null;
}

export interface CandidateExperienceDto {
  company: string | null;
  position: string | null;
  from: string | null;
  to: string | null;
  description: string | null;
}

export interface CandidateReferenceDto {
  kind: 'PERSONAL' | 'WORK';
  name: string;
  phone: string | null;
}

/** The detail-only part (GET /candidatos/detalle/{id}); lists leave it null. */
export interface CandidateDetailDto {
  dpi: string | null;
  address: string | null;
  age: number | null;
  maritalStatus: string | null;
  educationLevel: string | null;
  studying: boolean | null;
  availableImmediately: boolean | null;
  salaryExpectation: number | null;
  negotiable: boolean | null;
  experiences: CandidateExperienceDto[];
  references: CandidateReferenceDto[];
  photo: CandidateFileDto | null;
  documents: CandidateFileDto[];
}

/** A candidate (postulante, spec 3 §3) in the BFF's words, from any of the spellings the api may send. */
export interface CandidateDto {
  id: string;
  firstName: string;
  lastName: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
  state: CandidateState;
  /** The state held before a rejection (reactivation returns there), when the api says. */
  stateBeforeRejection: string | null;
  registeredAt: string | null;
  /** Search inside CVs: the matching words of the CV between the domain's snippet markers (fragmentoCv). */
  cvSnippet: string | null;
  vacancyId: string | null;
  vacancies: AppliedVacancyDto[];
  registered: boolean;
  userId: string | null;
  dataErased: boolean;
  /** Anonymised by the retention policy (issue 24) rather than erased by the candidate. */
  erasedByRetention: boolean;
  detail: CandidateDetailDto | null;
}

/** 1/0, true/false, 'si'/'no', '1'/'0', 'True': a yes/no of the legacy forms. */
export function yesNo(v: unknown): boolean | null {
  if (v === true || v === 1) return true;
  if (v === false || v === 0) return false;
  const t = text(v)?.toLowerCase();
  if (!t) return null;
  if (['1', 'true', 'si', 'sí', 's', 'yes'].includes(t)) return true;
  if (['0', 'false', 'no', 'n'].includes(t)) return false;
  return null;
}

function num(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[Q,\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** A date as 'YYYY-MM-DD' when it has one ('2024-03-01T…', '2024-03-01'); anything else stays as sent. */
function day(v: unknown): string | null {
  const t = text(v);
  if (!t) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(t);
  return m ? m[1]! : t;
}

function appliedVacancy(raw: unknown, fallbackDate: string | null, place: string | null): AppliedVacancyDto | null {
  const f = fieldsOf(raw);
  const name = text(pick(f, 'nombrePlaza', 'nombreVacante', 'nombre', 'plaza', 'puesto'));
  const vacancyId = id(pick(f, 'id', 'plazaId', 'vacanteId', 'idPlaza'));
  if (!name && !vacancyId) return null;
  return {
    vacancyId,
    name: name ?? 'Sin definir',
    position: text(pick(f, 'puesto', 'nombrePlaza', 'nombre')),
    appliedAt: text(pick(f, 'fechaAplicacion', 'fecha_aplicacion', 'fechaRegistro')) ?? fallbackDate,
    branchId: id(pick(f, 'sedeId', 'idSede')),
    branchName: text(pick(f, 'sede', 'sedeNombre', 'nombreSede')),
    place: text(pick(f, 'lugar')) ?? place,
  };
}

function experiences(f: Fields): CandidateExperienceDto[] {
  return listOf(pick(f, 'experiencias', 'experiencias_json', 'experiencia')).map((raw) => {
    const e = fieldsOf(raw);
    return {
      company: text(pick(e, 'empresa', 'company')),
      position: text(pick(e, 'puesto', 'position', 'cargo')),
      from: day(pick(e, 'fechaInicio', 'desde', 'inicio', 'from')),
      to: day(pick(e, 'fechaFin', 'hasta', 'fin', 'to')),
      description: text(pick(e, 'descripcion', 'description')),
    };
  });
}

function references(f: Fields): CandidateReferenceDto[] {
  const out: CandidateReferenceDto[] = [];
  for (const raw of listOf(pick(f, 'referidos', 'referencias'))) {
    const r = fieldsOf(raw);
    const tipo = text(pick(r, 'tipo', 'kind'));
    const work = tipo === '2' || tipo?.toLowerCase() === 'laboral' || pick(r, 'refNl') !== undefined;
    const name = text(pick(r, 'refNp', 'refNl', 'nombre', 'name'));
    if (!name) continue;
    out.push({ kind: work ? 'WORK' : 'PERSONAL', name, phone: text(pick(r, 'refTp', 'refTl', 'telefono', 'phone')) });
  }
  return out;
}

function detailOf(f: Fields): CandidateDetailDto {
  const files = listOf(pick(f, 'documentos', 'archivos'))
    .map((d) => normaliseCandidateFile(d, 'postulacion'))
    .filter((d): d is CandidateFileDto => d !== null);
  const photoId = id(pick(f, 'fotografiaId'));
  const photo =
    files.find((d) => d.kind === 'PHOTO') ?? (photoId ? (files.find((d) => d.id === photoId) ?? null) : null);
  return {
    dpi: text(pick(f, 'inputCui', 'dpi')),
    address: text(pick(f, 'inputDireccion', 'direccion')),
    age: num(pick(f, 'inputEdad', 'edad')),
    maritalStatus: text(pick(f, 'inputEstadocivil', 'estadoCivil')),
    educationLevel: text(pick(f, 'nivelEducativo', 'slcNivel')),
    studying: yesNo(pick(f, 'slcEstudiando', 'estudiando')),
    availableImmediately: yesNo(pick(f, 'slcDisponibilidad', 'disponibilidad')),
    salaryExpectation: num(pick(f, 'pretension', 'pretensionSalarial')),
    negotiable: yesNo(pick(f, 'slcPnegociable', 'negociable')),
    experiences: experiences(f),
    references: references(f),
    photo,
    documents: files.filter((d) => d.kind !== 'PHOTO'),
  };
}

/**
 * A candidate of any list or detail answer. Spellings of spec 3 §3 in any case (InputNombre,
 * INPUTNOMBRE, input_nombre), legacy states via the domain; null without an id. A row whose
 * data was erased never shows a name or contact data, whatever the api sent.
 */
export function normaliseCandidate(raw: unknown, options: { detail?: boolean } = {}): CandidateDto | null {
  const f = fieldsOf(raw);
  const candidateId = id(pick(f, 'id', 'postulanteId', 'idPostulante'));
  if (!candidateId) return null;
  const erased = yesNo(pick(f, 'datosEliminados', 'dataErased')) === true;
  const byRetention = erased && yesNo(pick(f, 'anonimizadaRetencion')) === true;
  const erasedName = byRetention ? RETENTION_ERASED_NAME : ERASED_NAME;
  const first = text(pick(f, 'inputNombre', 'nombre', 'nombres', 'firstName'));
  const last = text(pick(f, 'inputApellido', 'apellido', 'apellidos', 'lastName'));
  const registeredAt = text(pick(f, 'fechaRegistro', 'fecha_registro', 'fechaPostulacion', 'fechaAplicacion'));
  const applied = listOf(pick(f, 'plazasAplicadas', 'plazas'))
    .map((p) => appliedVacancy(p, registeredAt, null))
    .filter((p): p is AppliedVacancyDto => p !== null);
  const single = applied.length
    ? null
    : appliedVacancy(
        {
          id: pick(f, 'vacanteId', 'plazaId'),
          nombrePlaza: pick(f, 'nombrePlaza', 'nombreVacante', 'puesto'),
          sede: pick(f, 'sede', 'sedeNombre'),
          lugar: pick(f, 'lugar'),
        },
        registeredAt,
        null,
      );
  const vacancies = single ? [single] : applied;
  const fullName = erased ? erasedName : [first, last].filter(Boolean).join(' ') || 'Sin nombre';
  const dto: CandidateDto = {
    id: candidateId,
    firstName: erased ? erasedName : (first ?? fullName),
    lastName: erased ? null : last,
    fullName,
    email: erased ? null : text(pick(f, 'inputEmail', 'email', 'correo')),
    phone: erased ? null : text(pick(f, 'inputTelefono', 'telefono', 'phone')),
    // An unknown spelling reads as the pipeline's first state, never as an error.
    state: canonicalState(pick(f, 'estadoPostulante', 'estado', 'estatus', 'status')) ?? 'postulado',
    stateBeforeRejection: text(pick(f, 'estadoAntesRechazo')),
    registeredAt,
    cvSnippet: erased ? null : text(pick(f, 'fragmentoCv')),
    vacancyId: id(pick(f, 'vacanteId', 'plazaId')) ?? vacancies[0]?.vacancyId ?? null,
    vacancies,
    registered: yesNo(pick(f, 'esUsuarioRegistrado', 'registrado')) === true,
    userId: id(pick(f, 'usuarioCandidatoId', 'usuarioId')),
    dataErased: erased,
    erasedByRetention: byRetention,
    detail: options.detail ? detailOf(f) : null,
  };
  if (erased && dto.detail) {
    dto.detail = {
      ...dto.detail,
      dpi: null,
      address: null,
      experiences: [],
      references: [],
      photo: null,
      documents: [],
    };
  }
  return dto;
}
