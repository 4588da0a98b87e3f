import { graphql } from '../../gql';

/** The audit log (issue 24), administrators only. */
export const AUDIT_LOG = graphql(`
  query AuditLog($filter: AuditLogFilter, $page: Int!, $pageSize: Int!) {
    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {
      totalCount
      page
      pageSize
      items {
        id
        at
        actorKind
        actorName
        action
        actionLabel
        targetLabel
        detail
        address
      }
    }
  }
`);

export const VERIFY_AUDIT_LOG = graphql(`
  query VerifyAuditLog {
    verifyAuditLog {
      ok
      count
      brokenId
      brokenAt
      message
    }
  }
`);
