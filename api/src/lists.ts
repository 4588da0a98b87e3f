import { searchKey } from '@bolsa/domain';
import type { Request } from 'express';
import { sql, type RawBuilder } from 'kysely';
import { badRequest, MESSAGES } from './errors.js';

/**
 * The extra list parameters of docs/decisions/2026-11-23-list-paging-in-the-api.md: `page` switches a documented list to the
 * `{ items, totalCount, page, pageSize, counts }` envelope; without it the documented array stays.
 */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** A keyword is a few words; anything longer is not a search a person typed. */
export const SEARCH_MAX = 200;

export const LIST_MESSAGES = {
  pageInvalid: 'El número de página debe ser un entero mayor o igual a 1.',
  pageSizeInvalid: `El tamaño de página debe ser un entero entre 1 y ${PAGE_SIZE_MAX}.`,
  sortInvalid: 'El campo de ordenamiento no es válido.',
  orderInvalid: "El orden debe ser 'asc' o 'desc'.",
  searchInvalid: `La búsqueda no puede superar los ${SEARCH_MAX} caracteres ni contener caracteres de control.`,
  flagInvalid: "El filtro debe ser 'true' o 'false'.",
  optionInvalid: 'El valor del filtro no es válido.',
} as const;

export interface Envelope<T, C> {
  items: T[];
  totalCount: number;
  page: number;
  pageSize: number;
  counts: C;
}

/** One query parameter as text; repeated (array) or nested (object) parameters are refused. */
export function queryParam(req: Request, name: string): string | undefined {
  const v: unknown = (req.query as Record<string, unknown>)[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest(MESSAGES.badRequest);
  return v;
}

const positiveInt = (raw: string, max: number): number | null => {
  if (!/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 && n <= max ? n : null;
};

export interface Paging {
  page: number;
  pageSize: number;
}

/** page/pageSize, or null when the caller asked for the documented (unpaged) answer. */
export function parsePaging(req: Request): Paging | null {
  const rawPage = queryParam(req, 'page');
  const rawSize = queryParam(req, 'pageSize');
  if (rawPage === undefined) {
    if (rawSize !== undefined && positiveInt(rawSize, PAGE_SIZE_MAX) === null)
      throw badRequest(LIST_MESSAGES.pageSizeInvalid);
    return null;
  }
  const page = positiveInt(rawPage, 999_999_999);
  if (page === null) throw badRequest(LIST_MESSAGES.pageInvalid);
  const pageSize = rawSize === undefined ? PAGE_SIZE_DEFAULT : positiveInt(rawSize, PAGE_SIZE_MAX);
  if (pageSize === null) throw badRequest(LIST_MESSAGES.pageSizeInvalid);
  return { page, pageSize };
}

/** `search` folded as the domain folds it ('' when absent). */
export function parseSearchTerm(req: Request): string {
  const raw = queryParam(req, 'search');
  if (raw === undefined) return '';
  // eslint-disable-next-line no-control-regex
  if (raw.length > SEARCH_MAX || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(raw))
    throw badRequest(LIST_MESSAGES.searchInvalid);
  return searchKey(raw);
}

/** The words of `search`, folded; every word must match (the vacancy lists' keyword). */
export function parseSearch(req: Request): string[] {
  return parseSearchTerm(req).split(/\s+/).filter(Boolean);
}

export function parseSort<F extends string>(req: Request, fields: readonly F[]): { sort: F | null; desc: boolean } {
  const rawSort = queryParam(req, 'sort');
  const rawOrder = queryParam(req, 'order');
  let sort: F | null = null;
  if (rawSort !== undefined && rawSort !== '') {
    if (!(fields as readonly string[]).includes(rawSort)) throw badRequest(LIST_MESSAGES.sortInvalid);
    sort = rawSort as F;
  }
  if (rawOrder !== undefined && rawOrder !== 'asc' && rawOrder !== 'desc') throw badRequest(LIST_MESSAGES.orderInvalid);
  return { sort, desc: rawOrder !== 'asc' };
}

/** `true`/`false` (also '1'/'0'); absent is false. */
export function parseFlag(req: Request, name: string): boolean {
  const raw = queryParam(req, name);
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest(LIST_MESSAGES.flagInvalid);
}

/** One of `options`, or undefined when absent. */
export function parseOption<O extends string>(req: Request, name: string, options: readonly O[]): O | undefined {
  const raw = queryParam(req, name);
  if (raw === undefined || raw === '') return undefined;
  if (!(options as readonly string[]).includes(raw)) throw badRequest(LIST_MESSAGES.optionInvalid);
  return raw as O;
}

/** The page actually answered: past the last page answers the last one, as the BFF always did. */
export function clampPage(p: Paging, totalCount: number): { page: number; offset: number } {
  const last = Math.max(1, Math.ceil(totalCount / p.pageSize));
  const page = Math.min(p.page, last);
  return { page, offset: (page - 1) * p.pageSize };
}

// The domain's searchKey strips every combining mark after NFD; for the Spanish (and the
// few Latin) letters this product stores, this table gives the same result in SQL on both
// PostgreSQL and PGlite, where unaccent is not available.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyyaaaaaaeeeeiiiiooooouuuuncy';

/** searchKey in SQL: lower case, accents removed. */
export function foldSql(expr: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`translate(lower(${expr}), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})`;
}

/** Every word occurs in the folded text (strpos: no LIKE wildcards to escape). */
export function containsAllWords(folded: RawBuilder<string>, words: string[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    words.map((w) => sql`strpos(${folded}, ${w}) > 0`),
    sql` and `,
  )})`;
}
