import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-accounts.js';
import * as m0003 from './0003-backoffice.js';
import * as m0004 from './0004-sessions.js';
import * as m0010 from './0010-applications.js';
import * as m0011 from './0011-candidate-history.js';
import * as m0012 from './0012-candidate-area.js';
import * as m0013 from './0013-pipeline.js';
import * as m0015 from './0015-assigned-tests.js';
import * as m0016 from './0016-interviews.js';
import * as m0017 from './0017-document-requests.js';
import * as m0019 from './0019-inbox-search.js';
import * as m0020 from './0020-candidate-counts.js';
import * as m0021 from './0021-staged-files.js';
import * as m0022 from './0022-staged-file-owner.js';
import * as m0023 from './0023-interview-calendar.js';
import * as m0024 from './0024-linked-applications-registered.js';
import * as m0025 from './0025-session-revocations.js';
import * as m0026 from './0026-file-access-token.js';
import * as m0027 from './0027-candidate-notes.js';
import * as m0028 from './0028-candidate-tags.js';
import * as m0029 from './0029-export-records.js';
import * as m0031 from './0031-cv-text.js';
import * as m0032 from './0032-export-selection.js';
import * as m0033 from './0033-audit-log.js';
import * as m0034 from './0034-email-templates.js';
import * as m0035 from './0035-retention.js';
import * as m0036 from './0036-interview-scorecards.js';
import * as m0037 from './0037-list-changes.js';
import * as m0038 from './0038-idempotent-requests.js';

// In code rather than read from a folder: works the same under tsx, bundlers and tests.
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-accounts': m0002,
  '0003-backoffice': m0003,
  '0004-sessions': m0004,
  '0010-applications': m0010,
  '0011-candidate-history': m0011,
  '0012-candidate-area': m0012,
  '0013-pipeline': m0013,
  '0015-assigned-tests': m0015,
  '0016-interviews': m0016,
  '0017-document-requests': m0017,
  '0019-inbox-search': m0019,
  '0020-candidate-counts': m0020,
  '0021-staged-files': m0021,
  '0022-staged-file-owner': m0022,
  '0023-interview-calendar': m0023,
  '0024-linked-applications-registered': m0024,
  '0025-session-revocations': m0025,
  '0026-file-access-token': m0026,
  '0027-candidate-notes': m0027,
  '0028-candidate-tags': m0028,
  '0029-export-records': m0029,
  '0031-cv-text': m0031,
  '0032-export-selection': m0032,
  '0033-audit-log': m0033,
  '0034-email-templates': m0034,
  '0035-retention': m0035,
  '0036-interview-scorecards': m0036,
  '0037-list-changes': m0037,
  '0038-idempotent-requests': m0038,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
