import { searchKey } from '@bolsa/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateChanged, stateTemplateName, type PipelineState } from '../src/mail/templates.js';
import { startOutboxWorker } from '../src/mail/outbox.js';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { smtpSink, until } from './support/smtp.js';

const ALL: PipelineState[] = [
  'postulado',
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
  'contratado',
  'rechazado',
];

describe('pipeline e-mails', () => {
  const base = {
    name: 'Rosa <Xuc>',
    vacancy: 'Auxiliar de enfermería',
    branch: 'Sede Central',
    publicUrl: 'https://x.gt/',
    registered: true,
  };
  it.each(ALL)(
    'the %s e-mail carries its message of spec 3 §4.3 with the vacancy and branch, in text and HTML',
    (state) => {
      const m = stateChanged({ ...base, state });
      expect(m.template).toBe(stateTemplateName(state));
      expect(m.subject).toContain('Auxiliar de enfermería');
      for (const part of [m.text, m.html]) {
        expect(part).toContain('Auxiliar de enfermería');
        expect(part).toContain('Sede Central');
      }
      const lead: Record<PipelineState, string> = {
        postulado: 'Tu postulación ha sido recibida. GTH se contactará contigo.',
        'en seguimiento': 'Tu perfil está en seguimiento por GTH.',
        // An e-mail does not send its reader to check their e-mail (issue 20).
        'pre-pruebas': 'Se te han asignado pruebas.',
        'post-pruebas': 'Estamos evaluando tus resultados. Te contactaremos pronto.',
        entrevista: '¡Estás en etapa de entrevista! GTH se comunicará contigo.',
        inducción: 'Etapa previa a contratación. GTH tomará la decisión final.',
        contratado: '¡Felicidades! Has sido seleccionado para el puesto.',
        rechazado: 'Gracias por tu interés. Te invitamos a postularte a otras vacantes.',
      };
      expect(m.text).toContain(lead[state]);
      expect(m.text).not.toContain('Revisa tu correo');
      expect(m.html).toContain('Rosa &lt;Xuc&gt;');
      expect(m.html).not.toContain('<Xuc>');
    },
  );

  it.each(ALL)('the %s e-mail points a registered candidate to /perfil and never sends a guest there', (state) => {
    const registered = stateChanged({ ...base, state });
    expect(registered.text).toContain('https://x.gt/perfil');
    expect(registered.html).toContain('href="https://x.gt/perfil"');
    const guest = stateChanged({ ...base, state, registered: false });
    for (const part of [guest.text, guest.html]) expect(part).not.toContain('/perfil');
    // Still in the process: an invitation to an account with the same e-mail and CUI/DPI.
    if (state !== 'contratado' && state !== 'rechazado') {
      expect(guest.text).toContain('Crea tu cuenta en https://x.gt/ con este mismo correo y tu CUI/DPI');
      expect(guest.html).toContain('href="https://x.gt/"');
    }
  });

  it('the reject e-mail shows everyone where the other vacancies are', () => {
    for (const registered of [true, false])
      expect(stateChanged({ ...base, state: 'rechazado', registered }).text).toContain('https://x.gt/vacantes');
  });

  it('the hire e-mail gives place, date (dd/mm/yyyy) and time', () => {
    const m = stateChanged({
      ...base,
      state: 'contratado',
      hire: { date: '2030-01-15', time: '08:30', place: 'Oficinas <centrales>' },
    });
    for (const part of [m.text, m.html]) {
      expect(part).toContain('15/01/2030');
      expect(part).toContain('08:30');
    }
    expect(m.text).toContain('Oficinas <centrales>');
    expect(m.html).toContain('Oficinas &lt;centrales&gt;');
  });

  it('the reject e-mail says not selected, kept for future vacancies, with the optional observations', () => {
    const m = stateChanged({ ...base, state: 'rechazado', observation: 'Faltó experiencia en campo.' });
    expect(m.text).toContain('no fuiste seleccionado');
    expect(m.text).toContain('Conservaremos tu postulación para futuras vacantes');
    expect(m.text).toContain('Observaciones: Faltó experiencia en campo.');
    expect(stateChanged({ ...base, state: 'rechazado' }).text).not.toContain('Observaciones');
  });
});

