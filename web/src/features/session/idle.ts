/** 125 → '2:05': the countdown of the session-expiry warning. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Activity that keeps a session alive (spec 1 §4, spec 2 §9). */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'touchstart', 'click'] as const;

/** The server also expires idle sessions; activity tells it so at most this often. */
export const TOUCH_INTERVAL_MS = 60_000;

/** The BroadcastChannel on which the tabs of one browser share activity (they share one session). */
export const ACTIVITY_CHANNEL = 'bolsa.session-activity';

/** Activity is announced to the other tabs at most this often. */
export const BROADCAST_INTERVAL_MS = 5_000;

/** What a tab tells the others: someone is active (at a time), or the session is over. */
export type TabMessage = { type: 'activity'; at: number } | { type: 'ended' };
