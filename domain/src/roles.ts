/** Role ids of spec 1 §6 / spec 2 §6. 4 is the candidate; 1–3 are staff. */
export const ROLE = { ADMIN: 1, MANAGER: 2, VIEWER: 3, CANDIDATE: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export type StaffRoleId = 1 | 2 | 3;

export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4];
export const STAFF_ROLE_IDS: readonly StaffRoleId[] = [1, 2, 3];

export const ROLE_LABEL: Record<RoleId, string> = {
  1: 'Administrador',
  2: 'Gestor',
  3: 'Visualizador',
  4: 'Candidato',
};

/** The role assumed when a user object carries none (spec 2 §6). */
export const DEFAULT_ROLE: StaffRoleId = 3;

/** Who acts, as the BFF names it to the api (rol, usuarioId): the api's answers to bad values. */
export const ACTOR_MESSAGES = {
  roleInvalid: 'El rol indicado no es válido.',
  userInvalid: 'El usuario indicado no es válido.',
} as const;

export function isStaffRole(role: number | null | undefined): role is StaffRoleId {
  return role === 1 || role === 2 || role === 3;
}

/** The GraphQL `Role` enum values (schema.graphql) and the specs' role ids, both ways. */
export const ROLE_ENUM = ['ADMIN', 'MANAGER', 'VIEWER', 'CANDIDATE'] as const;
export type RoleEnum = (typeof ROLE_ENUM)[number];
export type StaffRoleEnum = Exclude<RoleEnum, 'CANDIDATE'>;
export const STAFF_ROLE_ENUM_VALUES = ['ADMIN', 'MANAGER', 'VIEWER'] as const;

export const ROLE_ID_OF_ENUM = { ADMIN: 1, MANAGER: 2, VIEWER: 3, CANDIDATE: 4 } as const satisfies Record<
  RoleEnum,
  RoleId
>;
export const ROLE_ENUM_OF_ID: Record<RoleId, RoleEnum> = { 1: 'ADMIN', 2: 'MANAGER', 3: 'VIEWER', 4: 'CANDIDATE' };

/** The role id of a GraphQL enum value; null for anything else (never a silent default). */
export function roleFromEnum(value: unknown): RoleId | null {
  return typeof value === 'string' && Object.hasOwn(ROLE_ID_OF_ENUM, value) ? ROLE_ID_OF_ENUM[value as RoleEnum] : null;
}

/** The role id written as the REST api sends it (1, '2', ' 3 '); null when it is none of 1–4. */
export function roleFromId(value: unknown): RoleId | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d\s*$/.test(value) ? Number(value) : NaN;
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : null;
}

/**
 * The role a staff login answer resolves to (spec 2 §6): a value that is not a number, below 1
 * or above 3 reads as 3 (Visualizador); on session restore 4 (a candidate) stays 4.
 */
export function staffRoleOrDefault(value: unknown, onRestore = false): RoleId {
  const r = roleFromId(value);
  if (r === null) return DEFAULT_ROLE;
  if (r === 4) return onRestore ? 4 : DEFAULT_ROLE;
  return r;
}

/** Staff roles as the selects offer them (users screen, API tokens). */
export const STAFF_ROLE_OPTIONS: readonly { value: StaffRoleEnum; id: StaffRoleId; label: string }[] = [
  { value: 'ADMIN', id: 1, label: 'Administrador' },
  { value: 'MANAGER', id: 2, label: 'Gestor' },
  { value: 'VIEWER', id: 3, label: 'Visualizador' },
];
/** New users are Visualizador (spec 2 §9). */
export const DEFAULT_STAFF_ROLE_ENUM: StaffRoleEnum = 'VIEWER';

export function roleLabelOf(role: RoleId | RoleEnum): string {
  return ROLE_LABEL[typeof role === 'number' ? role : ROLE_ID_OF_ENUM[role]];
}

const STAFF = [1, 2, 3] as const satisfies readonly RoleId[];
const EDITORS = [1, 2] as const satisfies readonly RoleId[];
const ADMINS = [1] as const satisfies readonly RoleId[];

/**
 * The role matrix of spec 2 §6 and spec 3 §6/§2.8: who may do what. The bff's `@auth` directives,
 * the api's checks and the web's buttons all read it. Rows the specs leave open are decided here
 * and marked.
 */
