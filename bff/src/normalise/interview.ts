import { fieldsOf, id, listOf, pick, text } from './fields.js';

export interface InterviewDto {
  id: string;
  candidateId: string;
  mode: 'VIRTUAL' | 'PRESENCIAL';
  date: string;
  from: string;
  to: string;
  participants: string[];
  observations: string | null;
  branchId: string | null;
  branchName: string | null;
  address: string | null;
  room: string | null;
  interviewer: string | null;
  meetingLink: string | null;
  organiserEmail: string | null;
  createdAt: string;
  /** The staff member who scheduled it (timeline 'by'). */
  byName: string | null;
}

/** An interview of the api (spec 3 §3 names); null when it has no id, date or times. */
export function normaliseInterview(raw: unknown): InterviewDto | null {
  const f = fieldsOf(raw);
  const key = id(pick(f, 'id'));
  const candidateId = id(pick(f, 'candidatoId', 'postulanteId'));
  const date = text(pick(f, 'fechaEntrevista', 'fecha'))?.slice(0, 10) ?? null;
  const from = text(pick(f, 'horaInicio'));
  const to = text(pick(f, 'horaFin'));
  if (!key || !candidateId || !date || !from || !to) return null;
  const mode = text(pick(f, 'modalidad'))?.toUpperCase() === 'VIRTUAL' ? 'VIRTUAL' : 'PRESENCIAL';
  return {
    id: key,
    candidateId,
    mode,
    date,
    from,
    to,
    participants: listOf(pick(f, 'participantes')).flatMap((p) => (typeof p === 'string' ? [p] : [])),
    observations: text(pick(f, 'observaciones')),
    branchId: id(pick(f, 'sedeId')),
    branchName: text(pick(f, 'sedeNombre')),
    address: text(pick(f, 'direccion')),
    room: text(pick(f, 'sala')),
    interviewer: text(pick(f, 'entrevistador')),
    meetingLink: text(pick(f, 'meetingLink', 'enlace')),
    organiserEmail: text(pick(f, 'organizadorEmail')),
    createdAt: text(pick(f, 'creadoEn')) ?? '',
    byName: text(pick(f, 'usuarioNombre')),
  };
}

/** Sede + dirección + sala, or the meeting link (the candidate's card, the invitation's location). */
export function interviewPlace(
  i: Pick<InterviewDto, 'branchName' | 'address' | 'room' | 'meetingLink'>,
): string | null {
  if (i.meetingLink) return i.meetingLink;
  return [i.branchName, i.address, i.room ? `Sala: ${i.room}` : null].filter(Boolean).join(' · ') || null;
}

/** MyApplication.interview: when and where (the candidate's card). */
export interface ApplicationInterviewDto {
  date: string;
  from: string;
  to: string;
  mode: string;
  place: string | null;
}

export function normaliseApplicationInterview(raw: unknown): ApplicationInterviewDto | null {
  const f = fieldsOf(raw);
  const date = text(pick(f, 'fechaEntrevista', 'fecha'))?.slice(0, 10) ?? null;
  const from = text(pick(f, 'horaInicio'));
  const to = text(pick(f, 'horaFin'));
  if (!date || !from || !to) return null;
  return {
    date,
    from,
    to,
    mode: text(pick(f, 'modalidad'))?.toUpperCase() === 'VIRTUAL' ? 'VIRTUAL' : 'PRESENCIAL',
    place: interviewPlace({
      branchName: text(pick(f, 'sedeNombre')),
      address: text(pick(f, 'direccion')),
      room: text(pick(f, 'sala')),
      meetingLink: text(pick(f, 'meetingLink', 'enlace')),
    }),
  };
}

/** GET /internal/entrevista/postulante/{id}: bare, or under `data`, `items`… */
export function normaliseInterviewList(raw: unknown): InterviewDto[] {
  return listOf(raw).flatMap((x) => normaliseInterview(x) ?? []);
}

/** POST /entrevista/crear-*: the interview under `entrevista` and the Teams `meetingLink`. */
export function normaliseScheduleAnswer(raw: unknown): { interview: InterviewDto | null; meetingLink: string | null } {
  const f = fieldsOf(raw);
  return { interview: normaliseInterview(pick(f, 'entrevista')), meetingLink: text(pick(f, 'meetingLink')) };
}

/**
 * A refused scheduling: the message (`error` or `message`), Microsoft Graph's `details`, the
 * field at fault (`campo`) and a dialog `title` (Teams not authorised).
 */
export interface ScheduleRefusalBody {
  message: string | null;
  details: string | null;
  field: string | null;
  title: string | null;
}

export function normaliseScheduleRefusal(body: unknown): ScheduleRefusalBody {
  const f = fieldsOf(body);
  return {
    message: text(pick(f, 'error', 'message')),
    details: text(pick(f, 'details')),
    field: text(pick(f, 'campo')),
    title: text(pick(f, 'title')),
  };
}
