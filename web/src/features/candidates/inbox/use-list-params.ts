import { CANDIDATE_LIST_SEARCH_MAX } from '@bolsa/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchText } from '../../../components/ListScreen';
import { readListParams, writeListParams, type ListParams, type ListParamsSpec } from './list-params';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's filters, kept in the address; the search box writes there 300 ms after the last key
 * (spec 3 §9). Changes replace the address rather than adding history entries: back leaves the list.
 */
export function useListParams<T extends string>(spec: ListParamsSpec<T>) {
  const [params, setParams] = useSearchParams();
  const filters = readListParams(params, spec);
  const [text, setText] = useState(filters.search);
  // A search longer than the api accepts is held back, not cut (the box says by how much it is over).
  const debounced = useSearchText(text, SEARCH_DEBOUNCE_MS, CANDIDATE_LIST_SEARCH_MAX);

  const update = useCallback(
    (change: Partial<ListParams<T>>) =>
      setParams((current) => writeListParams(current, spec, change), { replace: true }),
    [setParams, spec],
  );

  // The address changed under the box (the menu's 'Candidatos' link clears it): follow it.
  const [shown, setShown] = useState(filters.search);
  if (shown !== filters.search) {
    setShown(filters.search);
    if (filters.search !== debounced) setText(filters.search);
  }

  const written = useRef(debounced);
  useEffect(() => {
    if (written.current === debounced) return;
    written.current = debounced;
    update({ search: debounced });
  }, [debounced, update]);

  return { filters, text, setText, update };
}
