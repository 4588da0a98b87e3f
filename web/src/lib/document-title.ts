import { useEffect } from 'react';

/*
 * Pages and the dialogs above them both want to name the document. React runs a child's effects
 * before its parent's, so "last writer wins" would let the board overwrite the open vacancy's
 * title; instead every claimant registers and the one with the highest priority (then the most
 * recent) is shown.
 */
interface Claim {
  title: string;
  priority: number;
  order: number;
}

const claims = new Set<Claim>();
let counter = 0;
let baseTitle: string | null = null;

function apply() {
  let best: Claim | null = null;
  for (const c of claims) {
    if (!best || c.priority > best.priority || (c.priority === best.priority && c.order > best.order)) best = c;
  }
  if (best) document.title = best.title;
  else if (baseTitle !== null) document.title = baseTitle;
}

/** Sets document.title while mounted. Dialogs pass priority 1 so they win over the page. */
export function useDocumentTitle(title: string | null | undefined, priority = 0): void {
  useEffect(() => {
    if (!title) return;
    // The title to return to is the one before the first claim of this run of claims.
    if (claims.size === 0) baseTitle = document.title;
    const claim: Claim = { title, priority, order: ++counter };
    claims.add(claim);
    apply();
    return () => {
      claims.delete(claim);
      apply();
    };
  }, [title, priority]);
}
