/**
 * A search's counts kept between requests (issue 22): counting a name search's matches per state
 * is most of its time ('garcía' matches 8,000 of 50,000 candidates: 10–13 ms of SQL), and paging,
 * changing the sort or coming back to the list asks for the same counts again.
 *
 * Exact, not "a few seconds old": an entry is used only while the database's change counter
 * (migration 0037, moved in the same commit as any change to a candidate's state, name, e-mail,
 * vacancy, CV words or tags) has the sum it had when the entry was counted. Every replica reads the
 * same counter, so a change made through one is seen by all at their next request.
 */
import { LRUCache } from 'lru-cache';
import { countList, type CandidateListQuery, type ListCounts } from './list-repository.js';
import type { Conn } from './candidate-row.js';

/** Lists kept per database; a search's entry holds at most FEW_MATCHES ids (~8 KB). */
const ENTRIES = 500;

interface Kept {
  changes: string;
  counts: ListCounts;
}

const byDatabase = new WeakMap<object, LRUCache<string, Kept>>();

/** What the counts (and the matches' ids) depend on: not the sort, not the page. */
function keyOf(f: CandidateListQuery): string {
  return JSON.stringify([
    f.scope,
    f.state ?? null,
    f.vacancyId ?? null,
    f.words,
    f.candidateWords ?? [],
    f.positionWords ?? [],
    [...new Set(f.tagIds ?? [])].sort((a, b) => a - b),
    [...(f.positions ?? [])],
  ]);
}

/**
 * countList, answered from the kept entry when the change counter still reads `changes` (read
 * before this call, so an entry is never older than the sum it is filed under). Callers must not
 * change what they get.
 */
export async function keptCountList(db: Conn, f: CandidateListQuery, changes: string): Promise<ListCounts> {
  let cache = byDatabase.get(db);
  if (!cache) byDatabase.set(db, (cache = new LRUCache<string, Kept>({ max: ENTRIES })));
  const key = keyOf(f);
  const kept = cache.get(key);
  if (kept?.changes === changes) return kept.counts;
  const counts = await countList(db, f);
  cache.set(key, { changes, counts });
  return counts;
}
