import { fieldsOf, pick } from './fields.js';

/**
 * The paging contract's envelope (`{ items, totalCount, page, pageSize, counts }`), shared by the
 * candidate and vacancy lists. Null when the api answered the documented bare array (or anything
 * without an `items` list): the caller then pages the whole list itself.
 */
export interface PageEnvelope {
  /** The raw entries, for the list's own normaliser. */
  items: unknown[];
  totalCount: number;
  page: number;
  pageSize: number;
  /** `counts` as sent (an object of numbers per key), for the list's own reading. */
  counts: unknown;
}

export function pageEnvelope(raw: unknown, asked: { page: number; pageSize: number }): PageEnvelope | null {
  if (Array.isArray(raw)) return null;
  const f = fieldsOf(raw);
  const items = pick(f, 'items');
  if (!Array.isArray(items)) return null;
  return {
    items,
    totalCount: Number(pick(f, 'totalCount')) || 0,
    page: Number(pick(f, 'page')) || asked.page,
    pageSize: Number(pick(f, 'pageSize')) || asked.pageSize,
    counts: pick(f, 'counts'),
  };
}
