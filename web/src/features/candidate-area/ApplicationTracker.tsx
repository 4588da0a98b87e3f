import { VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { stateFromEnum, TRACKER_STEPS, trackerStep } from '@bolsa/domain';
import classes from './candidate-area.module.css';

/**
 * The six steps of an application (spec 1 §2.7, §4): the steps before the current one are done;
 * contratado fills all, rechazado none. A list, not buttons: there is nothing to click.
 */
export function ApplicationTracker({ state }: { state: string | null }) {
  const { active, completed } = trackerStep(stateFromEnum(state));
  return (
    <ol className={classes.tracker} aria-label="Progreso de la postulación">
      {TRACKER_STEPS.map((label, i) => {
        const done = i < completed;
        const current = i === active;
        const status = done ? 'completado' : current ? 'etapa actual' : 'pendiente';
        return (
          <li
            key={label}
            className={`${classes.step} ${done ? classes.done : ''} ${current ? classes.current : ''}`}
            aria-current={current ? 'step' : undefined}
            data-status={done ? 'done' : current ? 'current' : 'pending'}
          >
            <span className={classes.dot} aria-hidden>
              {done ? <IconCheck size={14} stroke={3} /> : i + 1}
            </span>
            <span>
              {label}
              <VisuallyHidden>: {status}</VisuallyHidden>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
