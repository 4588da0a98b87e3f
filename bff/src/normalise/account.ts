import { fieldsOf, id, pick, text } from './fields.js';

/**
 * Accounts as the api spells them (spec 1 §7 candidate login and register, spec 2 §7 staff login,
 * the internal session and token checks), both directions. Nothing here knows HTTP statuses.
 */

/** The candidate login request body. */
export const toRestCandidateLogin = (email: string, password: string) => ({ Email: email, Password: password });

/** Recruiter login: every field of the request is sent, defaults except user and password (spec 2 §3). */
export const toRestStaffLogin = (username: string, password: string) => ({
  id: 0,
  nombre: '',
  usuario_: username,
  clave: password,
  estatus: '1',
  idRol: 0,
});

/** The candidate registration request body (the input already checked by domain's registrationSchema). */
export interface Registration {
  primerNombre: string;
  segundoNombre?: string | null;
  primerApellido: string;
  segundoApellido?: string | null;
  email: string;
  password: string;
  comoSeEntero?: string | null;
  observaciones?: string | null;
  dpi: string;
}

export function toRestRegistration(v: Registration): Record<string, string> {
  return {
    PrimerNombre: v.primerNombre,
    SegundoNombre: v.segundoNombre ?? '',
    PrimerApellido: v.primerApellido,
    SegundoApellido: v.segundoApellido ?? '',
    Email: v.email.toLowerCase(),
    Password: v.password,
    ComoSeEntero: v.comoSeEntero ?? '',
    Observaciones: v.observaciones ?? '',
    Dpi: v.dpi,
  };
}

/** Display name of an account answer: nombre, nombre_completo, or the name parts. */
export function displayName(user: unknown): string {
  const f = fieldsOf(user);
  return (
    text(pick(f, 'nombre_completo', 'nombreCompleto', 'nombre')) ??
    [pick(f, 'primer_nombre'), pick(f, 'primer_apellido')].map(text).filter(Boolean).join(' ')
  );
}

/** A login answer's body: whether it says success, and the user it names. */
export interface LoginBody {
  success: boolean;
  /** The user record as the api sent it (role resolution reads it under any spelling). */
  user: unknown;
  userId: string | null;
  name: string;
  /** The e-mail the api gives back (candidates). */
  email: string | null;
  /** The user name the api gives back (staff). */
  username: string | null;
  /** Guest applications linked to the account at this login. */
  linkedApplications: number;
}

export function loginBody(body: unknown): LoginBody {
  const f = fieldsOf(body);
  const user = pick(f, 'user', 'usuario');
  const u = fieldsOf(user);
  return {
    success: pick(f, 'success') === true,
    user,
    userId: id(pick(u, 'id')),
    name: displayName(user),
    email: text(pick(u, 'email')),
    username: text(pick(u, 'usuario_', 'usuario', 'email')),
    linkedApplications: Number(pick(f, 'vinculadas') ?? 0) || 0,
  };
}

/** The api's own message in an answer body, if any. */
export function answerText(body: unknown): string | null {
  if (typeof body === 'string') return body.trim().slice(0, 300) || null;
  return text(pick(fieldsOf(body), 'message', 'mensaje', 'error'));
}

/** A registration answer: whether it says it failed, and the conflict code it names. */
export function registrationBody(body: unknown): { refused: boolean; conflict: string | null } {
  const f = fieldsOf(body);
  return { refused: pick(f, 'success') === false, conflict: text(pick(f, 'conflict')) };
}

/** The internal session check: whether the account may still hold a session, and its role. */
export function sessionStateBody(body: unknown): { active: boolean; role: unknown; user: unknown } {
  const f = fieldsOf(body);
  const activeRaw = pick(f, 'activo', 'estatus', 'active');
  return {
    active: activeRaw === true || activeRaw === 1 || activeRaw === '1' || activeRaw === 'True' || activeRaw === 'true',
    role: pick(f, 'idrol', 'rol'),
    user: body,
  };
}

/** The internal API-token check. */
export function apiTokenBody(body: unknown): { id: string; name: string; roleId: number } | null {
  const f = fieldsOf(body);
  if (pick(f, 'revocado') === true) return null;
  const tid = id(pick(f, 'id'));
  return tid ? { id: tid, name: text(pick(f, 'nombre')) ?? 'API', roleId: Number(pick(f, 'idrol')) } : null;
}

/** The candidate's own account as the Viewer shows it (null when the record has no name). */
export interface CandidateAccount {
  firstName: string;
  secondName: string | null;
  firstSurname: string;
  secondSurname: string | null;
  marriedSurname: string | null;
  howHeard: string | null;
  observations: string | null;
  registeredAt: string | null;
}

export function candidateAccount(user: unknown): CandidateAccount | null {
  const f = fieldsOf(user);
  const first = text(pick(f, 'primer_nombre'));
  if (!first) return null;
  return {
    firstName: first,
    secondName: text(pick(f, 'segundo_nombre')),
    firstSurname: text(pick(f, 'primer_apellido')) ?? '',
    secondSurname: text(pick(f, 'segundo_apellido')),
    marriedSurname: text(pick(f, 'apellido_casada')),
    howHeard: text(pick(f, 'como_se_entero')),
    observations: text(pick(f, 'observaciones')),
    registeredAt: text(pick(f, 'fecha_registro')),
  };
}
