import { useApolloClient } from '@apollo/client/react';
import { GENERIC_MESSAGES } from '@bolsa/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTrackDialog } from '../../lib/dialog-activity';
import {
  ACTIVITY_CHANNEL,
  ACTIVITY_EVENTS,
  BROADCAST_INTERVAL_MS,
  formatCountdown,
  TOUCH_INTERVAL_MS,
  type TabMessage,
} from './idle';
import { TOUCH_SESSION } from './operations';

interface InactivityGuardProps {
  /** me.idleTimeoutSeconds: inactivity after which the session ends (15 minutes by default). */
  timeoutSeconds: number;
  /** me.idleWarningSeconds: how long before the end the expiry warning appears (120 s). */
  warningSeconds: number;
  /** 'Cerrar sesión', and what happens when the countdown reaches zero. */
  onLogout: () => Promise<void> | void;
  /** The server no longer knows the session (touchSession answered null). */
  onSessionLost: () => void;
}

/**
 * Inactivity guard (spec 1 §4, spec 2 §4 and §9), mounted while someone is logged in. Time is
 * measured with timestamps, not by counting ticks, so a tab that slept past the limit logs out as
 * soon as it wakes. Mouse, keyboard, scroll, touch and clicks reset the timer and — because the
 * server expires idle sessions too — tell the server with touchSession at most once a minute.
 * While the warning is on screen only its buttons count: moving the mouse does not dismiss it.
 *
 * Every tab of the browser shares the session cookie, so they share one idle clock: activity in
 * any tab is announced on a BroadcastChannel and counts in all of them (an idle tab must not end
 * the session someone is using in another), and a tab that ends the session tells the others.
 */
export function InactivityGuard({ timeoutSeconds, warningSeconds, onLogout, onSessionLost }: InactivityGuardProps) {
  const client = useApolloClient();
  const timeoutMs = Math.max(1, timeoutSeconds) * 1000;
  const warningMs = Math.min(Math.max(0, warningSeconds) * 1000, timeoutMs);

  const lastActivity = useRef(Date.now());
  const lastTouch = useRef(Date.now());
  const warning = useRef(false);
  const expired = useRef(false);
  /** Seconds left while the warning is shown; null otherwise. */
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  useTrackDialog(secondsLeft !== null);

  const latest = useRef({ onLogout, onSessionLost });
  useEffect(() => {
    latest.current = { onLogout, onSessionLost };
  });

  const channel = useRef<BroadcastChannel | null>(null);
  const lastBroadcast = useRef(0);
  const announce = useCallback((message: TabMessage) => {
    if (message.type === 'activity') {
      if (message.at - lastBroadcast.current < BROADCAST_INTERVAL_MS) return;
      lastBroadcast.current = message.at;
    }
    channel.current?.postMessage(message);
  }, []);

  const touch = useCallback(async () => {
    lastTouch.current = Date.now();
    try {
      const { data } = await client.mutate({ mutation: TOUCH_SESSION });
      if (data && data.touchSession === null) latest.current.onSessionLost();
    } catch {
      // A failed keep-alive is not a logout: the next one, or the timer, decides.
    }
  }, [client]);

  const check = useCallback(() => {
    if (expired.current) return;
    const left = timeoutMs - (Date.now() - lastActivity.current);
    if (left <= 0) {
      expired.current = true;
      setSecondsLeft(null);
      announce({ type: 'ended' });
      void latest.current.onLogout();
    } else if (left <= warningMs) {
      warning.current = true;
      setSecondsLeft(Math.ceil(left / 1000));
    }
  }, [timeoutMs, warningMs, announce]);

  useEffect(() => {
    const onActivity = () => {
      if (warning.current || expired.current) return;
      const now = Date.now();
      // A tab that slept into the warning window (or past the end) wakes with an input event:
      // the time already spent idle counts first.
      if (now - lastActivity.current >= timeoutMs - warningMs) {
        check();
        return;
      }
      lastActivity.current = now;
      announce({ type: 'activity', at: now });
      if (now - lastTouch.current >= TOUCH_INTERVAL_MS) void touch();
    };
    // Another tab's activity restarts this tab's clock (and closes its warning); that tab keeps
    // the server informed. A tab that ended the session ends it here too, without a second logout.
    const onTabMessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (expired.current) return;
      if (message?.type === 'activity' && message.at > lastActivity.current) {
        lastActivity.current = Math.min(message.at, Date.now());
        lastTouch.current = lastActivity.current;
        if (warning.current) {
          warning.current = false;
          setSecondsLeft(null);
        }
      } else if (message?.type === 'ended') {
        expired.current = true;
        setSecondsLeft(null);
        latest.current.onSessionLost();
      }
    };
    if (typeof BroadcastChannel !== 'undefined') {
      channel.current = new BroadcastChannel(ACTIVITY_CHANNEL);
      channel.current.addEventListener('message', onTabMessage);
    }
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', check);
    const timer = setInterval(check, 1000);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', check);
      clearInterval(timer);
      channel.current?.close();
      channel.current = null;
    };
  }, [check, touch, announce, timeoutMs, warningMs]);

  const continueSession = () => {
    lastActivity.current = Date.now();
    warning.current = false;
    setSecondsLeft(null);
    lastBroadcast.current = 0;
    announce({ type: 'activity', at: lastActivity.current });
    void touch();
  };

  const logoutNow = () => {
    expired.current = true;
    setSecondsLeft(null);
    announce({ type: 'ended' });
    void onLogout();
  };

  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={continueSession}
      title={GENERIC_MESSAGES.sessionExpiringTitle}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      zIndex={1000}
    >
      <Text>
        Tu sesión se cerrará por inactividad en{' '}
        <Text component="span" fw={700} ff="monospace" aria-live="off">
          {formatCountdown(secondsLeft ?? 0)}
        </Text>
        . ¿Deseas continuar?
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={logoutNow}>
          Cerrar sesión
        </Button>
        <Button onClick={continueSession} data-autofocus>
          Continuar sesión
        </Button>
      </Group>
    </Modal>
  );
}
