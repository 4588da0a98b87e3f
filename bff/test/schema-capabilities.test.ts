import { readFileSync } from 'node:fs';
import { capabilityEnums, CAPABILITIES, type Capability } from '@bolsa/domain';
import { buildSchema, GraphQLObjectType, Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../src/server.js';

/**
 * Every `@auth(roles: …)` field of schema.graphql implements one capability of domain's role
 * matrix (CAPABILITIES); its roles must be exactly that capability's. A new @auth field must be
 * added here with its capability, and a change of the matrix that the schema does not follow
 * (or the other way round) fails.
 */
const FIELD_CAPABILITY: Record<string, Capability> = {
  'Query.staffUsers': 'staffUser.manage',
  'Query.apiTokens': 'apiToken.manage',
  'Query.adminVacancies': 'vacancy.view',
  'Query.adminVacancy': 'vacancy.view',
  'Query.vacancyNameCheck': 'vacancy.create',
  'Query.testTemplates': 'testTemplate.view',
  'Query.adminEmails': 'adminEmail.view',
  'Query.myProfile': 'candidate.ownProfile',
  'Query.myApplications': 'candidate.ownProfile',
  'Query.candidates': 'candidate.view',
  'Query.candidate': 'candidate.view',
  'Query.candidatesByVacancy': 'candidate.view',
  'Query.candidateHistory': 'candidate.history',
  'Query.vacancyBoardColumn': 'candidate.view',
  'Query.assignedTests': 'candidate.view',
  'Query.documentRequest': 'candidate.ownProfile',
  'Query.funnelReport': 'report.view',
  'Query.candidateExports': 'candidate.exportLog',
  'Query.auditLog': 'audit.view',
  'Query.verifyAuditLog': 'audit.view',
  'Mutation.createStaffUser': 'staffUser.manage',
  'Mutation.updateStaffUser': 'staffUser.manage',
  'Mutation.toggleStaffUser': 'staffUser.manage',
  'Mutation.deleteStaffUser': 'staffUser.manage',
  'Mutation.createApiToken': 'apiToken.manage',
  'Mutation.revokeApiToken': 'apiToken.manage',
  'Mutation.createVacancy': 'vacancy.create',
  'Mutation.updateVacancy': 'vacancy.edit',
  'Mutation.deleteVacancy': 'vacancy.delete',
  'Mutation.setVacancyFeatured': 'vacancy.feature',
  'Mutation.createTestTemplate': 'testTemplate.edit',
  'Mutation.setTestTemplateActive': 'testTemplate.edit',
  'Mutation.deleteTestTemplate': 'testTemplate.delete',
  'Mutation.createAdminEmail': 'adminEmail.edit',
  'Mutation.updateAdminEmail': 'adminEmail.edit',
  'Mutation.setAdminEmailActive': 'adminEmail.edit',
  'Mutation.deleteAdminEmail': 'adminEmail.delete',
  'Mutation.updateMyProfile': 'candidate.ownProfile',
  'Mutation.markMyApplicationsSeen': 'candidate.ownProfile',
  'Mutation.exportMyData': 'candidate.ownProfile',
  'Mutation.deleteMyAccount': 'candidate.ownProfile',
  'Mutation.startFollowUp': 'candidate.changeState',
  'Mutation.changeCandidateState': 'candidate.changeState',
  'Mutation.moveToInduction': 'candidate.changeState',
  'Mutation.hireCandidate': 'candidate.changeState',
  'Mutation.rejectCandidate': 'candidate.changeState',
  'Mutation.bulkChangeCandidateState': 'candidate.bulkChangeState',
  'Mutation.bulkChangeCandidateTags': 'candidate.bulkTag',
  'Mutation.reactivateCandidate': 'candidate.reactivate',
  'Mutation.deleteCandidate': 'candidate.delete',
  'Mutation.assignTest': 'assignedTest.manage',
  'Mutation.setAssignedTestState': 'assignedTest.manage',
  'Mutation.recordTestResult': 'assignedTest.manage',
  'Mutation.deleteAssignedTest': 'assignedTest.manage',
  'Mutation.sendTests': 'assignedTest.manage',
  'Mutation.confirmTestsCompleted': 'assignedTest.manage',
  'Mutation.scheduleInterview': 'interview.schedule',
  'Mutation.requestDocuments': 'candidate.requestDocuments',
  'Mutation.fulfilDocumentRequest': 'candidate.ownProfile',
  'Query.tags': 'candidate.view',
  'Mutation.addCandidateNote': 'candidate.note',
  'Mutation.updateCandidateNote': 'candidate.note',
  'Mutation.deleteCandidateNote': 'candidate.note',
  'Mutation.createTag': 'candidate.tag',
  'Mutation.setCandidateTags': 'candidate.tag',
  'Query.emailTemplates': 'emailTemplate.manage',
  'Query.emailTemplateVersions': 'emailTemplate.manage',
  'Query.previewEmailTemplate': 'emailTemplate.manage',
  'Mutation.updateEmailTemplate': 'emailTemplate.manage',
  'Mutation.restoreEmailTemplate': 'emailTemplate.manage',
  'Query.retentionPreview': 'retention.manage',
  'Query.retentionRuns': 'retention.manage',
  'Mutation.runRetention': 'retention.manage',
  'Vacancy.createdAt': 'vacancy.view',
  'Mutation.submitScorecard': 'interview.scorecard',
  'Query.vacancyScorecardCriteria': 'vacancy.view',
  'Mutation.setVacancyScorecardCriteria': 'vacancy.edit',
  'Vacancy.createdBy': 'vacancy.view',
  'Vacancy.updatedBy': 'vacancy.view',
};

/** `Type.field` → the roles of its @auth directive, for every field that has one. */
function authRoles(sdl: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of Object.values(buildSchema(sdl).getTypeMap())) {
    if (!(t instanceof GraphQLObjectType) || t.name.startsWith('__')) continue;
    for (const f of Object.values(t.getFields())) {
      const arg = f.astNode?.directives?.find((d) => d.name.value === 'auth')?.arguments?.[0]?.value;
      if (arg?.kind === Kind.LIST)
        out.set(
          `${t.name}.${f.name}`,
          arg.values.map((v) => (v.kind === Kind.ENUM ? v.value : '?')),
        );
    }
  }
  return out;
}

