/**
 * The scorecard reminder (issue 24, item 4): when an interview has ended, each staff participant
 * (roles 1–2) without a card gets one e-mail through the outbox. A periodic sweep, safe with any
 * number of replicas: the reminder row's primary key (interview, user) is inserted in the same
 * transaction as the e-mail, so a second replica's insert finds it and queues nothing.
 */
import {
  formatDateWithWeekday,
  interviewEndsAt,
  SCORECARD_REMINDER_TEMPLATE_KEY,
  todayInGuatemala,
} from '@bolsa/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { renderMail } from '../mail/application-mails.js';
import { siteOf } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';
import { linkValue } from '../mail/render.js';
import { evaluatorsOf, findInterviewRow } from './repository.js';

/** Interviews that ended longer ago than this get no reminder (e.g. those from before the feature). */
export const REMINDER_WINDOW_DAYS = 7;

export interface ReminderSweepOptions {
  db: Db;
  publicUrl: string;
  /** The clock (tests move it); production passes none. */
  now?: () => Date;
}

const dayBefore = (date: string, days: number): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** One pass: queues the reminders due now; answers how many were queued. */
export async function sweepScorecardReminders(o: ReminderSweepOptions): Promise<number> {
  const now = o.now?.() ?? new Date();
  const today = todayInGuatemala(now);
  // The current interview of each application (a rescheduling adds a row: the older ones are
  // superseded, so the reminder waits for the new end), held in the last days.
  const due = await o.db
    .selectFrom('entrevistas as e')
    .select(['e.id', sql<string>`to_char(e.fecha, 'YYYY-MM-DD')`.as('fecha'), 'e.hora_fin as horaFin'])
    .where('e.fecha', '>=', dayBefore(today, REMINDER_WINDOW_DAYS + 1))
    .where('e.fecha', '<=', today)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('entrevistas as n')
            .select('n.id')
            .whereRef('n.postulante_id', '=', 'e.postulante_id')
            .whereRef('n.id', '>', 'e.id'),
        ),
      ),
    )
    .execute();
  const windowStart = now.getTime() - REMINDER_WINDOW_DAYS * 86_400_000;
  let queued = 0;
  for (const d of due) {
    const end = interviewEndsAt(d.fecha, d.horaFin);
    if (!end || end.getTime() > now.getTime() || end.getTime() < windowStart) continue;
    const interview = await findInterviewRow(o.db, d.id);
    if (!interview) continue;
    for (const user of await evaluatorsOf(o.db, interview)) {
      const sent = await o.db.transaction().execute(async (trx) => {
        const has = await trx
          .selectFrom('entrevista_evaluaciones')
          .select('id')
          .where('entrevista_id', '=', d.id)
          .where('usuario_id', '=', user.id)
          .executeTakeFirst();
        if (has) return false;
        const claimed = await trx
          .insertInto('entrevista_recordatorios')
          .values({ entrevista_id: d.id, usuario_id: user.id })
          .onConflict((oc) => oc.doNothing())
          .returning('usuario_id')
          .executeTakeFirst();
        if (!claimed) return false;
        const c = await trx
          .selectFrom('postulantes as p')
          .leftJoin('plazas as v', 'v.id', 'p.plaza_id')
          .select(['p.nombre', 'p.datos_eliminados', 'v.nombre as vacante'])
          .where('p.id', '=', interview.postulanteId)
          .executeTakeFirstOrThrow();
        const mail = renderMail(SCORECARD_REMINDER_TEMPLATE_KEY, {
          nombre: user.nombre.trim() || user.usuario,
          candidato: (!c.datos_eliminados && c.nombre?.trim()) || 'candidato',
          vacante: c.vacante?.trim() ?? '',
          fecha: `${formatDateWithWeekday(interview.fecha, interview.fecha)}, ${interview.horaInicio} a ${interview.horaFin}`,
          enlace: linkValue(`${siteOf(o.publicUrl)}/panel/detallecandidato/${interview.postulanteId}`),
        });
        await enqueueMail(trx, mail, user.usuario, { applicationId: interview.postulanteId });
        return true;
      });
      if (sent) queued++;
    }
  }
  return queued;
}

export interface ReminderWorker {
  stop(): Promise<void>;
}

/** Runs the sweep now and every `intervalMs` (default 5 min); errors are logged, never thrown. */
export function startScorecardReminders(
  o: ReminderSweepOptions & { intervalMs?: number; log: (line: string) => void },
): ReminderWorker {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweepScorecardReminders(o)
      .then((n) => {
        if (n) o.log(`Recordatorios de evaluación de entrevista en cola: ${n}`);
      })
      .catch((err: unknown) => o.log(`No se pudieron enviar los recordatorios de evaluación (${(err as Error)?.name})`))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, o.intervalMs ?? 5 * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