describe.each(databases)('pipeline REST contract on $name', ({ name, start }) => {
  let t: TestApi;
  const api = recordingClient(() => t);
  let serial = 0;
  let plazaId = 0;
  let plazaName = '';

  const insert = async (estado: string, extra: { email?: string | null; nombre?: string } = {}) => {
    const email = extra.email === undefined ? `rest.${++serial}@example.com` : extra.email;
    const { id } = await t.api.db
      .insertInto('postulantes')
      .values({ plaza_id: plazaId, nombre: extra.nombre ?? `Candidata ${serial}`, cui: null, email, estado })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const stateOf = async (id: number) =>
    (await t.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;

  beforeAll(async () => {
    t = await start();
    const p = await t.api.db.selectFrom('plazas').select(['id', 'nombre']).orderBy('id').executeTakeFirstOrThrow();
    plazaId = p.id;
    plazaName = p.nombre;
  }, 180_000);
  afterAll(async () => t?.close());

  describe('lists', () => {
    it('GET /candidatos/lista answers the documented array of active candidates only', async () => {
      const res = await api.get('/candidatos/lista');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      const states = new Set(res.body.map((c: { estadoPostulante: string }) => c.estadoPostulante.toLowerCase()));
      expect(states.has('contratado')).toBe(false);
      expect(states.has('rechazado')).toBe(false);
      const c = res.body[0];
      for (const k of [
        'id',
        'inputNombre',
        'inputEmail',
        'inputTelefono',
        'estadoPostulante',
        'fechaRegistro',
        'plazasAplicadas',
      ])
        expect(c).toHaveProperty(k);
      expect(c.plazasAplicadas[0]).toMatchObject({
        nombrePlaza: expect.any(String),
        fechaAplicacion: expect.any(String),
        estatus: expect.any(String),
      });
    });

    it('with page: the envelope with counts per state (search applied, tab not)', async () => {
      await insert('entrevista', { nombre: 'Ximena Pérez Núñez' });
      const res = await api.get(`/candidatos/lista?page=1&pageSize=2&search=${encodeURIComponent('perez nunez')}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, pageSize: 2 });
      expect(res.body.items.map((c: { inputNombre: string }) => c.inputNombre)).toContain('Ximena Pérez Núñez');
      expect(res.body.counts.entrevista).toBeGreaterThanOrEqual(1);
      expect(Object.keys(res.body.counts)).toEqual([
        'todos',
        'postulado',
        'en seguimiento',
        'pre-pruebas',
        'post-pruebas',
        'entrevista',
        'inducción',
      ]);
      const tab = await api.get('/candidatos/lista?page=1&pageSize=100&estado=Entrevista');
      expect(tab.body.items.every((c: { estadoPostulante: string }) => c.estadoPostulante === 'entrevista')).toBe(true);
      expect(tab.body.totalCount).toBe(tab.body.counts.entrevista);
      // The position (the vacancy's name) is searched too.
      const byPosition = await api.get(
        `/candidatos/lista?page=1&pageSize=5&search=${encodeURIComponent(searchKey(plazaName))}`,
      );
      expect(byPosition.body.totalCount).toBeGreaterThan(0);
    });

    it('has the trigram index of the searches on PostgreSQL (migration 0019), none on PGlite', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes
        where schemaname = current_schema() and indexname = 'postulantes_busqueda_trgm_idx'`.execute(t.api.db);
      expect(rows[0]!.n).toBe(name === 'PostgreSQL' ? 1 : 0);
    });

    it('the counts without a search (kept by migration 0020) equal a count of the rows after every kind of write', async () => {
      const counted = async () => {
        const { rows } = await sql<{ etapa: string; n: number }>`
          select etapa, count(*)::int as n from postulantes group by etapa`.execute(t.api.db);
        return Object.fromEntries(rows.map((r) => [r.etapa, r.n]));
      };
      const expectSame = async () => {
        const real = await counted();
        const active = (await api.get('/candidatos/lista?page=1&pageSize=1')).body.counts;
        const history = (await api.get('/candidatos/por-estado/contratado?page=1&tab=todos')).body.counts;
        for (const s of ['postulado', 'en seguimiento', 'pre-pruebas', 'post-pruebas', 'entrevista', 'inducción'])
          expect(active[s], s).toBe(real[s] ?? 0);
        expect(history.contratado).toBe(real.contratado ?? 0);
        expect(history.rechazado).toBe(real.rechazado ?? 0);
        const activeTotal = Object.entries(real)
          .filter(([s]) => s !== 'contratado' && s !== 'rechazado')
          .reduce((a, [, n]) => a + n, 0);
        expect(active.todos).toBe(activeTotal);
      };
      await expectSame();
      const a = await insert('postulado');
      const b = await insert('Entrevista'); // a legacy spelling counts under its canonical state
      await expectSame();
      await t.api.db.updateTable('postulantes').set({ estado: 'contratado' }).where('id', '=', a).execute();
      await t.api.db.updateTable('postulantes').set({ estado: 'entrevista' }).where('id', '=', b).execute(); // same state
      await expectSame();
      // Several changes of one candidate in one transaction; a rolled-back transaction changes nothing.
      await t.api.db.transaction().execute(async (trx) => {
        await trx.updateTable('postulantes').set({ estado: 'rechazado' }).where('id', '=', a).execute();
        await trx.updateTable('postulantes').set({ estado: 'en seguimiento' }).where('id', '=', a).execute();
      });
      await expectSame();
      await expect(
        t.api.db.transaction().execute(async (trx) => {
          await trx.updateTable('postulantes').set({ estado: 'rechazado' }).where('id', '=', b).execute();
          await trx
            .insertInto('postulantes')
            .values({ plaza_id: plazaId, nombre: 'x', cui: null, email: null, estado: 'postulado' })
            .execute();
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await expectSame();
      await t.api.db.deleteFrom('postulantes').where('id', 'in', [a, b]).execute();
      await expectSame();
    });

    it('a search answers the same page whether it matches few rows or more than a thousand', async () => {
      await sql`insert into postulantes (plaza_id, nombre, email, estado, fecha_registro)
        select ${plazaId}, 'Zoila Masiva ' || g, 'zoila' || g || '@example.com',
               case when g % 3 = 0 then 'en seguimiento' else 'postulado' end,
               now() - make_interval(mins => g)
        from generate_series(1, 1200) g`.execute(t.api.db);
      try {
        const expected = async (state: string | null, words: string[], limit: number, offset: number) => {
          const { rows } = await sql<{ id: number }>`select id from postulantes
            where etapa not in ('contratado', 'rechazado') and (${state}::text is null or etapa = ${state})
              and ${sql.join(
                words.map((w) => sql`busqueda like ${`%${w}%`}`),
                sql` and `,
              )}
            order by fecha_registro desc, id desc limit ${limit} offset ${offset}`.execute(t.api.db);
          return rows.map((r) => r.id);
        };
        const page = async (query: string) =>
          (await api.get(`/candidatos/lista?${query}`)).body as {
            items: { id: number }[];
            totalCount: number;
            page: number;
          };
        // 1,200 matches: read in date order.
        const many = await page('page=2&pageSize=10&search=zoila');
        expect(many.totalCount).toBe(1200);
        expect(many.items.map((c) => c.id)).toEqual(await expected(null, ['zoila'], 10, 10));
        // 400 matches inside a tab, and 1 match: found first, then sorted.
        const tab = await page('page=3&pageSize=25&estado=en%20seguimiento&search=zoila');
        expect(tab.totalCount).toBe(400);
        expect(tab.items.map((c) => c.id)).toEqual(await expected('en seguimiento', ['zoila'], 25, 50));
        const one = await page(`page=1&pageSize=10&search=${encodeURIComponent('masiva 1199')}`);
        expect(one.items.map((c) => c.id)).toEqual(await expected(null, ['masiva', '1199'], 10, 0));
        expect(one.totalCount).toBe(1);
        // No match: no page to read; a page past the last: the last page.
        expect((await page('page=1&pageSize=10&search=zzzqqq')).items).toEqual([]);
        const past = await page('page=99&pageSize=10&estado=en%20seguimiento&search=zoila');
        expect(past.page).toBe(40);
        expect(past.items.map((c) => c.id)).toEqual(await expected('en seguimiento', ['zoila'], 10, 390));
      } finally {
        await t.api.db.deleteFrom('postulantes').where('nombre', 'like', 'Zoila Masiva %').execute();
      }
    });

    it("searches % as itself, not as LIKE's wildcard; '_' is a joiner like '.' (one character, never many)", async () => {
      await insert('postulado', { nombre: 'Rosa 100% Tay' });
      const count = async (q: string) =>
        (await api.get(`/candidatos/lista?page=1&pageSize=1&search=${encodeURIComponent(q)}`)).body.totalCount;
      expect(await count('100% tay')).toBeGreaterThanOrEqual(1);
      expect(await count('%')).toBe(await count('100% tay'));
      // domain SEARCH_JOINERS: 'rosa_100' is typed the way a user name spells 'Rosa 100'.
      expect(await count('rosa_100%')).toBe(await count('rosa.100%'));
      expect(await count('rosa_100%')).toBeGreaterThanOrEqual(1);
      expect(await count('ro_100')).toBe(0);
    });

    it('refuses bad list parameters in Spanish', async () => {
      expect((await api.get('/candidatos/lista?page=0')).status).toBe(400);
      expect((await api.get('/candidatos/lista?page=1&estado=contratado')).status).toBe(400);
      expect((await api.get('/candidatos/lista?page=1&sort=salario')).body.message).toBe(
        'El campo de ordenamiento no es válido.',
      );
    });

    it('sorts by name and by state', async () => {
      const byName = await api.get('/candidatos/lista?page=1&pageSize=100&sort=name&order=asc');
      const names = byName.body.items.map((c: { inputNombre: string }) => searchKey(c.inputNombre));
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      const byState = await api.get('/candidatos/lista?page=1&pageSize=100&sort=state&order=asc');
      expect(byState.body.items[0].estadoPostulante).toBe('postulado');
    });

    it('GET /candidatos/por-plaza/{plazaId}: that vacancy only, any state', async () => {
      await insert('contratado');
      const res = await api.get(`/candidatos/por-plaza/${plazaId}`);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((c: { vacanteId: number }) => c.vacanteId === plazaId)).toBe(true);
      const paged = await api.get(`/candidatos/por-plaza/${plazaId}?page=1&pageSize=5`);
      expect(paged.body.items.length).toBeLessThanOrEqual(5);
      expect(paged.body.counts.contratado).toBeGreaterThanOrEqual(1);
      expect((await api.get('/candidatos/por-plaza/999999')).body).toEqual([]);
    });

    it('GET /candidatos/por-estado/contratado|rechazado: the history lists, with tabs and two searches', async () => {
      await insert('rechazado', { nombre: 'Úrsula Historial' });
      const hired = await api.get('/candidatos/por-estado/contratado');
      expect(hired.body.every((c: { estadoPostulante: string }) => c.estadoPostulante === 'contratado')).toBe(true);
      const rejected = await api.get('/candidatos/por-estado/rechazado');
      expect(rejected.body.map((c: { inputNombre: string }) => c.inputNombre)).toContain('Úrsula Historial');
      const all = await api.get('/candidatos/por-estado/contratado?page=1&tab=todos&candidato=ursula');
      expect(all.body.items.map((c: { inputNombre: string }) => c.inputNombre)).toEqual(['Úrsula Historial']);
      expect(all.body.counts).toEqual({ todos: 1, contratado: 0, rechazado: 1 });
      const byPosition = await api.get(
        `/candidatos/por-estado/rechazado?page=1&puesto=${encodeURIComponent(plazaName.toUpperCase())}`,
      );
      expect(byPosition.body.items.length).toBeGreaterThan(0);
      expect((await api.get('/candidatos/por-estado/entrevista')).status).toBe(400);
    });
  });

  describe('detail', () => {
    it('GET /candidatos/detalle/{id} answers the fields of spec 3 §3 with documents and references', async () => {
      const demo = await t.api.db
        .selectFrom('postulantes')
        .innerJoin('postulante_archivos', 'postulante_archivos.postulante_id', 'postulantes.id')
        .select('postulantes.id')
        .where('postulantes.es_demo', '=', true)
        .executeTakeFirstOrThrow();
      const res = await api.get(`/candidatos/detalle/${demo.id}`);
      expect(res.status).toBe(200);
      for (const k of [
        'inputCui',
        'inputDireccion',
        'inputEdad',
        'inputEstadocivil',
        'slcNivel',
        'slcDisponibilidad',
        'pretension',
        'slcPnegociable',
      ])
        expect(res.body).toHaveProperty(k);
      expect(res.body.documentos.map((d: { tipo: string }) => d.tipo).sort()).toEqual(['curriculum', 'fotografia']);
      expect(res.body.fotografiaId).toEqual(expect.any(Number));
      expect(res.body.referidos.map((r: { tipo: number }) => r.tipo)).toEqual([1, 2]);
      expect(res.body.experiencias[0]).toMatchObject({ empresa: expect.any(String), puesto: expect.any(String) });
    });

    it('404 "Candidato no encontrado" for an unknown id, 400 for one that cannot be', async () => {
      expect((await api.get('/candidatos/detalle/999999')).body).toEqual({ message: 'Candidato no encontrado' });
      expect((await api.get('/candidatos/detalle/abc')).status).toBe(400);
    });

    it('an erased row answers its placeholder name and no personal data', async () => {
      const id = await insert('en seguimiento');
      await t.api.db
        .updateTable('postulantes')
        .set({ datos_eliminados: true, email: null, telefono: null, nombre: '' })
        .where('id', '=', id)
        .execute();
      const res = await api.get(`/candidatos/detalle/${id}`);
      expect(res.body).toMatchObject({
        inputNombre: 'Datos eliminados a solicitud del candidato',
        inputEmail: null,
        datosEliminados: true,
      });
    });
  });

  describe('state changes', () => {
    it('GET /candidatos/estados-permitidos/{id} follows the domain, per role (?rol=)', async () => {
      const id = await insert('en seguimiento');
      expect((await api.get(`/candidatos/estados-permitidos/${id}`)).body).toEqual({
        estadosPermitidos: ['pre-pruebas', 'entrevista', 'rechazado'],
      });
      expect((await api.get(`/candidatos/estados-permitidos/${id}?rol=3`)).body).toEqual({ estadosPermitidos: [] });
      expect((await api.get('/candidatos/estados-permitidos/999999')).status).toBe(404);
    });

    it('POST /candidatos/cambiar-estado/{id} writes state, history and e-mail together', async () => {
      const id = await insert('postulado');
      const staff = await t.api.db.selectFrom('usuarios').select('id').where('idrol', '=', 2).executeTakeFirstOrThrow();
      const res = await api.post(`/candidatos/cambiar-estado/${id}`, {
        nuevoEstado: 'En Seguimiento',
        mensaje: 'Perfil prometedor',
        usuarioId: staff.id,
        rol: 2,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Estado actualizado',
        estadoAnterior: 'postulado',
        estadoNuevo: 'en seguimiento',
        correoEncolado: true,
      });
      expect(await stateOf(id)).toBe('en seguimiento');
      const history = await t.api.db
        .selectFrom('postulantes_historial')
        .selectAll()
        .where('postulante_id', '=', id)
        .execute();
      expect(history).toMatchObject([
        {
          estado_anterior: 'postulado',
          estado_nuevo: 'en seguimiento',
          usuario_id: staff.id,
          nota: 'Perfil prometedor',
        },
      ]);
      const mails = await t.api.db
        .selectFrom('correos_salientes')
        .selectAll()
        .where('postulante_id', '=', id)
        .execute();
      expect(mails).toMatchObject([{ plantilla: 'estado-en-seguimiento', estado: 'pendiente' }]);
      const timeline = await api.get(`/internal/candidatos/${id}/linea-de-tiempo`);
      expect(timeline.body.estados).toHaveLength(1);
      expect(timeline.body.correos).toMatchObject([
        { plantilla: 'estado-en-seguimiento', estado: 'pendiente', intentos: 0 },
      ]);
    });

    it('refuses what the flow forbids: 400 with the documented message, the current state and the allowed ones', async () => {
      const id = await insert('postulado');
      const res = await api.post(`/candidatos/cambiar-estado/${id}`, { nuevoEstado: 'contratado' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Cambio de estado no permitido según el flujo de trabajo',
        estadoActual: 'postulado',
        estadosPermitidos: ['en seguimiento', 'rechazado'],
      });
      expect(await stateOf(id)).toBe('postulado');
      const history = await t.api.db
        .selectFrom('postulantes_historial')
        .select('id')
        .where('postulante_id', '=', id)
        .execute();
      expect(history).toEqual([]);
    });

    it('404 for an unknown candidate, 400 for an unknown state, 403 for role 3', async () => {
      expect((await api.post('/candidatos/cambiar-estado/999999', { nuevoEstado: 'rechazado' })).body).toEqual({
        message: 'Candidato no encontrado',
      });
      const id = await insert('postulado');
      expect((await api.post(`/candidatos/cambiar-estado/${id}`, { nuevoEstado: 'despedido' })).status).toBe(400);
      expect((await api.post(`/candidatos/cambiar-estado/${id}`, {})).status).toBe(400);
      expect((await api.post(`/candidatos/cambiar-estado/${id}`, { nuevoEstado: 'rechazado', rol: 3 })).status).toBe(
        403,
      );
      expect(await stateOf(id)).toBe('postulado');
    });

    it('legacy stored spellings move on from the state they mean', async () => {
      const id = await insert('Pruebas Tecnicas');
      const res = await api.post(`/candidatos/${id}/estado`, { estadoPostulante: 'pre-pruebas' });
      expect(res.body).toMatchObject({ estadoAnterior: 'en seguimiento', estadoNuevo: 'pre-pruebas' });
      const legacy = await insert('EN ENTREVISTA');
      expect((await api.post(`/candidatos/${legacy}/estado`, { estadoPostulante: 'Induccion' })).body.estadoNuevo).toBe(
        'inducción',
      );
    });

    it('an expected state that changed meanwhile is refused with the new one (409), nothing written', async () => {
      const id = await insert('entrevista');
      await api.post(`/candidatos/${id}/estado`, { estadoPostulante: 'inducción' });
      const res = await api.post(`/candidatos/cambiar-estado/${id}`, {
        nuevoEstado: 'rechazado',
        estadoActual: 'entrevista',
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ estadoActual: 'inducción', estadosPermitidos: ['contratado', 'rechazado'] });
      expect(await stateOf(id)).toBe('inducción');
    });

    it('hire: needs an address unless forced (422 correo_no_encolado), and carries the dialog fields', async () => {
      const none = await insert('inducción', { email: null });
      const refused = await api.post(`/candidatos/cambiar-estado/${none}`, { nuevoEstado: 'contratado' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ codigo: 'correo_no_encolado', message: 'No se pudo enviar el correo' });
      expect(await stateOf(none)).toBe('inducción');
      const forced = await api.post(`/candidatos/cambiar-estado/${none}`, { nuevoEstado: 'contratado', forzar: true });
      expect(forced.body).toMatchObject({ estadoNuevo: 'contratado', correoEncolado: false });

      const id = await insert('inducción');
      const bad = await api.post(`/candidatos/cambiar-estado/${id}`, {
        nuevoEstado: 'contratado',
        fechaContratacion: '2030-01-15',
        horaContratacion: '',
        lugarContratacion: 'Sede',
      });
      expect(bad.body.message).toBe('Debes completar fecha, hora y lugar');
      const ok = await api.post(`/candidatos/cambiar-estado/${id}`, {
        nuevoEstado: 'contratado',
        fechaContratacion: '2030-01-15',
        horaContratacion: '08:30',
        lugarContratacion: 'Clínica Central',
      });
      expect(ok.body.correoEncolado).toBe(true);
      const mail = await t.api.db
        .selectFrom('correos_salientes')
        .select(['plantilla', 'texto'])
        .where('postulante_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(mail.plantilla).toBe('estado-contratado');
      expect(mail.texto).toContain('15/01/2030');
      expect(mail.texto).toContain('Clínica Central');
    });

    it('reject without an address: still rejected, no e-mail; reactivation (role 1) returns where it was', async () => {
      const id = await insert('post-pruebas', { email: null });
      const res = await api.post(`/candidatos/cambiar-estado/${id}`, {
        nuevoEstado: 'rechazado',
        mensaje: 'Sin experiencia',
      });
      expect(res.body).toMatchObject({ estadoNuevo: 'rechazado', correoEncolado: false });
      expect((await api.post(`/candidatos/reactivar/${id}`, { rol: 2 })).status).toBe(400);
      const back = await api.post(`/candidatos/reactivar/${id}`);
      expect(back.body).toMatchObject({ estadoAnterior: 'rechazado', estadoNuevo: 'post-pruebas' });
      expect((await api.post(`/candidatos/reactivar/${id}`)).status).toBe(400);
    });

    it('two changes at once on one candidate: one wins, the other sees the new state', async () => {
      const id = await insert('entrevista');
      const [a, b] = await Promise.all([
        api.post(`/candidatos/cambiar-estado/${id}`, { nuevoEstado: 'inducción', estadoActual: 'entrevista' }),
        api.post(`/candidatos/cambiar-estado/${id}`, { nuevoEstado: 'rechazado', estadoActual: 'entrevista' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      const winner = a.status === 200 ? a : b;
      expect(loser.body.estadoActual).toBe(winner.body.estadoNuevo);
      const history = await t.api.db
        .selectFrom('postulantes_historial')
        .select('id')
        .where('postulante_id', '=', id)
        .execute();
      expect(history).toHaveLength(1);
    });
  });

  describe('delete and notify', () => {
    it('POST /candidatos/{id} deletes the row, its files in storage and its outbox rows', async () => {
      const demo = await t.api.db
        .selectFrom('postulante_archivos')
        .select(['postulante_id', 'clave'])
        .orderBy('postulante_id', 'desc')
        .executeTakeFirstOrThrow();
      const id = demo.postulante_id;
      await api.post(`/candidatos/cambiar-estado/${id}`, { nuevoEstado: 'rechazado' });
      const res = await api.post(`/candidatos/${id}`);
      expect(res.body).toEqual({ success: true, message: 'Candidato eliminado' });
      expect(await t.api.db.selectFrom('postulantes').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(
        await t.api.db.selectFrom('correos_salientes').select('id').where('postulante_id', '=', id).execute(),
      ).toEqual([]);
      expect(
        await t.api.db.selectFrom('postulantes_historial').select('id').where('postulante_id', '=', id).execute(),
      ).toEqual([]);
      const file = await api.get(`/internal/archivos/${demo.clave}`);
      expect(file.status).toBe(404);
      expect((await api.post(`/candidatos/${id}`)).status).toBe(404);
    });

    it('POST /email/notificar-estado queues the state e-mail and answers { success }', async () => {
      const id = await insert('en seguimiento');
      const res = await api.post('/email/notificar-estado', {
        postulante: {
          Id: id,
          InputNombre: 'X',
          InputEmail: 'otra@example.com',
          InputTelefono: '',
          EstadoPostulante: 'en seguimiento',
        },
        estadoAnterior: 'postulado',
        estadoNuevo: 'en seguimiento',
        observacionesAdicionales: 'Bienvenida',
      });
      expect(res.body).toEqual({ success: true });
      const mail = await t.api.db
        .selectFrom('correos_salientes')
        .select(['destinatario', 'texto'])
        .where('postulante_id', '=', id)
        .executeTakeFirstOrThrow();
      // The stored address of a known candidate, not whatever the payload says.
      expect(mail.destinatario).toBe(`rest.${serial}@example.com`);
      expect(mail.texto).toContain('Bienvenida');
      const none = await insert('postulado', { email: null });
      expect(
        (await api.post('/email/notificar-estado', { postulante: { Id: none }, estadoNuevo: 'postulado' })).body,
      ).toEqual({ success: false });
    });
  });

  it('each state’s e-mail arrives at the SMTP sink', async () => {
    const sink = await smtpSink();
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
    });
    try {
      const id = await insert('postulado', { email: 'recorrido@example.com' });
      const steps = ['en seguimiento', 'pre-pruebas', 'post-pruebas', 'entrevista', 'inducción'];
      for (const s of steps)
        expect((await api.post(`/candidatos/${id}/estado`, { estadoPostulante: s })).status).toBe(200);
      await api.post(`/candidatos/cambiar-estado/${id}`, {
        nuevoEstado: 'contratado',
        fechaContratacion: '2030-02-01',
        horaContratacion: '09:00',
        lugarContratacion: 'Oficinas centrales',
      });
      const other = await insert('entrevista', { email: 'descartada@example.com' });
      await api.post(`/candidatos/cambiar-estado/${other}`, {
        nuevoEstado: 'rechazado',
        mensaje: 'Gracias por participar',
      });
      await until(() => sink.inbox.filter((m) => m.to[0] === 'recorrido@example.com').length === 6);
      await until(() => sink.inbox.some((m) => m.to[0] === 'descartada@example.com'));
      const mine = sink.inbox.filter((m) => m.to[0] === 'recorrido@example.com');
      // Delivery order is the worker's business; every state's message arrives once.
      expect(mine).toHaveLength(6);
      expect(mine.map((m) => m.text)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('Tu perfil está en seguimiento por GTH.'),
          expect.stringContaining('Se te han asignado pruebas.'),
          expect.stringContaining('Estamos evaluando tus resultados.'),
          expect.stringContaining('¡Estás en etapa de entrevista!'),
          expect.stringContaining('Etapa previa a contratación.'),
          expect.stringContaining('01/02/2030'),
        ]),
      );
      // Guests (no account): nothing sends them to /perfil, which they cannot open.
      for (const m of mine) expect(m.text).not.toContain('/perfil');
      const rejected = sink.inbox.find((m) => m.to[0] === 'descartada@example.com')!;
      expect(rejected.text).toContain('Gracias por participar');
      expect(rejected.html).toContain('Conservaremos tu postulación');
    } finally {
      await worker.stop();
      await sink.close();
    }
  });

  it('keeps the migration’s computed columns in step with the domain’s folding and states', async () => {
    const id = await insert('  EN   REVISIÓN ', { nombre: 'ÁNGEL Ñuñez', email: 'ANGEL@EXAMPLE.COM'.toLowerCase() });
    const row = await t.api.db
      .selectFrom('postulantes')
      .select(['etapa', 'busqueda', sql<string>`nombre`.as('n')])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.etapa).toBe('en seguimiento');
    expect(row.busqueda).toBe(`${searchKey('ÁNGEL Ñuñez')} angel@example.com`);
  });
});
