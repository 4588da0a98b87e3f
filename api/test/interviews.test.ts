import { todayInGuatemala } from '@bolsa/domain';
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
  let sedeId = 0;

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
    plazaId = (await t.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
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
    expect(mine.subject).toBe('Invitación a entrevista');
    expect(mine.ics).toContain('METHOD:REQUEST');
    const parsed = ical.sync.parseICS(mine.ics!);
    const event = Object.values(parsed).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(event.start.toISOString()).toBe(`${inDays(3)}T16:00:00.000Z`);
    expect(event.end?.toISOString()).toBe(`${inDays(3)}T17:00:00.000Z`);
    expect(String(event.location)).toContain('5a avenida 10-20, zona 1');
    expect(String(event.location)).toContain('Sala: B2');
    expect(mine.ics).toContain('TZID=America/Guatemala');
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

  describe('bad input: a Spanish message, nothing stored, nothing queued', () => {
    const cases: [string, (id: number) => Record<string, unknown>, string, number, string?][] = [
      ['a past date', (id) => inPerson(id, { fechaEntrevista: inDays(-1) }), 'La fecha no puede ser en el pasado', 400],
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