export const CAPABILITIES = {
  /** Vacancy list and detail in the panel. */
  'vacancy.view': STAFF,
  'vacancy.create': EDITORS,
  'vacancy.edit': EDITORS,
  'vacancy.delete': ADMINS,
  /** Not shown in the spec: editors, like create/edit. */
  'vacancy.feature': EDITORS,
  'testTemplate.view': STAFF,
  'testTemplate.edit': EDITORS,
  'testTemplate.delete': ADMINS,
  /** "Anyone can download an assessment file" (anyone on the panel). */
  'testTemplate.download': STAFF,
  'adminEmail.view': STAFF,
  'adminEmail.edit': EDITORS,
  'adminEmail.delete': ADMINS,
  'staffUser.manage': ADMINS,
  /** Integration API tokens (spec 2 §2.8): the administrator, like staff users. */
  'apiToken.manage': ADMINS,
  'candidate.view': STAFF,
  /** Every state change; role 3 changes nothing (issue 11). */
  'candidate.changeState': EDITORS,
  'candidate.reactivate': ADMINS,
  /** "Anyone there [in the history, roles 1–2] can view the CV and delete." */
  'candidate.delete': EDITORS,
  'candidate.history': EDITORS,
  'candidate.requestDocuments': EDITORS,
  'assignedTest.manage': EDITORS,
  'interview.schedule': EDITORS,
  /** Issue 23: notes on a candidate and the tags on them are written by roles 1–2 (role 3 reads). */
  'candidate.note': EDITORS,
  'candidate.tag': EDITORS,
  /** The funnel report and its CSV (issue 12). */
  'report.view': EDITORS,
  /** Bulk state changes in the inbox and a vacancy's list (issue 23): who moves candidates. */
  'candidate.bulkChangeState': EDITORS,
  /** Adding and removing tags on many candidates at once (issue 23): roles 1–2, like one candidate's tags. */
  'candidate.bulkTag': EDITORS,
  /** Candidate lists to CSV/XLSX (issue 23): roles 1–2; the log of every export: the administrator. */
  'candidate.export': EDITORS,
  'candidate.exportLog': ADMINS,
  /** The audit log (issue 24): reading, verifying and exporting it — the administrator only. */
  'audit.view': ADMINS,
  /** The candidate's own area (spec 1 §6). */
  'candidate.ownProfile': [4],
  /** Applying to a vacancy and uploading its files (spec 1 §5): candidates; guests too (files.ts). */
  'candidate.apply': [4],
  /** The e-mail templates (issue 24): read, edit, preview, restore: the administrator. */
  'emailTemplate.manage': ADMINS,
  /** Retention of personal data (issue 24): the preview, the runs and 'Ejecutar ahora' — the administrator. */
  'retention.manage': ADMINS,
  /** Interview scorecards (issue 24): roles 1–2 who took part fill their own card; role 3 reads them. */
  'interview.scorecard': EDITORS,
} as const satisfies Record<string, readonly RoleId[]>;
export type Capability = keyof typeof CAPABILITIES;

export function can(role: RoleId | null | undefined, capability: Capability): boolean {
  return role !== null && role !== undefined && (CAPABILITIES[capability] as readonly RoleId[]).includes(role);
}

/** The GraphQL `@auth(roles: …)` list of a capability. */
export function capabilityEnums(capability: Capability): RoleEnum[] {
  return (CAPABILITIES[capability] as readonly RoleId[]).map((r) => ROLE_ENUM_OF_ID[r]);
}

/** Who may open a route: role ids, 'anonymous' for a visitor without session, or 'anyone'. */
export type Audience = RoleId | 'anonymous';
export interface RouteRule {
  path: string;
  audience: readonly Audience[] | 'anyone';
}

/**
 * The route table of spec 1 §2.1, spec 2 §2 and spec 3 §2.8 (path patterns as React Router
 * writes them). The web's router and guard are built from it.
 */
