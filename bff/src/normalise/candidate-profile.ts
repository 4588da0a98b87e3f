import { canonicalState, isEntityId, toCalendarDate, type CandidateState } from '@bolsa/domain';
import { normaliseCandidateFile, type CandidateDocumentKind, type CandidateFileDto } from './candidate-file.js';
import { fieldsOf, id, listOf, pick, text } from './fields.js';
import { normaliseApplicationInterview, type ApplicationInterviewDto } from './interview.js';

export interface ProfileExperienceDto {
  company: string;
  position: string;
  from: string | null;
  to: string | null;
  description: string | null;
}
export interface ProfileReferenceDto {
  name: string;
  phone: string;
}

/** CandidateProfile of schema.graphql. */
export interface CandidateProfileDto {
  userId: string;
  firstName: string | null;
  secondName: string | null;
  firstSurname: string | null;
  secondSurname: string | null;
  marriedSurname: string | null;
  fullName: string;
  email: string;
  phone: string | null;
  dpi: string | null;
  birthDate: string | null;
  address: string | null;
  observations: string | null;
  registeredAt: string | null;
  complete: boolean;
  photo: CandidateFileDto | null;
  curriculum: CandidateFileDto | null;
  dpiFile: CandidateFileDto | null;
  policeRecord: CandidateFileDto | null;
  criminalRecord: CandidateFileDto | null;
  experiences: ProfileExperienceDto[];
  personalReferences: ProfileReferenceDto[];
  workReferences: ProfileReferenceDto[];
}

/** A JSON list that may come as a list or as JSON text (experiencias_json, referidos_*_json). */
function rows(raw: unknown): ReturnType<typeof fieldsOf>[] {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return (Array.isArray(v) ? v : []).map((r) => fieldsOf(r));
}

const flag = (v: unknown) =>
  v === true || v === 1 || v === '1' || (typeof v === 'string' && v.toLowerCase() === 'true');

/** GET /PerfilCandidato/profile/{userId}, in any of the spellings the api may use. */
export function normaliseCandidateProfile(raw: unknown, fallbackUserId: string): CandidateProfileDto | null {
  const f = fieldsOf(raw);
  const email = text(pick(f, 'email', 'correo', 'usuario_'));
  if (!email) return null;
  const files = listOf(pick(f, 'archivos', 'documentos'))
    .map((x) => normaliseCandidateFile(x, 'perfil'))
    .filter((x): x is CandidateFileDto => x !== null);
  const fileOf = (kind: CandidateDocumentKind, ...idNames: string[]) => {
    const found = files.find((x) => x.kind === kind);
    if (found) return found;
    // An api that gives only the id: the file is still reachable through the authorised route.
    const fid = idNames.length ? id(pick(f, ...idNames)) : null;
    return fid ? normaliseCandidateFile({ id: fid, tipo: kind }, 'perfil') : null;
  };
  const names = [
    text(pick(f, 'primer_nombre', 'primerNombre')),
    text(pick(f, 'segundo_nombre', 'segundoNombre')),
    text(pick(f, 'primer_apellido', 'primerApellido')),
    text(pick(f, 'segundo_apellido', 'segundoApellido')),
  ];
  return {
    userId: id(pick(f, 'id', 'userId', 'usuarioId')) ?? fallbackUserId,
    firstName: names[0]!,
    secondName: names[1]!,
    firstSurname: names[2]!,
    secondSurname: names[3]!,
    marriedSurname: text(pick(f, 'apellido_casada', 'apellidoCasada')),
    fullName: text(pick(f, 'nombre_completo', 'nombreCompleto')) ?? names.filter(Boolean).join(' '),
    email: email.toLowerCase(),
    phone: text(pick(f, 'telefono')),
    dpi: text(pick(f, 'dpi')),
    birthDate: toCalendarDate(pick(f, 'fecha_nacimiento', 'fechaNacimiento')),
    address: text(pick(f, 'direccion_completa', 'direccionCompleta', 'direccion')),
    observations: text(pick(f, 'observaciones')),
    registeredAt: text(pick(f, 'fecha_registro', 'fechaRegistro')),
    complete: flag(pick(f, 'perfil_completado', 'perfilCompletado')),
    photo: fileOf('PHOTO'),
    curriculum: fileOf('CURRICULUM', 'curriculum_id', 'curriculumId'),
    dpiFile: fileOf('DPI', 'dpi_archivo_id', 'dpiArchivoId'),
    policeRecord: fileOf('POLICE_RECORD', 'antecedentes_policiales_id', 'antecedentesPolicialesId'),
    criminalRecord: fileOf('CRIMINAL_RECORD', 'antecedentes_penales_id', 'antecedentesPenalesId'),
    experiences: rows(pick(f, 'experiencias_json', 'experienciasJson', 'experiencias')).map((r) => ({
      company: text(pick(r, 'Empresa', 'company')) ?? '',
      position: text(pick(r, 'Puesto', 'position')) ?? '',
      from: toCalendarDate(pick(r, 'Desde', 'from')),
      to: toCalendarDate(pick(r, 'Hasta', 'to')),
      description: text(pick(r, 'Descripcion', 'description')),
    })),
    personalReferences: rows(
      pick(f, 'referidos_personales_json', 'referidosPJson', 'referidos_p_json', 'referidosPersonales'),
    ).map((r) => ({
      name: text(pick(r, 'RefNp', 'nombre', 'name')) ?? '',
      phone: text(pick(r, 'RefTp', 'telefono', 'phone')) ?? '',
    })),
    workReferences: rows(
      pick(f, 'referidos_laborales_json', 'referidosLJson', 'referidos_l_json', 'referidosLaborales'),
    ).map((r) => ({
      name: text(pick(r, 'RefNl', 'nombre', 'name')) ?? '',
      phone: text(pick(r, 'RefTl', 'telefono', 'phone')) ?? '',
    })),
  };
}

