/**
 * Who may call each root field, written from the specs' role tables (spec 1 §6, spec 2 §6,
 * spec 3 §6) — NOT derived from schema.graphql, so the test catches a wrong @auth.
 * Every Query and Mutation field must appear here; add each new field with its roles.
 */
export type Caller = 'anonymous' | 'candidate' | 'admin' | 'manager' | 'viewer';
export const PUBLIC: Caller[] = ['anonymous', 'candidate', 'admin', 'manager', 'viewer'];
const ADMIN_ONLY: Caller[] = ['admin'];

export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO = {
  admin: 'admin@ejemplo.org.gt',
  manager: 'gestor@ejemplo.org.gt',
  viewer: 'visualizador@ejemplo.org.gt',
  candidate: 'ana.lopez@example.com',
} as const;

/** Field → [operation with harmless arguments, callers allowed]. */
export const FIELDS: Record<string, [string, Caller[]]> = {
  'Query.health': ['{ health { ok } }', PUBLIC],
  'Query.vacancies': ['{ vacancies { totalCount } }', PUBLIC],
  'Query.vacancy': ['{ vacancy(id: "1") { id } }', PUBLIC],
  'Query.branches': ['{ branches { id } }', PUBLIC],
  'Query.departments': ['{ departments { id } }', PUBLIC],
  'Query.municipalities': ['{ municipalities(departmentId: "01") { id } }', PUBLIC],
  'Query.settings': ['{ settings { orgEmailDomain } }', PUBLIC],
  'Query.me': ['{ me { id } }', PUBLIC],
  'Query.staffUsers': ['{ staffUsers { id } }', ADMIN_ONLY],
  'Query.apiTokens': ['{ apiTokens { id } }', ADMIN_ONLY],
  'Mutation.newCaptcha': ['mutation { newCaptcha { id } }', PUBLIC],
  'Mutation.candidateLogin': ['mutation { candidateLogin(email: "", password: "") { error { __typename } } }', PUBLIC],
  'Mutation.registerCandidate': [
    `mutation { registerCandidate(input: { primerNombre: "A", primerApellido: "B", email: "a@b.co", emailConfirmation: "a@b.co",
      password: "secreto", passwordConfirmation: "secreto", dpi: "1587564440904", captchaId: "x", captchaAnswer: "x" }) { ok } }`,
    PUBLIC,
  ],
  'Mutation.staffLogin': ['mutation { staffLogin(username: "", password: "") { error { __typename } } }', PUBLIC],
  'Mutation.logout': ['mutation { logout }', PUBLIC],
  'Mutation.touchSession': ['mutation { touchSession { id } }', PUBLIC],
  'Mutation.createStaffUser': ['mutation { createStaffUser(input: { name: "", email: "x", role: VIEWER }) { error { __typename } } }', ADMIN_ONLY],
  'Mutation.updateStaffUser': [
    'mutation { updateStaffUser(id: "999999", input: { name: "X", email: "x@ejemplo.org.gt", role: VIEWER }) { error { __typename } } }',
    ADMIN_ONLY,
  ],
  'Mutation.toggleStaffUser': ['mutation { toggleStaffUser(id: "999999") { error { __typename } } }', ADMIN_ONLY],
  'Mutation.deleteStaffUser': ['mutation { deleteStaffUser(id: "999999") { ok } }', ADMIN_ONLY],
  'Mutation.createApiToken': ['mutation { createApiToken(name: "", role: VIEWER) { error { __typename } } }', ADMIN_ONLY],
  'Mutation.revokeApiToken': ['mutation { revokeApiToken(id: "999999") { ok } }', ADMIN_ONLY],
};
