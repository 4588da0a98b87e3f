import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export const KEYWORD_DEBOUNCE_MS = 300;

/** Keyword (debounced), branch and page of a board; changing a filter goes back to page 1. */
export function useBoardFilters() {
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword, KEYWORD_DEBOUNCE_MS);
  const [branchId, setBranchIdState] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  // The debounced keyword changes on a timer, not in a handler: adjust the page while rendering.
  const [searchedKeyword, setSearchedKeyword] = useState(debouncedKeyword);
  if (searchedKeyword !== debouncedKeyword) {
    setSearchedKeyword(debouncedKeyword);
    setPage(1);
  }

  const setBranchId = (id: string | null) => {
    setBranchIdState(id);
    setPage(1);
  };

  return { keyword, setKeyword, debouncedKeyword, branchId, setBranchId, page, setPage };
}
