import { todayInGuatemala, toGuatemalaWallClock } from '@bolsa/domain';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../src/server.js';
import { recordingClient } from './support/client.js';
import type { TestApi } from './support/databases.js';
import { smtpSink, until, type SmtpSink } from './support/smtp.js';

const ORGANISER = 'gth@ejemplo.org.gt';

/** A date n days after today in Guatemala. */
function inDays(n: number): string {
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

describe('interviews (REST, PGlite, SMTP sink)', () => {
  let t: TestApi;
  let sink: SmtpSink;
  const api = recordingClient(() => t);
  let serial = 0;
  let plazaId = 0;
  let plazaNombre = '';
  let sedeId = 0;
  let gestor = { id: 0, nombre: '' };

  const insert = async (estado: string, email: string | null = `intv.${++serial}@example.com`) => {
    const { id } = await t.api.db
      .insertInto('postulantes')
      .values({ plaza_id: plazaId, nombre: `Candidata ${serial}`, cui: null, email, estado })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const stateOf = async (id: number) =>
    (await t.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;
  const interviewsOf = async (id: number) =>
    t.api.db.selectFrom('entrevistas').selectAll().where('postulante_id', '=', id).execute();
  const outboxOf = async (id: number) =>
    t.api.db.selectFrom('correos_salientes').selectAll().where('postulante_id', '=', id).execute();

  const inPerson = (candidateId: number, over: Record<string, unknown> = {}) => ({
    candidatoId: candidateId,
    candidatoNombre: 'Candidata',
    candidatoEmail: 'candidata@example.com',
    fechaEntrevista: inDays(3),
    horaInicio: '10:00',
    horaFin: '11:00',
    participantes: ['Jefa@Ejemplo.org.gt', 'jefa@ejemplo.org.gt', 'otro@ejemplo.org.gt'],
    observaciones: 'Traer DPI',
    organizadorEmail: ORGANISER,
    sede: sedeId,
    direccion: '5a avenida 10-20, zona 1',
    sala: 'B2',
    entrevistador: 'Lic. Pérez',
    rol: 2,
    ...over,
  });

  beforeAll(async () => {
    sink = await smtpSink();
    const api = await startApi({
      memory: true,
      port: 0,
      seedDemo: true,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mail: { pollMs: 100 },
    });
    t = { api, logs: [], close: () => api.close() };
    ({ id: plazaId, nombre: plazaNombre } = await t.api.db
      .selectFrom('plazas')
      .select(['id', 'nombre'])
      .orderBy('id')
      .executeTakeFirstOrThrow());
    gestor = await t.api.db
      .selectFrom('usuarios')
      .select(['id', 'nombre'])
      .where('usuario', '=', 'gestor@ejemplo.org.gt')
      .executeTakeFirstOrThrow();
    sedeId = (await t.api.db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('in person: stored, candidate → entrevista, ICS invitations to the candidate and every participant', async () => {
    const id = await insert('post-pruebas');
    const res = await api.post('/entrevista/crear-entrevista-presencial', inPerson(id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, meetingLink: null, error: null });
    expect(res.body.entrevista).toMatchObject({
      candidatoId: id,
      modalidad: 'PRESENCIAL',
      horaInicio: '10:00',
      horaFin: '11:00',
      participantes: ['jefa@ejemplo.org.gt', 'otro@ejemplo.org.gt'],
      sala: 'B2',
    });
    expect(await stateOf(id)).toBe('entrevista');
    expect(await interviewsOf(id)).toHaveLength(1);
    const address = `intv.${serial}@example.com`;
    await until(() =>
      ['jefa@ejemplo.org.gt', 'otro@ejemplo.org.gt', address].every((a) => sink.inbox.some((m) => m.to.includes(a))),
    );
    const mine = sink.inbox.find((m) => m.to.includes(address))!;
    expect(mine.ics).toContain('METHOD:REQUEST');
    expect(mine.icsMethod).toBe('REQUEST');
    const parsed = ical.sync.parseICS(mine.ics!);
    const event = Object.values(parsed).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(event.start.toISOString()).toBe(`${inDays(3)}T16:00:00.000Z`);
    expect(event.end?.toISOString()).toBe(`${inDays(3)}T17:00:00.000Z`);
    expect(String(event.location)).toContain('5a avenida 10-20, zona 1');
    expect(String(event.location)).toContain('Sala: B2');
    // UTC times: no TZID that would need a VTIMEZONE the invitation does not carry (RFC 5545 §3.2.19).
    expect(mine.ics).toMatch(new RegExp(`^DTSTART:${inDays(3).replaceAll('-', '')}T160000Z\\r?$`, 'm'));
    expect(mine.ics).not.toContain('TZID=');
    expect(mine.subject).toBe(`Invitación a entrevista: ${plazaNombre}`);
    const attendees = ([] as unknown[]).concat(event.attendee ?? []).map((a) => JSON.stringify(a).toLowerCase());
    expect(attendees.some((a) => a.includes(address))).toBe(true);
    expect(attendees.some((a) => a.includes('jefa@ejemplo.org.gt'))).toBe(true);
    expect(JSON.stringify(event.organizer).toLowerCase()).toContain(ORGANISER);

    const list = await api.get(`/internal/entrevista/postulante/${id}`);
    expect(list.body).toHaveLength(1);
    const timeline = await api.get(`/internal/candidatos/${id}/linea-de-tiempo`);
    expect(timeline.body.entrevistas).toMatchObject([
      { modalidad: 'PRESENCIAL', horaInicio: '10:00', horaFin: '11:00' },
    ]);
    expect(timeline.body.estados.at(-1)).toMatchObject({ estadoNuevo: 'entrevista' });
  });

  it('virtual without Graph: a meeting link from VIRTUAL_MEETING_URL, in the invitation', async () => {
    const id = await insert('en seguimiento');
    const res = await api.post('/entrevista/crear-reunion-teams', {
      ...inPerson(id),
      sede: undefined,
      direccion: undefined,
      participantes: ['jefa@ejemplo.org.gt'],
    });
    expect(res.status).toBe(200);
    expect(res.body.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\/bolsa-[a-z0-9]+$/);
    expect(await stateOf(id)).toBe('entrevista');
    const mails = await outboxOf(id);
    expect(mails.length).toBe(2);
    for (const m of mails) expect(m.ics).toContain(res.body.meetingLink);
  });

  it('an interview for a candidate already in entrevista re-schedules: invitation sent, state kept', async () => {
    const id = await insert('entrevista');
    const res = await api.post('/entrevista/crear-entrevista-presencial', inPerson(id));
    expect(res.status).toBe(200);
    expect(await stateOf(id)).toBe('entrevista');
    expect((await outboxOf(id)).length).toBe(3);
  });

  const mailsTo = (address: string) => sink.inbox.filter((m) => m.to.includes(address));
  const eventOf = (ics: string) =>
    Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
  const attendeesOf = (e: ical.VEvent) =>
    ([] as unknown[]).concat(e.attendee ?? []).map((a) => JSON.stringify(a).toLowerCase());

  it('the e-mail names the vacancy, greets by name, says when in Guatemala time, where, who interviews and who organises, signed by GTH', async () => {
    const id = await insert('post-pruebas');
    const address = `intv.${serial}@example.com`;
    const guest = `externa.${serial}@example.com`;
    const res = await api.post(
      '/entrevista/crear-entrevista-presencial',
      inPerson(id, {
        fechaEntrevista: '2030-12-05',
        participantes: ['jefa@ejemplo.org.gt', guest],
        usuarioId: gestor.id,
      }),
    );
    expect(res.status).toBe(200);
    await until(() => [address, 'jefa@ejemplo.org.gt', guest].every((a) => mailsTo(a).length > 0));
    const mine = mailsTo(address).at(-1)!;
    expect(mine.subject).toBe(`Invitación a entrevista: ${plazaNombre}`);
    expect(mine.text).toMatch(new RegExp(`^Hola, Candidata ${serial}:$`, 'm'));
    expect(mine.text).toContain(`Te invitamos a una entrevista para la plaza ${plazaNombre}.`);
    expect(mine.text).toContain('- Fecha: jueves 05/12/2030');
    expect(mine.text).toContain('- Hora: 10:00 a 11:00 (hora de Guatemala)');
    expect(mine.text).toContain('- Modalidad: Presencial');
    expect(mine.text).toMatch(/- Lugar: .*5a avenida 10-20, zona 1 · Sala: B2/);
    expect(mine.text).toContain('- Entrevistador: Lic. Pérez');
    expect(mine.text).toContain(`- Organiza: ${gestor.nombre} (${ORGANISER})`);
    expect(mine.text).toContain('Observaciones: Traer DPI');
    expect(mine.text).toContain(`Si no puedes asistir o tienes dudas, escribe a ${ORGANISER}.`);
    expect(mine.text).toMatch(/Gestión del Talento Humano · Bolsa de Trabajo\s*\nEste es un mensaje automático/);
    expect(mine.html).toContain(`Hola, Candidata ${serial}:`);
    expect(mine.html).toContain('Gestión del Talento Humano · Bolsa de Trabajo');
    expect(mine.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const event = eventOf(mine.ics!);
    expect(event.start.toISOString()).toBe('2030-12-05T16:00:00.000Z');
    expect(String(event.summary)).toBe(`Entrevista: ${plazaNombre}`);
    expect(JSON.stringify(event.organizer)).toContain(gestor.nombre);

    // A participant's copy names the candidate; an address typed by hand (not internal) is invited too.
    for (const p of ['jefa@ejemplo.org.gt', guest]) {
      const theirs = mailsTo(p).at(-1)!;
      expect(theirs.subject).toBe(`Entrevista con Candidata ${serial}: ${plazaNombre}`);
      expect(theirs.text).toMatch(/^Hola:$/m);
      expect(theirs.text).toContain(`Se programó una entrevista con Candidata ${serial} para la plaza ${plazaNombre}.`);
      expect(theirs.text).toContain('- Entrevistador: Lic. Pérez');
      expect(theirs.text).toContain('Gestión del Talento Humano · Bolsa de Trabajo');
      expect(eventOf(theirs.ics!).uid).toBe(event.uid);
    }
  });

  it('scheduling again updates the same calendar event (same UID, SEQUENCE + 1) and withdraws it from a dropped participant (CANCEL)', async () => {
    const id = await insert('post-pruebas');
    const address = `intv.${serial}@example.com`;
    const first = await api.post(
      '/entrevista/crear-entrevista-presencial',
      inPerson(id, {
        fechaEntrevista: '2030-12-05',
        participantes: ['jefa@ejemplo.org.gt', 'otro@ejemplo.org.gt'],
        usuarioId: gestor.id,
      }),
    );
    expect(first.status).toBe(200);
    await until(
      () =>
        mailsTo(address).length === 1 &&
        mailsTo('otro@ejemplo.org.gt').some((m) => m.text.includes(`Candidata ${serial}`)),
    );
    const one = eventOf(mailsTo(address)[0]!.ics!);
    expect(Number(one.sequence ?? 0)).toBe(0);
    expect(one.uid).toMatch(/^entrevista-.+@/);

    // Same day an hour later, another room; 'otro' is dropped, 'nueva' is added.
    const second = await api.post(
      '/entrevista/crear-entrevista-presencial',
      inPerson(id, {
        fechaEntrevista: '2030-12-06',
        horaInicio: '15:30',
        horaFin: '16:15',
        sala: 'C1',
        participantes: ['jefa@ejemplo.org.gt', 'nueva@ejemplo.org.gt'],
        usuarioId: gestor.id,
      }),
    );
    expect(second.status).toBe(200);
    expect(await stateOf(id)).toBe('entrevista');
    const mentions = (m: { text: string }) => m.text.includes(`Candidata ${serial}`);
    await until(() => mailsTo(address).length === 2);

    // The candidate: an update of the event they have, not a second event.
    const update = mailsTo(address)[1]!;
    const two = eventOf(update.ics!);
    expect(two.uid).toBe(one.uid);
    expect(Number(two.sequence)).toBe(1);
    expect(update.icsMethod).toBe('REQUEST');
    expect(two.start.toISOString()).toBe('2030-12-06T21:30:00.000Z');
    expect(String(two.location)).toContain('Sala: C1');
    expect(attendeesOf(two).some((a) => a.includes('otro@ejemplo.org.gt'))).toBe(false);
    expect(attendeesOf(two).some((a) => a.includes('nueva@ejemplo.org.gt'))).toBe(true);
    expect(update.subject).toBe(`Entrevista reprogramada: ${plazaNombre}`);
    expect(update.text).toContain(`Tu entrevista para la plaza ${plazaNombre} cambió. Estos son los nuevos datos:`);
    expect(update.text).toContain('- Fecha: viernes 06/12/2030');
    expect(update.text).toContain('- Hora: 15:30 a 16:15 (hora de Guatemala)');

    await until(
      () =>
        mailsTo('otro@ejemplo.org.gt').filter(mentions).length === 2 && mailsTo('nueva@ejemplo.org.gt').some(mentions),
    );

    // Kept participant: the update; new one: an invitation to the same event.
    const kept = mailsTo('jefa@ejemplo.org.gt').filter(mentions).at(-1)!;
    expect(kept.subject).toBe(`Entrevista reprogramada con Candidata ${serial}: ${plazaNombre}`);
    expect(eventOf(kept.ics!)).toMatchObject({ uid: one.uid });
    const added = mailsTo('nueva@ejemplo.org.gt').filter(mentions).at(-1)!;
    expect(added.subject).toBe(`Entrevista con Candidata ${serial}: ${plazaNombre}`);
    expect(eventOf(added.ics!).uid).toBe(one.uid);

    // Dropped participant: METHOD:CANCEL for that UID, only them as attendee.
    const gone = mailsTo('otro@ejemplo.org.gt').filter(mentions).at(-1)!;
    expect(gone.subject).toBe(`Entrevista cancelada: Candidata ${serial}, ${plazaNombre}`);
    expect(gone.text).toContain('ya no se requiere tu participación');
    expect(gone.text).toContain('jueves 05/12/2030');
    expect(gone.icsMethod).toBe('CANCEL');
    expect(gone.ics).toMatch(/^METHOD:CANCEL\r?$/m);
    const cancelled = eventOf(gone.ics!);
    expect(cancelled.uid).toBe(one.uid);
    expect(Number(cancelled.sequence)).toBe(1);
    expect(cancelled.status).toBe('CANCELLED');
    expect(gone.ics).not.toContain('Sala: C1');
    expect(attendeesOf(cancelled)).toHaveLength(1);
    expect(attendeesOf(cancelled)[0]).toContain('otro@ejemplo.org.gt');

    // A third time: SEQUENCE 2, still the same event.
    const third = await api.post('/entrevista/crear-reunion-teams', {
      ...inPerson(id, { fechaEntrevista: '2030-12-09', participantes: ['jefa@ejemplo.org.gt'], usuarioId: gestor.id }),
      sede: undefined,
      direccion: undefined,
    });
    expect(third.status).toBe(200);
    await until(() => mailsTo(address).length === 3);
    const three = eventOf(mailsTo(address)[2]!.ics!);
    expect(three.uid).toBe(one.uid);
    expect(Number(three.sequence)).toBe(2);
    const virtual = mailsTo(address)[2]!;
    expect(virtual.ics).toContain(third.body.meetingLink);
    expect(virtual.text).toContain(`- Enlace de la reunión: ${third.body.meetingLink}`);
    expect(virtual.text).toContain('- Modalidad: Virtual (Teams)');
  });

  describe('bad input: a Spanish message, nothing stored, nothing queued', () => {
    type Case = [string, (id: number) => Record<string, unknown>, string, number, string?];
    const cases: Case[] = [
      ['a past date', (id) => inPerson(id, { fechaEntrevista: inDays(-1) }), 'La fecha no puede ser en el pasado', 400],
      // Today at midnight has gone by, except during the day's first minute (then the case is left out).
      ...(toGuatemalaWallClock(new Date()).time > '00:00'
        ? [
            [
              'today, at an hour already gone',
              (id: number) => inPerson(id, { fechaEntrevista: inDays(0), horaInicio: '00:00', horaFin: '00:30' }),
              'La hora desde no puede ser en el pasado',
              400,
            ] satisfies Case,
          ]
        : []),
      [
        'end before start',
        (id) => inPerson(id, { horaInicio: '11:00', horaFin: '10:00' }),
        'Hora hasta debe ser mayor que hora desde',
        400,
      ],
      ['a malformed time (in person)', (id) => inPerson(id, { horaInicio: '25:99' }), 'Hora inválida (HH:mm).', 400],
      [
        'a malformed time (virtual)',
        (id) => ({ ...inPerson(id), horaFin: 'diez' }),
        'Formato de hora inválido',
        400,
        'virtual',
      ],
      [
        'a malformed date',
        (id) => inPerson(id, { fechaEntrevista: '30/11/2030' }),
        'Usa un formato válido (yyyy-MM-dd).',
        400,
      ],
      [
        'no participants (virtual)',
        (id) => inPerson(id, { participantes: [] }),
        'Debe especificar al menos un participante',
        400,
        'virtual',
      ],
      [
        'participants that are not e-mails (virtual)',
        (id) => inPerson(id, { participantes: ['nadie'] }),
        'Debe especificar al menos un participante',
        400,
        'virtual',
      ],
      ['no branch', (id) => inPerson(id, { sede: undefined }), 'La sede es obligatoria', 400],
      ['no address', (id) => inPerson(id, { direccion: '  ' }), 'La dirección es obligatoria', 400],
      [
        'an organiser outside the domain',
        (id) => inPerson(id, { organizadorEmail: 'gth@gmail.com' }),
        'No autorizado',
        403,
      ],
      ['no organiser', (id) => inPerson(id, { organizadorEmail: undefined }), 'No autorizado', 403],
      ['role 3', (id) => inPerson(id, { rol: 3 }), 'Cambio de estado no permitido según el flujo de trabajo', 403],
    ];
    it.each(cases)('%s', async (_name, body, message, status, mode) => {
      const id = await insert('post-pruebas');
      const path = mode === 'virtual' ? '/entrevista/crear-reunion-teams' : '/entrevista/crear-entrevista-presencial';
      const res = await api.post(path, body(id));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ success: false, error: message });
      expect(await stateOf(id)).toBe('post-pruebas');
      expect(await interviewsOf(id)).toHaveLength(0);
      expect(await outboxOf(id)).toHaveLength(0);
    });

    it('a candidate without e-mail', async () => {
      const id = await insert('post-pruebas', null);
      const res = await api.post('/entrevista/crear-entrevista-presencial', inPerson(id));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Email del candidato es inválido' });
      expect(await stateOf(id)).toBe('post-pruebas');
      expect(await interviewsOf(id)).toHaveLength(0);
    });

    it('a candidate the workflow does not allow (postulado → entrevista)', async () => {
      const id = await insert('postulado');
      const res = await api.post('/entrevista/crear-entrevista-presencial', inPerson(id));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, codigo: 'cambio_no_permitido' });
      expect(await interviewsOf(id)).toHaveLength(0);
      expect(await outboxOf(id)).toHaveLength(0);
    });
  });
});
