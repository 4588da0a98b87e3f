import { can, type RoleId } from '@bolsa/domain';
import { useCallback, useMemo, useState } from 'react';

/**
 * The rows ticked in a candidate list, or "every row matching the filter" (issue 23). Roles 1–2
 * only (`enabled`); a new filter (tab, search, vacancy: `filterKey`) starts over, a new page keeps
 * what was ticked on the others.
 */
export interface BulkSelection {
  enabled: boolean;
  /** Ids ticked one by one (ignored while `allMatching`). */
  ids: ReadonlySet<string>;
  /** Every row of the list as filtered, on every page. */
  allMatching: boolean;
  /** The ids of the page on screen. */
  pageIds: readonly string[];
  isSelected(id: string): boolean;
  toggle(id: string): void;
  /** Ticks the whole page, or unticks it when it is all ticked. */
  togglePage(): void;
  selectAllMatching(): void;
  clear(): void;
  /** How many rows the selection names (`total`: the rows matching the filter). */
  count(total: number): number;
}

export function useBulkSelection(
  role: RoleId | null,
  rows: readonly { id: string }[] | undefined,
  filterKey: string,
): BulkSelection {
  const enabled = can(role, 'candidate.bulkChangeState');
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const pageIds = useMemo(() => (rows ?? []).map((r) => r.id), [rows]);

  const clear = useCallback(() => {
    setIds(new Set());
    setAllMatching(false);
  }, []);
  // A new filter starts over (state adjusted while rendering: no extra commit).
  const [key, setKey] = useState(filterKey);
  if (key !== filterKey) {
    setKey(filterKey);
    setIds(new Set());
    setAllMatching(false);
  }

  return {
    enabled,
    ids,
    allMatching,
    pageIds,
    isSelected: (id) => allMatching || ids.has(id),
    toggle(id) {
      if (allMatching) {
        // Unticking one row of "all matching" keeps the rest of this page ticked.
        setAllMatching(false);
        setIds(new Set(pageIds.filter((p) => p !== id)));
        return;
      }
      setIds((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    togglePage() {
      const all = allMatching || (pageIds.length > 0 && pageIds.every((id) => ids.has(id)));
      setAllMatching(false);
      setIds((prev) => {
        const next = new Set(allMatching ? [] : prev);
        for (const id of pageIds) {
          if (all) next.delete(id);
          else next.add(id);
        }
        return next;
      });
    },
    selectAllMatching: () => setAllMatching(true),
    clear,
    count: (total) => (allMatching ? total : ids.size),
  };
}
