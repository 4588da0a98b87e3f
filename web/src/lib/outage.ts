import { ErrorLink } from '@apollo/client/link/error';
import { useSyncExternalStore } from 'react';
import { isOutage } from './errors';

/*
 * An outage (the server cannot be reached, or the api behind it is down) is one fact for the
 * whole page, not a failure of each screen: every answer goes through `outageLink`, which reports
 * it; while it lasts the page shows it ('Error de conexión') and checks again with a growing pause
 * (1, 2, 4, 8, then every 15 s). When the check says the service is back, every query on screen
 * is fetched again: the page recovers by itself, without a reload, keeping where the user was.
 * A tiny store, because the link is built before React renders.
 */

/** Pauses between checks while the service is down. */
export const OUTAGE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

export interface OutageState {
  down: boolean;
  /** When the next check runs (epoch ms); null while one is running or when not down. */
  nextCheckAt: number | null;
}

/** Checks whether the service is back (and, if so, fetches the screen's data again). */
export type OutageProbe = () => Promise<boolean>;

let state: OutageState = { down: false, nextCheckAt: null };
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let probe: OutageProbe | null = null;
const listeners = new Set<() => void>();

function set(next: OutageState) {
  state = next;
  for (const l of [...listeners]) l();
}

function schedule() {
  const delay = OUTAGE_BACKOFF_MS[Math.min(attempt, OUTAGE_BACKOFF_MS.length - 1)]!;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void checkNow(), delay);
  set({ down: true, nextCheckAt: Date.now() + delay });
}

/** What checks the service; set once by the Apollo client (its health query). */
export function setOutageProbe(p: OutageProbe | null): void {
  probe = p;
}

/** An answer said the service is unreachable: show it and start checking. */
export function reportOutage(): void {
  if (state.down) return;
  attempt = 0;
  schedule();
}

/** Checks now ('Reintentar'): back to normal if the service answers, else the next, longer pause. */
export async function checkNow(): Promise<void> {
  if (!state.down) return;
  if (timer) clearTimeout(timer);
  timer = null;
  set({ down: true, nextCheckAt: null });
  const back = probe ? await probe().catch(() => false) : false;
  if (!state.down) return;
  if (back) {
    attempt = 0;
    set({ down: false, nextCheckAt: null });
  } else {
    attempt += 1;
    schedule();
  }
}

export function outageState(): OutageState {
  return state;
}

/** For tests: forget everything. */
export function resetOutage(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  attempt = 0;
  set({ down: false, nextCheckAt: null });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useOutage(): OutageState {
  return useSyncExternalStore(subscribe, outageState, outageState);
}

/** Put in front of the HTTP link: an answer that says 'unreachable' starts the outage. */
export function outageLink(): ErrorLink {
  return new ErrorLink(({ error }) => {
    if (isOutage(error)) reportOutage();
  });
}