export const ROUTES = [
  { path: '/', audience: ['anonymous', 4] },
  { path: '/vacantes', audience: ['anonymous', 4] },
  { path: '/perfil', audience: [4] },
  // The document-update e-mail's link (issue 12): without session the page asks to log in first.
  { path: '/perfil/documentos/:token', audience: ['anonymous', 4] },
  { path: '/reclutadores/login', audience: 'anyone' },
  { path: '/preguntas-frecuentes', audience: 'anyone' },
  { path: '/vista-previa', audience: STAFF },
  { path: '/panel', audience: STAFF },
  { path: '/panel/plazas', audience: STAFF },
  { path: '/panel/plazas/candidatos/:id', audience: STAFF },
  // The vacancy's board (issue 23): role 3 sees it read-only.
  { path: '/panel/plazas/:id/tablero', audience: STAFF },
  { path: '/panel/candidatoporplaza', audience: STAFF },
  { path: '/panel/detallecandidato/:id', audience: STAFF },
  { path: '/panel/candidatos', audience: STAFF },
  { path: '/panel/plazas/vista-vacante', audience: STAFF },
  { path: '/panel/asignacionpruebas/:id', audience: STAFF },
  { path: '/panel/asignacionentrevista/:id', audience: STAFF },
  { path: '/panel/plazas/crear', audience: EDITORS },
  { path: '/panel/plazas/crear-vacante', audience: EDITORS },
  { path: '/panel/plazas/editar', audience: EDITORS },
  { path: '/panel/plazas/editar-vacante', audience: EDITORS },
  { path: '/panel/historial', audience: EDITORS },
  { path: '/panel/reportes', audience: EDITORS },
  { path: '/panel/usuarios', audience: ADMINS },
  // The e-mail templates (issue 24).
  { path: '/panel/plantillas', audience: ADMINS },
  { path: '/panel/auditoria', audience: ADMINS },
  // Retention of personal data (issue 24).
  { path: '/panel/retencion', audience: ADMINS },
] as const satisfies readonly RouteRule[];

function matchesPattern(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The rule of a path, or null when the table does not know it (the catch-all decides). */
export function routeRule(pathname: string): RouteRule | null {
  return ROUTES.find((r) => matchesPattern(r.path, pathname)) ?? null;
}

/** Where a visitor with `role` (null: anonymous) lands on an address the table does not know. */
export function homeOf(role: RoleId | null): string {
  if (role === null) return '/';
  return role === 4 ? '/perfil' : '/panel';
}

/**
 * The route guard (spec 1 §2.1, spec 2 §2): where `role` (null: anonymous) is sent when it opens
 * `pathname`, or null to let it stay. Unknown paths go home. A candidate on a staff address goes
 * to /perfil: /panel would refuse it too, and the spec's literal rule would loop.
 */
export function routeRedirect(pathname: string, role: RoleId | null): string | null {
  const rule = routeRule(pathname);
  if (!rule) return homeOf(role) === pathname ? null : homeOf(role);
  if (rule.audience === 'anyone') return null;
  const audience = rule.audience as readonly Audience[];
  if (role === null) return audience.includes('anonymous') ? null : '/';
  if (audience.includes(role)) return null;
  if (role === 4) return '/perfil';
  return '/panel';
}

/** Staff navigation links (spec 1 §2.2, spec 2 §2), each with the roles that see it. */
export const STAFF_NAV = [
  { path: '/panel', label: 'Panel', roles: STAFF },
  { path: '/panel/plazas', label: 'Plazas', roles: STAFF },
  { path: '/panel/candidatos', label: 'Candidatos', roles: STAFF },
  { path: '/panel/historial', label: 'Historial', roles: EDITORS },
  { path: '/panel/reportes', label: 'Reportes', roles: EDITORS },
  { path: '/panel/usuarios', label: 'Usuarios', roles: ADMINS },
  { path: '/panel/plantillas', label: 'Plantillas', roles: ADMINS },
  { path: '/panel/auditoria', label: 'Auditoría', roles: ADMINS },
  { path: '/panel/retencion', label: 'Retención', roles: ADMINS },
] as const satisfies readonly { path: string; label: string; roles: readonly RoleId[] }[];

export function navLinksFor(role: RoleId | null): { path: string; label: string }[] {
  if (role === 4) return [{ path: '/perfil', label: 'Mi Perfil' }];
  if (role === null) return [];
  return STAFF_NAV.filter((l) => (l.roles as readonly RoleId[]).includes(role)).map(({ path, label }) => ({
    path,
    label,
  }));
}
