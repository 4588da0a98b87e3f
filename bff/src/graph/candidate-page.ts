import type { CandidateListPage } from '../normalise/candidate-page.js';
import type { CandidatePageModel } from './notes-tags.js';

/** A candidate list's page as the GraphQL CandidatePage (the inbox, the history, by vacancy, the board). */
export const pageOf = (p: CandidateListPage): CandidatePageModel => ({
  items: p.items,
  totalCount: p.totalCount,
  page: p.page,
  pageSize: p.pageSize,
  countsByState: [...p.counts].map(([state, count]) => ({ state, count })),
  allCount: p.allCount,
  tagCounts: p.tagCounts,
});
