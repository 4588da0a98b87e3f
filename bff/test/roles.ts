/**
 * Who may call each root field, written from the specs' role tables (spec 1 §6, spec 2 §6,
 * spec 3 §6) — NOT derived from schema.graphql, so the test catches a wrong @auth.
 * Every Query and Mutation field must appear here; add each new field with its roles.
 */
export type Caller = 'anonymous' | 'candidate' | 'admin' | 'manager' | 'viewer';
export const PUBLIC: Caller[] = ['anonymous', 'candidate', 'admin', 'manager', 'viewer'];
const ADMIN_ONLY: Caller[] = ['admin'];
/** Spec 2 §6: every staff role views; roles 1 and 2 create and edit; only role 1 deletes. */
const STAFF: Caller[] = ['admin', 'manager', 'viewer'];
const EDITORS: Caller[] = ['admin', 'manager'];
const NO_VACANCY = `{ name: "", branchId: "", description: "", active: true, requirements: [], benefits: [] }`;

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
  'Mutation.newProofOfWork': ['mutation { newProofOfWork { challenge } }', PUBLIC],
  'Mutation.candidateLogin': ['mutation { candidateLogin(email: "", password: "") { error { __typename } } }', PUBLIC],
  'Mutation.registerCandidate': [
    `mutation { registerCandidate(input: { primerNombre: "A", primerApellido: "B", email: "a@b.co", emailConfirmation: "a@b.co",
      password: "secreto", passwordConfirmation: "secreto", dpi: "1587564440904", captchaId: "x", captchaAnswer: "x" }) { ok } }`,
    PUBLIC,
  ],
  'Mutation.staffLogin': ['mutation { staffLogin(username: "", password: "") { error { __typename } } }', PUBLIC],
  'Mutation.logout': ['mutation { logout }', PUBLIC],
  'Mutation.touchSession': ['mutation { touchSession { id } }', PUBLIC],
  'Mutation.createStaffUser': [
    'mutation { createStaffUser(input: { name: "", email: "x", role: VIEWER }) { error { __typename } } }',
    ADMIN_ONLY,
  ],
  'Mutation.updateStaffUser': [
    'mutation { updateStaffUser(id: "999999", input: { name: "X", email: "x@ejemplo.org.gt", role: VIEWER }) { error { __typename } } }',
    ADMIN_ONLY,
  ],
  'Mutation.toggleStaffUser': ['mutation { toggleStaffUser(id: "999999") { error { __typename } } }', ADMIN_ONLY],
  'Mutation.deleteStaffUser': ['mutation { deleteStaffUser(id: "999999") { ok } }', ADMIN_ONLY],
  'Mutation.createApiToken': [
    'mutation { createApiToken(name: "", role: VIEWER) { error { __typename } } }',
    ADMIN_ONLY,
  ],
  'Mutation.revokeApiToken': ['mutation { revokeApiToken(id: "999999") { ok } }', ADMIN_ONLY],
  'Query.adminVacancies': ['{ adminVacancies { totalCount items { createdBy updatedBy } } }', STAFF],
  'Query.adminVacancy': ['{ adminVacancy(id: "999999") { id } }', STAFF],
  'Query.vacancyNameCheck': ['{ vacancyNameCheck(name: "Nada", branchId: "1") { exists } }', EDITORS],
  'Query.testTemplates': ['{ testTemplates { id } }', STAFF],
  'Query.adminEmails': ['{ adminEmails { id } }', STAFF],
  'Mutation.createVacancy': [
    `mutation { createVacancy(input: ${NO_VACANCY}, imageUploadId: "x") { error { __typename } } }`,
    EDITORS,
  ],
  'Mutation.updateVacancy': [
    `mutation { updateVacancy(id: "999999", input: ${NO_VACANCY}) { error { __typename } } }`,
    EDITORS,
  ],
  'Mutation.deleteVacancy': ['mutation { deleteVacancy(id: "999999") { ok } }', ADMIN_ONLY],
  'Mutation.setVacancyFeatured': [
    'mutation { setVacancyFeatured(id: "999999", featured: true) { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.createTestTemplate': [
    'mutation { createTestTemplate(input: { name: "", description: "", type: PDF, category: OTROS }) { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.setTestTemplateActive': [
    'mutation { setTestTemplateActive(id: "999999", active: true) { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.deleteTestTemplate': ['mutation { deleteTestTemplate(id: "999999") { ok } }', ADMIN_ONLY],
  'Mutation.createAdminEmail': [
    'mutation { createAdminEmail(email: "x", name: "") { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.updateAdminEmail': [
    'mutation { updateAdminEmail(id: "999999", email: "x", name: "") { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.setAdminEmailActive': [
    'mutation { setAdminEmailActive(id: "999999", active: true) { error { __typename } } }',
    EDITORS,
  ],
  // Issue 9: the duplicate check is anyone's; applying is for guests and candidates (as themselves), never staff.
  'Query.applicationCheck': ['{ applicationCheck(vacancyId: "999999", dpi: "1", email: "a@b.c") { ok } }', PUBLIC],
  // Issue 22: the application form's day, the server's.
  'Query.today': ['{ today }', PUBLIC],
  'Mutation.apply': [
    `mutation { apply(input: { vacancyId: "999999", fullName: "", dpi: "", address: "", phone: "", email: "", maritalStatus: SOLTERO, age: 0, educationLevel: PRIMARIA, studying: false, available: false, salaryExpectation: 0, negotiable: false, experiences: [], personalReferences: [], workReferences: [] }) { mode } }`,
    ['anonymous', 'candidate'],
  ],
  'Mutation.deleteAdminEmail': ['mutation { deleteAdminEmail(id: "999999") { ok } }', ADMIN_ONLY],
  // Issue 10: the candidate area is the candidate's own, never anyone else's (no user id argument).
  'Query.myProfile': ['{ myProfile { userId } }', ['candidate']],
  'Query.myApplications': ['{ myApplications { id } }', ['candidate']],
  'Mutation.updateMyProfile': [
    `mutation { updateMyProfile(input: { firstName: "", firstSurname: "", phone: "", dpi: "", birthDate: "2000-01-01", address: "", experiences: [], personalReferences: [], workReferences: [] }) { error { __typename } } }`,
    ['candidate'],
  ],
  'Mutation.markMyApplicationsSeen': ['mutation { markMyApplicationsSeen }', ['candidate']],
  'Mutation.exportMyData': ['mutation { exportMyData(password: "incorrecta") { url } }', ['candidate']],
  'Mutation.deleteMyAccount': ['mutation { deleteMyAccount(password: "incorrecta") { ok } }', ['candidate']],
  // Issue 11 (spec 3 §2.8, §6): every staff role reads the pipeline; roles 1–2 move candidates; history
  // and deletion are roles 1–2; only role 1 reactivates.
  'Query.candidates': ['{ candidates { totalCount } }', STAFF],
  'Query.candidate': ['{ candidate(id: "999999") { id } }', STAFF],
  'Query.candidatesByVacancy': ['{ candidatesByVacancy(vacancyId: "999999") { totalCount } }', STAFF],
  'Query.candidateHistory': ['{ candidateHistory { totalCount } }', EDITORS],
  // Issue 23: the vacancy board's columns are read by every staff role (role 3 read-only).
  'Query.vacancyBoardColumn': ['{ vacancyBoardColumn(vacancyId: "999999", state: APPLIED) { totalCount } }', STAFF],
  'Mutation.startFollowUp': ['mutation { startFollowUp(id: "999999") { emailQueued } }', EDITORS],
  'Mutation.changeCandidateState': [
    'mutation { changeCandidateState(id: "999999", state: FOLLOW_UP) { emailQueued } }',
    EDITORS,
  ],
  'Mutation.moveToInduction': ['mutation { moveToInduction(id: "999999") { emailQueued } }', EDITORS],
  'Mutation.hireCandidate': [
    'mutation { hireCandidate(id: "999999", date: "2030-01-01", time: "10:00", place: "Sede central") { emailQueued } }',
    EDITORS,
  ],
  'Mutation.rejectCandidate': ['mutation { rejectCandidate(id: "999999") { emailQueued } }', EDITORS],
  'Mutation.reactivateCandidate': ['mutation { reactivateCandidate(id: "999999") { emailQueued } }', ADMIN_ONLY],
  'Mutation.deleteCandidate': ['mutation { deleteCandidate(id: "999999") { ok } }', EDITORS],
  // Issue 23: bulk moves are roles 1–2; role 3 changes nothing.
  'Mutation.bulkChangeCandidateState': [
    'mutation { bulkChangeCandidateState(selection: { candidateIds: ["999999"] }, state: FOLLOW_UP, dryRun: true) { total } }',
    EDITORS,
  ],
  // Issue 23: bulk tag actions are roles 1–2 like one candidate's tags; role 3 changes nothing.
  'Mutation.bulkChangeCandidateTags': [
    'mutation { bulkChangeCandidateTags(selection: { candidateIds: ["999999"] }, add: ["999999"], dryRun: true) { total } }',
    EDITORS,
  ],
  // Issue 12: tests, interviews and document requests are moved by roles 1–2 and read by every staff
  // role; the signed document-request link is the candidate's; the funnel report is roles 1–2.
  'Query.documentRequest': ['{ documentRequest(token: "x") { id } }', ['candidate']],
  'Query.funnelReport': ['{ funnelReport(from: "2026-01-01", to: "2026-12-31") { overall { total } } }', EDITORS],
  // Issue 23: the log of candidate-list exports is the administrator's.
  'Query.candidateExports': ['{ candidateExports { totalCount } }', ADMIN_ONLY],
  // Issue 24: the audit log and its verification are the administrator's.
  'Query.auditLog': ['{ auditLog(pageSize: 1) { totalCount } }', ADMIN_ONLY],
  'Query.verifyAuditLog': ['{ verifyAuditLog { ok } }', ADMIN_ONLY],
  'Mutation.requestDocuments': [
    'mutation { requestDocuments(candidateId: "999999", documents: [CURRICULUM], comment: "Actualiza tu CV") { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.fulfilDocumentRequest': [
    'mutation { fulfilDocumentRequest(token: "x", uploads: []) { ok } }',
    ['candidate'],
  ],
  'Query.assignedTests': ['{ assignedTests(candidateId: "999999") { id } }', STAFF],
  'Mutation.assignTest': [
    'mutation { assignTest(input: { candidateId: "999999", templateId: "999999", deadline: "2099-01-01" }) { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.setAssignedTestState': [
    'mutation { setAssignedTestState(id: "999999", state: CANCELADA) { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.recordTestResult': [
    'mutation { recordTestResult(id: "999999", text: "x") { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.deleteAssignedTest': ['mutation { deleteAssignedTest(id: "999999") { ok } }', EDITORS],
  'Mutation.sendTests': ['mutation { sendTests(candidateId: "999999") { ok } }', EDITORS],
  'Mutation.confirmTestsCompleted': [
    'mutation { confirmTestsCompleted(candidateId: "999999") { emailQueued } }',
    EDITORS,
  ],
  'Mutation.scheduleInterview': [
    'mutation { scheduleInterview(input: { candidateId: "999999", mode: PRESENCIAL, date: "2099-01-01", from: "10:00", to: "11:00", participants: [] }) { meetingLink } }',
    EDITORS,
  ],
  // Issue 23: notes and tags are written by roles 1–2 and read by every staff role; candidates and
  // guests reach neither.
  'Query.tags': ['{ tags { id } }', STAFF],
  'Mutation.addCandidateNote': [
    'mutation { addCandidateNote(candidateId: "999999", text: "Llamada") { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.updateCandidateNote': [
    'mutation { updateCandidateNote(id: "999999", text: "Llamada") { error { __typename } } }',
    EDITORS,
  ],
  'Mutation.deleteCandidateNote': ['mutation { deleteCandidateNote(id: "999999") { ok } }', EDITORS],
  'Mutation.createTag': ['mutation { createTag(name: "", color: "red") { error { __typename } } }', EDITORS],
  'Mutation.setCandidateTags': [
    'mutation { setCandidateTags(candidateId: "999999", tagIds: []) { error { __typename } } }',
    EDITORS,
  ],
  // Issue 24: the e-mail templates are the administrator's; roles 2 and 3, candidates and guests reach none.
  'Query.emailTemplates': ['{ emailTemplates { key } }', ADMIN_ONLY],
  'Query.emailTemplateVersions': ['{ emailTemplateVersions(key: "no-existe") { id } }', ADMIN_ONLY],
  'Query.previewEmailTemplate': [
    '{ previewEmailTemplate(key: "estado-postulado", subject: "Hola", body: "Hola") { error { __typename } } }',
    ADMIN_ONLY,
  ],
  'Mutation.updateEmailTemplate': [
    'mutation { updateEmailTemplate(key: "no-existe", subject: "Hola", body: "Hola") { error { __typename } } }',
    ADMIN_ONLY,
  ],
  'Mutation.restoreEmailTemplate': [
    'mutation { restoreEmailTemplate(key: "no-existe") { error { __typename } } }',
    ADMIN_ONLY,
  ],
  // Issue 24: retention (its preview, runs and 'Ejecutar ahora') is the administrator's. The run is
  // harmless on the tests' fresh demo data: nothing is old enough.
  'Query.retentionPreview': ['{ retentionPreview { anonymise } }', ADMIN_ONLY],
  'Query.retentionRuns': ['{ retentionRuns { id } }', ADMIN_ONLY],
  'Mutation.runRetention': ['mutation { runRetention { error { __typename } } }', ADMIN_ONLY],
  // Issue 24: interview scorecards are filled by roles 1–2 (participants, checked by the api);
  // Interview.scorecards and its summary are read through Query.candidate by every staff role.
  'Mutation.submitScorecard': [
    'mutation { submitScorecard(input: { interviewId: "999999", ratings: [{ criterion: "Comunicación", score: 4 }], recommendation: DUDOSO }) { error { __typename } scorecard { id } } }',
    EDITORS,
  ],
  'Query.vacancyScorecardCriteria': ['{ vacancyScorecardCriteria(vacancyId: "999999") }', STAFF],
  'Mutation.setVacancyScorecardCriteria': [
    'mutation { setVacancyScorecardCriteria(vacancyId: "999999", criteria: []) { error { __typename } } }',
    EDITORS,
  ],
};

/** Fields of object types that only staff may read, even inside public queries. */
export const STAFF_ONLY_FIELDS = ['Vacancy.createdBy', 'Vacancy.updatedBy', 'Vacancy.createdAt'];
