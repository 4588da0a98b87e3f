import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { OUTAGE_MESSAGES } from '@bolsa/domain';
import { useEffect, useState } from 'react';
import { checkNow, useOutage } from '../lib/outage';
import classes from './OutageNotice.module.css';

/*
 * Plain elements styled with Mantine's CSS variables rather than Mantine's Alert, Button and
 * layout components: this is on every page's first visit (the shell and the session gate), and
 * those components weighed ~5 KB gzip of the home page's 210 KB budget.
 */

/** 'Se volverá a intentar en N s.', counting down, or 'Comprobando la conexión…' while checking. */
function NextCheck() {
  const { nextCheckAt } = useOutage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (nextCheckAt === null) return;
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, [nextCheckAt]);
  if (nextCheckAt === null) return <>{OUTAGE_MESSAGES.checking}</>;
  return <>{OUTAGE_MESSAGES.retryIn(Math.max(1, Math.ceil((nextCheckAt - now) / 1_000)))}</>;
}

function RetryButton() {
  const { nextCheckAt } = useOutage();
  const checking = nextCheckAt === null;
  return (
    <button
      type="button"
      className={classes.retry}
      disabled={checking}
      aria-busy={checking}
      onClick={() => void checkNow()}
    >
      <IconRefresh size={14} aria-hidden />
      {OUTAGE_MESSAGES.retryNow}
    </button>
  );
}

/**
 * Above every page while the service is unreachable: it says so, when it checks again, and lets
 * the user check now. The page's data comes back by itself when the service does.
 */
export function OutageBanner() {
  const { down } = useOutage();
  if (!down) return null;
  return (
    <div className={classes.banner} role="alert" aria-live="assertive">
      <IconPlugConnectedX className={classes.icon} size={20} aria-hidden />
      <div className={classes.body}>
        <p className={classes.title}>{OUTAGE_MESSAGES.title}</p>
        <div className={classes.row}>
          <p className={classes.text}>
            {OUTAGE_MESSAGES.message} <NextCheck />
          </p>
          <RetryButton />
        </div>
      </div>
    </div>
  );
}

/**
 * The whole page while the session itself cannot be checked (a reload during an outage): who is
 * logged in is unknown, so nothing else can be shown, and nobody is sent away or logged out.
 */
export function OutageScreen() {
  return (
    <main className={classes.screen}>
      <div className={classes.screenBody} role="alert">
        <IconPlugConnectedX size={40} aria-hidden color="var(--mantine-color-red-8)" />
        <h1 className={classes.screenTitle}>{OUTAGE_MESSAGES.title}</h1>
        <p className={classes.screenText}>{OUTAGE_MESSAGES.message}</p>
        <p className={classes.screenHint}>
          {OUTAGE_MESSAGES.sessionKept} <NextCheck />
        </p>
        <RetryButton />
      </div>
    </main>
  );
}
