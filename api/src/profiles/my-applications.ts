import type { Db } from '../db/database.js';
import { latestFor as latestInterviews, type InterviewJson } from '../interviews/index.js';
import { findAccount } from './profile-repository.js';
import { listMyApplications, markApplicationsSeen } from './my-applications-repository.js';

// 'Mis postulaciones' (spec 1 §6): the candidate's applications and what they last saw of them.

/** What the candidate may see of an interview: when and where, not who else is invited. */
function publicInterview(i: InterviewJson | undefined) {
  if (!i) return null;
  return {
    modalidad: i.modalidad,
    fechaEntrevista: i.fechaEntrevista,
    horaInicio: i.horaInicio,
    horaFin: i.horaFin,
    sedeNombre: i.sedeNombre,
    direccion: i.direccion,
    sala: i.sala,
    meetingLink: i.meetingLink,
  };
}

export async function myApplications(db: Db, userId: number) {
  if (!(await findAccount(db, userId))) return null;
  const rows = await listMyApplications(db, userId);
  const interviews = await latestInterviews(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    estadoPostulante: r.estado,
    // The state the candidate last saw (extra: 'Estado actualizado: old → new' on any device).
    estadoVisto: r.estado_visto,
    fechaRegistro: r.fecha_registro,
    plazasAplicadas: [
      {
        plazaId: r.plaza_id,
        nombrePlaza: r.nombre_plaza,
        fechaAplicacion: r.fecha_registro,
        sede: r.sede_id,
        sedeNombre: r.sede_nombre,
        lugar: r.lugar,
      },
    ],
    // Extra (issue 12): the latest interview, so the card shows its date, time and place.
    entrevista: publicInterview(interviews.get(r.id)),
  }));
}

export async function markSeen(db: Db, userId: number): Promise<number | null> {
  if (!(await findAccount(db, userId))) return null;
  return markApplicationsSeen(db, userId);
}
