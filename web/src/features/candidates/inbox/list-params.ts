/**
 * A staff list's filters in the address (`?estado=…&q=…&pagina=…&filas=…`), so that going back
 * from a candidate, or refreshing, shows the same page. Anything unreadable falls back to the
 * default; defaults are left out of the address.
 */
export interface ListParams<T extends string> {
  tab: T;
  search: string;
  page: number;
  pageSize: number;
}

export interface ListParamsSpec<T extends string> {
  tabs: readonly T[];
  defaultTab: T;
  pageSizes: readonly number[];
  defaultPageSize: number;
}

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
};

export function readListParams<T extends string>(params: URLSearchParams, spec: ListParamsSpec<T>): ListParams<T> {
  const tab = params.get('estado');
  const size = positiveInt(params.get('filas'));
  return {
    tab: tab !== null && (spec.tabs as readonly string[]).includes(tab) ? (tab as T) : spec.defaultTab,
    search: (params.get('q') ?? '').slice(0, 100),
    page: positiveInt(params.get('pagina')) ?? 1,
    pageSize: size !== null && spec.pageSizes.includes(size) ? size : spec.defaultPageSize,
  };
}

/**
 * The address after a change: a new tab, search or page size goes back to page 1 (spec 3 §2.1);
 * other query parameters (a vacancy's `plazaId`) are kept.
 */
export function writeListParams<T extends string>(
  current: URLSearchParams,
  spec: ListParamsSpec<T>,
  requested: Partial<ListParams<T>>,
): URLSearchParams {
  const change = requested.search === undefined ? requested : { ...requested, search: requested.search.trim() };
  const before = readListParams(current, spec);
  const resets = ['tab', 'search', 'pageSize'].some(
    (k) => k in change && change[k as keyof ListParams<T>] !== before[k as keyof ListParams<T>],
  );
  const next = { ...before, ...change, page: resets ? 1 : (change.page ?? before.page) };
  const out = new URLSearchParams(current);
  const put = (key: string, value: string, fallback: string) => {
    if (value === fallback) out.delete(key);
    else out.set(key, value);
  };
  put('estado', next.tab, spec.defaultTab);
  put('q', next.search.trim(), '');
  put('pagina', String(next.page), '1');
  put('filas', String(next.pageSize), String(spec.defaultPageSize));
  return out;
}