const drift = (sdl: string, map: Record<string, Capability>) =>
  [...authRoles(sdl)].flatMap(([field, roles]) => {
    const cap = map[field];
    if (!cap) return [`${field}: no capability`];
    const want = capabilityEnums(cap);
    return [...roles].sort().join() === [...want].sort().join() ? [] : [`${field}: [${roles}] ≠ ${cap} [${want}]`];
  });

describe('schema @auth ↔ domain CAPABILITIES', () => {
  it("each @auth field's roles are exactly its capability's", () => {
    expect(drift(readFileSync(SCHEMA_PATH, 'utf8'), FIELD_CAPABILITY)).toEqual([]);
  });

  it('maps only fields and capabilities that exist', () => {
    const fields = authRoles(readFileSync(SCHEMA_PATH, 'utf8'));
    expect(Object.keys(FIELD_CAPABILITY).filter((f) => !fields.has(f))).toEqual([]);
    expect(Object.values(FIELD_CAPABILITY).filter((c) => !(c in CAPABILITIES))).toEqual([]);
  });

  it('notices a field whose roles drift from its capability, or one with none', () => {
    const sdl = `
      enum Role { ADMIN MANAGER VIEWER CANDIDATE }
      directive @auth(roles: [Role!]!) on FIELD_DEFINITION
      type Query { a: Int @auth(roles: [ADMIN, MANAGER, VIEWER]) b: Int @auth(roles: [ADMIN]) }`;
    expect(drift(sdl, { 'Query.a': 'vacancy.edit' })).toEqual([
      'Query.a: [ADMIN,MANAGER,VIEWER] ≠ vacancy.edit [ADMIN,MANAGER]',
      'Query.b: no capability',
    ]);
  });
});
