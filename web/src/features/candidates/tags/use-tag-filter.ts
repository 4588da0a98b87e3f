import { TAG_LIMITS } from '@bolsa/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'etiquetas';

/** Tag ids of an address (`?etiquetas=3,7`): digits only, each once, at most TAG_LIMITS.filter. */
export function readTagIds(params: URLSearchParams): string[] {
  const raw = params.get(PARAM) ?? '';
  return [...new Set(raw.split(',').filter((s) => /^\d{1,10}$/.test(s)))].slice(0, TAG_LIMITS.filter);
}

/**
 * The list's tag filter, kept in the address like its other filters; a change goes back to page 1
 * (`pagina` dropped) and replaces the address rather than adding a history entry.
 */
export function useTagFilter(): [string[], (ids: string[]) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.get(PARAM) ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids change only with the parameter
  const ids = useMemo(() => readTagIds(params), [key]);
  const set = useCallback(
    (next: string[]) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next.length) out.set(PARAM, next.slice(0, TAG_LIMITS.filter).join(','));
          else out.delete(PARAM);
          out.delete('pagina');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [ids, set];
}