/** One of GET /mis-postulaciones/{userId}'s postulaciones; place is still 'municipio:departamento' or text. */
export interface MyApplicationDto {
  id: string;
  /** null: a state this product does not know (spec 1 §4 'any other'). */
  state: CandidateState | null;
  previousState: CandidateState | null;
  vacancyId: string | null;
  vacancyName: string | null;
  appliedAt: string | null;
  branchId: string | null;
  branchName: string | null;
  place: string | null;
  /** The latest interview (issue 12), when one is scheduled. */
  interview: ApplicationInterviewDto | null;
}

/**
 * Legacy state spellings ('En revisión', 'pruebas tecnicas', 'en entrevista') through the domain's
 * canonicalState; the state last seen becomes previousState only when it differs. No state written
 * is postulado (spec 3 §4.1, the default); a value it does not know is no state, so the card gives
 * the message for 'any other' (spec 1 §4) instead of postulado's.
 */
export function normaliseMyApplication(raw: unknown): MyApplicationDto | null {
  const f = fieldsOf(raw);
  const aid = id(pick(f, 'id', 'postulanteId', 'idPostulante'));
  if (!aid) return null;
  const written = pick(f, 'estadoPostulante', 'estado', 'estado_postulante');
  const current = text(written) === null ? 'postulado' : canonicalState(written);
  const seen = canonicalState(pick(f, 'estadoVisto', 'estado_visto'));
  const vacancy = fieldsOf(listOf(pick(f, 'plazasAplicadas', 'plazas_aplicadas'))[0]);
  return {
    id: aid,
    state: current ?? null,
    previousState: seen && current && seen !== current ? seen : null,
    vacancyId: id(pick(vacancy, 'plazaId', 'idPlaza', 'vacanteId', 'id')) ?? id(pick(f, 'plazaId', 'vacanteId')),
    vacancyName: text(pick(vacancy, 'nombrePlaza', 'nombre', 'nombreVacante')) ?? text(pick(f, 'nombrePlaza')),
    appliedAt:
      text(pick(vacancy, 'fechaAplicacion', 'fecha_aplicacion', 'fechaRegistro')) ??
      text(pick(f, 'fechaAplicacion', 'fechaRegistro', 'fecha_aplicacion')),
    branchId: id(pick(vacancy, 'sede', 'sedeId', 'idSede')),
    branchName: text(pick(vacancy, 'sedeNombre', 'nombreSede')),
    place: text(pick(vacancy, 'lugar')),
    interview: normaliseApplicationInterview(pick(f, 'entrevista')),
  };
}

/** What the BFF's file route needs to decide who may see a file. */
export interface CandidateFileOwnerDto {
  ownerUserId: string | null;
  applicationId: string | null;
  file: CandidateFileDto;
}

export function normaliseFileOwner(raw: unknown, scope: 'perfil' | 'postulacion'): CandidateFileOwnerDto | null {
  const f = fieldsOf(raw);
  const file = normaliseCandidateFile(raw, scope);
  if (!file) return null;
  return {
    ownerUserId: id(pick(f, 'usuarioCandidatoId', 'usuario_candidato_id', 'userId')),
    applicationId: id(pick(f, 'postulanteId', 'postulante_id')),
    file,
  };
}

/** GET /mis-postulaciones/{userId}: bare, or under `postulaciones`, `data`, `items`… */
export function normaliseMyApplicationList(raw: unknown): MyApplicationDto[] {
  return listOf(raw, 'postulaciones')
    .map(normaliseMyApplication)
    .filter((a): a is MyApplicationDto => a !== null);
}

/**
 * POST /PerfilCandidato/completar-perfil: `success: false` is a refusal; the stored profile comes
 * back under `perfil` or `profile` (or not at all).
 */
export function normaliseProfileSave(
  raw: unknown,
  userId: string,
): { refused: true } | { refused: false; profile: CandidateProfileDto | null } {
  const f = fieldsOf(raw);
  if (pick(f, 'success') === false) return { refused: true };
  const perfil = pick(f, 'perfil', 'profile');
  return { refused: false, profile: perfil ? normaliseCandidateProfile(perfil, userId) : null };
}

export interface ExportedFileDto {
  scope: 'perfil' | 'postulacion';
  id: string;
  kind: string;
  name: string;
}

/** The file list of 'Mis datos' (`archivos: [{ scope, id, tipo, nombre }]`); entries without an id are dropped. */
export function normaliseExportFiles(raw: unknown): ExportedFileDto[] {
  return listOf(pick(fieldsOf(raw), 'archivos'))
    .map((x) => fieldsOf(x))
    .map((x) => ({
      scope: pick(x, 'scope') === 'postulacion' ? ('postulacion' as const) : ('perfil' as const),
      id: String(pick(x, 'id') ?? ''),
      kind: String(pick(x, 'tipo') ?? 'archivo'),
      name: String(pick(x, 'nombre') ?? 'archivo'),
    }))
    .filter((x) => isEntityId(x.id));
}
