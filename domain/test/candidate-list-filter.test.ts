import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_LIST_FILTER_MESSAGES as M,
  CANDIDATE_EXPORT_MESSAGES,
  parseCandidateListFilter,
  readCandidateExportQuery,
  BULK_MESSAGES,
} from '../src/index.js';

describe("the lists' one filter (issue 23)", () => {
  it("reads every tier's spelling into one shape, tags included", () => {
    expect(
      parseCandidateListFilter({ list: 'VACANCY', vacancyId: '12', state: 'FOLLOW_UP', tagIds: ['3', 3, '7'] }),
    ).toEqual({
      ok: true,
      value: { list: 'vacancy', vacancyId: '12', state: 'en seguimiento', search: null, tagIds: ['3', '7'] },
    });
    expect(
      parseCandidateListFilter({ list: 'activos', state: 'en seguimiento', search: ' ana ', tagIds: '4,5' }),
    ).toMatchObject({ ok: true, value: { list: 'inbox', search: 'ana', tagIds: ['4', '5'] } });
  });

  it('refuses what the lists refuse, in Spanish', () => {
    expect(parseCandidateListFilter({ list: 'otra' })).toEqual({ ok: false, message: M.listInvalid });
    expect(parseCandidateListFilter({ list: 'VACANCY' })).toEqual({ ok: false, message: M.vacancyRequired });
    expect(parseCandidateListFilter({ list: 'INBOX', state: 'REJECTED' })).toEqual({
      ok: false,
      message: M.stateInvalid,
    });
    expect(parseCandidateListFilter({ list: 'INBOX', search: 'x'.repeat(101) })).toEqual({
      ok: false,
      message: M.searchInvalid,
    });
    expect(parseCandidateListFilter({ list: 'INBOX', tagIds: ['x'] })).toEqual({ ok: false, message: M.tagsInvalid });
    expect(
      parseCandidateListFilter({ list: 'INBOX', tagIds: Array.from({ length: 11 }, (_, i) => String(i + 1)) }),
    ).toEqual({ ok: false, message: M.tooManyTags });
  });

  it('an export of the selected rows: ids alone, at most 500', () => {
    expect(readCandidateExportQuery({ list: 'inbox', ids: '5,3,5' })).toEqual({
      ok: true,
      value: { list: 'inbox', vacancyId: null, state: null, search: null, tagIds: null, ids: ['5', '3'] },
    });
    expect(readCandidateExportQuery({ list: 'inbox', ids: '5', search: 'ana' })).toEqual({
      ok: false,
      message: CANDIDATE_EXPORT_MESSAGES.idsOrFilter,
    });
    expect(readCandidateExportQuery({ list: 'inbox', ids: 'a' })).toEqual({
      ok: false,
      message: CANDIDATE_EXPORT_MESSAGES.idsInvalid,
    });
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect(readCandidateExportQuery({ list: 'inbox', ids: many })).toEqual({
      ok: false,
      message: BULK_MESSAGES.tooMany(501),
    });
  });
});
