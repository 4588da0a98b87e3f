/**
 * Search inside CVs (issue 23): the inbox's `search` also finds the candidates whose CV or cover
 * letter holds every word — Spanish stemming ('enfermera' finds 'enfermeras'), accents and case
 * aside (the text is indexed folded: migration 0031) — and each such row carries the matching
 * snippet, its words between the domain's markers.
 */
import { CV_SNIPPET_START, CV_SNIPPET_STOP, cvSearchText } from '@bolsa/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { CandidateListJson, Conn } from './candidate-row.js';

/** Every folded word as one Spanish query (stop words dropped, each word stemmed). */
const cvQuery = (words: readonly string[]) => sql`plainto_tsquery('spanish', ${words.join(' ')})`;

/**
 * The candidates (applications) whose CV or cover letter holds every word: postulantes.cv_tsv
 * (migration 0031), so `or` with the name search is a union of two indexes of one table.
 */
export function cvHasAll(words: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`c.cv_tsv @@ ${cvQuery(words)}`;
}

/** `nameOrPosition` (every word in name, e-mail or position) or every word in the CV. */
export const orInCv = (words: readonly string[], nameOrPosition: Expression<SqlBool>): Expression<SqlBool> =>
  sql<SqlBool>`(${nameOrPosition} or ${cvHasAll(words)})`;

/** Between two fragments of one snippet in ts_headline's answer; a control character, never in a text. */
const FRAGMENTS = '\u0004';
const HEADLINE_OPTIONS = [
  `StartSel=${CV_SNIPPET_START}`,
  `StopSel=${CV_SNIPPET_STOP}`,
  'MaxWords=18',
  'MinWords=8',
  'MaxFragments=2',
  `FragmentDelimiter=${FRAGMENTS}`,
].join(', ');
const MARKERS = new RegExp(`[${CV_SNIPPET_START}${CV_SNIPPET_STOP}]`, 'g');

/**
 * ts_headline's snippet of the folded text, put back on the text as read: the folded text has one
 * character for each of the original's (domain `cvSearchText`), so each fragment is found in it
 * and its characters taken from the original, the markers where they were.
 */
export function restoreSnippet(headline: string, text: string, folded: string = cvSearchText(text)): string {
  return headline
    .split(FRAGMENTS)
    .map((fragment) => {
      const at = folded.indexOf(fragment.replace(MARKERS, ''));
      if (at < 0) return fragment;
      let k = at;
      let out = '';
      for (const ch of fragment) out += ch === CV_SNIPPET_START || ch === CV_SNIPPET_STOP ? ch : text[k++];
      return out;
    })
    .join(' … ');
}

/**
 * The page's rows with `fragmentoCv`: the snippet of the CV (else the cover letter) that matches
 * the search, or null when neither does. Only the page's rows are read (ts_headline is costly);
 * the snippet is found in the folded text (where the search's words are) and shown as read.
 */
export async function withCvSnippets(
  db: Conn,
  words: readonly string[],
  rows: CandidateListJson[],
): Promise<CandidateListJson[]> {
  if (!words.length || !rows.length) return rows;
  const { rows: found } = await sql<{ id: number; texto: string }>`
    select distinct on (pa.postulante_id) pa.postulante_id as id, t.texto
    from postulante_archivos pa
    join textos_archivos t on t.clave = pa.clave
    where pa.postulante_id = any(${sql.val(rows.map((r) => r.id))}::int[]) and t.tsv @@ ${cvQuery(words)}
    order by pa.postulante_id, (pa.tipo = 'curriculum') desc`.execute(db);
  return withSnippetsOf(db, words, rows, found);
}

/**
 * The text of the candidate's CV (else cover letter) that holds every word, or null: what
 * `withCvSnippets` looks up for a page, as a column of the page's own query (findPage).
 */
export function matchingCvText(words: readonly string[], candidateId: Expression<number>) {
  return sql<string | null>`(select t.texto from postulante_archivos pa
    join textos_archivos t on t.clave = pa.clave
    where pa.postulante_id = ${candidateId} and t.tsv @@ ${cvQuery(words)}
    order by (pa.tipo = 'curriculum') desc limit 1)`;
}

/** The rows with `fragmentoCv` made from the matching texts already read (`found`, per row id). */
export async function withSnippetsOf(
  db: Conn,
  words: readonly string[],
  rows: CandidateListJson[],
  found: readonly { id: number; texto: string }[],
): Promise<CandidateListJson[]> {
  if (!words.length || !rows.length) return rows;
  const byId = new Map<number, string>();
  if (found.length) {
    const folded = found.map((f) => cvSearchText(f.texto));
    const { rows: lines } = await sql<{ n: number; fragmento: string }>`
      select n::int as n, ts_headline('spanish', f, ${cvQuery(words)}, ${HEADLINE_OPTIONS}) as fragmento
      from unnest(${sql.val(folded)}::text[]) with ordinality as x(f, n)`.execute(db);
    for (const l of lines) {
      const f = found[l.n - 1];
      if (f) byId.set(f.id, restoreSnippet(l.fragmento, f.texto, folded[l.n - 1]));
    }
  }
  return rows.map((r) => ({ ...r, fragmentoCv: byId.get(r.id) ?? null }));
}
