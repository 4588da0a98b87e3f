import type { Resolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { adminEmailMutations, adminEmailQueries } from './admin-email.js';
import { applicationMutations, applicationQueries } from './application.js';
import { ApiToken, apiTokenMutations, apiTokenQueries } from './api-token.js';
import { assignedTestMutations, assignedTestQueries } from './assigned-test.js';
import { branchQueries } from './branch.js';
import { bulkActionMutations } from './bulk-action.js';
import { bulkTagMutations } from './bulk-tags.js';
import { Candidate, candidateMutations, candidateQueries } from './candidate.js';
import { candidateProfileMutations, candidateProfileQueries } from './candidate-profile.js';
import { departmentQueries } from './department.js';
import { enumResolvers } from './enums.js';
import { documentRequestMutations, documentRequestQueries } from './document-request.js';
import { interviewMutations } from './interview.js';
import { funnelReportQueries } from './funnel-report.js';
import { candidateExportQueries } from './candidate-export.js';
import { auditLogQueries } from './audit-log.js';
import { retentionMutations, retentionQueries } from './retention.js';
import { healthQueries } from './health.js';
import { Municipality, municipalityQueries } from './municipality.js';
import { myApplicationMutations, myApplicationQueries } from './my-application.js';
import { CandidatePage, candidateNoteTagFields, noteTagMutations, noteTagQueries } from './notes-tags.js';
import { Viewer, sessionMutations, sessionQueries } from './session.js';
import { StaffUser, staffUserMutations, staffUserQueries } from './staff-user.js';
import { TestTemplate, testTemplateMutations, testTemplateQueries } from './test-template.js';
import { Vacancy, vacancyMutations, vacancyQueries } from './vacancy.js';
import { vacancyBoardQueries } from './vacancy-board.js';
import { emailTemplateMutations, emailTemplateQueries } from './email-template.js';
import { InterviewScorecardFields, scorecardMutations, scorecardQueries } from './scorecard.js';

/** One file per GraphQL type: its fields and the root fields that return it. */
export const resolvers: Resolvers<Context> = {
  Query: {
    ...healthQueries,
    ...vacancyQueries,
    ...branchQueries,
    ...departmentQueries,
    ...municipalityQueries,
    ...sessionQueries,
    ...staffUserQueries,
    ...apiTokenQueries,
    ...testTemplateQueries,
    ...adminEmailQueries,
    ...applicationQueries,
    ...candidateQueries,
    ...assignedTestQueries,
    ...candidateProfileQueries,
    ...myApplicationQueries,
    ...funnelReportQueries,
    ...candidateExportQueries,
    ...documentRequestQueries,
    ...noteTagQueries,
    ...vacancyBoardQueries,
    ...auditLogQueries,
    ...emailTemplateQueries,
    ...retentionQueries,
    ...scorecardQueries,
  },
  Mutation: {
    ...sessionMutations,
    ...staffUserMutations,
    ...apiTokenMutations,
    ...vacancyMutations,
    ...testTemplateMutations,
    ...adminEmailMutations,
    ...applicationMutations,
    ...candidateMutations,
    ...assignedTestMutations,
    ...candidateProfileMutations,
    ...myApplicationMutations,
    ...interviewMutations,
    ...documentRequestMutations,
    ...bulkActionMutations,
    ...bulkTagMutations,
    ...noteTagMutations,
    ...emailTemplateMutations,
    ...retentionMutations,
    ...scorecardMutations,
  },
  Vacancy,
  Municipality,
  Viewer,
  StaffUser,
  ApiToken,
  TestTemplate,
  Candidate: { ...Candidate, ...candidateNoteTagFields },
  CandidatePage,
  Interview: InterviewScorecardFields,
  ...enumResolvers,
};
