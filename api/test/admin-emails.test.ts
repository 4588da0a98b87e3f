import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEmailJson } from '../src/admin-emails/repository.js';
import { DEMO_ADMIN_EMAILS } from '../src/demo/index.js';
import { createLogger } from '../src/observability/index.js';
import { startApi } from '../src/server.js';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';

const DOMAIN = 'ejemplo.org.gt';
const KEYS = ['correo_id', 'email', 'nombre', 'activo'];
const spanish = new Intl.Collator('es', { sensitivity: 'base' });

describe.each(databases)('administrative e-mails on $name', ({ start }) => {
  let t: TestApi;
  const { bodies, get, post } = recordingClient(() => t);
  const list = async (query = '') => (await get(`/correos${query}`)).body as AdminEmailJson[];

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('demo data and GET /correos', () => {
    it('lists the 5 demo addresses by name, one inactive', async () => {
      const all = await list();
      expect(all).toHaveLength(5);
      for (const c of all) {
        expect(Object.keys(c)).toEqual(KEYS);
        expect(c.email).toMatch(new RegExp(`^[a-z]+@${DOMAIN.replace(/\./g, '\\.')}$`));
        expect(c.nombre.split(' ').length).toBeGreaterThanOrEqual(3);
      }
      expect(all.map((c) => c.nombre)).toEqual([...DEMO_ADMIN_EMAILS.map((c) => c.nombre)].sort(spanish.compare));
      expect(all.filter((c) => !c.activo)).toHaveLength(1);
    });

    it('lists only active ones with soloActivos=true, all with false or without it', async () => {
      const active = await list('?soloActivos=true');
      expect(active).toHaveLength(4);
      expect(active.every((c) => c.activo)).toBe(true);
      expect(await list('?soloActivos=false')).toHaveLength(5);
      expect(await list('?soloActivos=nada')).toHaveLength(5);
    });
  });

  describe('POST /correos', () => {
    it('creates a trimmed, lower-cased address of the domain', async () => {
      const res = await post('/correos', {
        email: '  Reclutamiento.GTH@Ejemplo.ORG.gt ',
        nombre: '  Reclutamiento GTH ',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(KEYS);
      expect(res.body).toMatchObject({
        email: 'reclutamiento.gth@ejemplo.org.gt',
        nombre: 'Reclutamiento GTH',
        activo: true,
      });
      expect((await list()).some((c) => c.correo_id === res.body.correo_id)).toBe(true);
    });

    it('refuses another domain or a malformed address with the domain message', async () => {
      for (const email of [
        'persona@gmail.com',
        `persona@sub.${DOMAIN}`,
        `@${DOMAIN}`,
        'persona',
        '',
        `per sona@${DOMAIN}`,
      ]) {
        const res = await post('/correos', { email, nombre: 'Persona válida' });
        expect([res.status, res.body]).toEqual([400, { message: `Formato inválido. Solo @${DOMAIN}` }]);
      }
      const res = await post('/correos', { nombre: 'Sin correo' });
      expect(res.body).toEqual({ message: `Formato inválido. Solo @${DOMAIN}` });
    });

    it('needs a name of at least 3 characters after trimming', async () => {
      for (const nombre of ['', 'Al', '  Al  ', undefined]) {
        const res = await post('/correos', { email: `corto@${DOMAIN}`, nombre });
        expect([res.status, res.body]).toEqual([400, { message: 'Nombre demasiado corto' }]);
      }
      expect((await post('/correos', { email: `tres@${DOMAIN}`, nombre: ' Ana ' })).status).toBe(201);
    });

    it('answers 409 for an address already registered, whatever its case', async () => {
      const res = await post('/correos', { email: `MCASTILLO@${DOMAIN.toUpperCase()}`, nombre: 'Otra persona' });
      expect([res.status, res.body]).toEqual([409, { message: 'Ese correo ya está registrado.' }]);
    });
  });

  describe('POST /correos/{correo_id}', () => {
    it('updates address and name with the same rules', async () => {
      const created = (await post('/correos', { email: `editar@${DOMAIN}`, nombre: 'Para editar' }))
        .body as AdminEmailJson;
      const res = await post(`/correos/${created.correo_id}`, { email: ` Editado@${DOMAIN} `, nombre: 'Ya editado' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...created, email: `editado@${DOMAIN}`, nombre: 'Ya editado' });

      const wrong = await post(`/correos/${created.correo_id}`, { email: 'editado@otro.org', nombre: 'Ya editado' });
      expect([wrong.status, wrong.body]).toEqual([400, { message: `Solo @${DOMAIN}` }]);
      const short = await post(`/correos/${created.correo_id}`, { email: `editado@${DOMAIN}`, nombre: 'Yo' });
      expect([short.status, short.body]).toEqual([400, { message: 'Nombre demasiado corto' }]);
      const taken = await post(`/correos/${created.correo_id}`, { email: `laju@${DOMAIN}`, nombre: 'Ya editado' });
      expect([taken.status, taken.body]).toEqual([409, { message: 'Ese correo ya está registrado.' }]);
      // Saving its own address again is not a duplicate.
      expect(
        (await post(`/correos/${created.correo_id}`, { email: `editado@${DOMAIN}`, nombre: 'Otra vez' })).status,
      ).toBe(200);
    });

    it('answers 404 for a missing record and 400 for a bad id', async () => {
      const res = await post('/correos/999999', { email: `x@${DOMAIN}`, nombre: 'Nadie aquí' });
      expect([res.status, res.body]).toEqual([404, { message: 'El correo no existe.' }]);
      const bad = await post('/correos/abc', { email: `x@${DOMAIN}`, nombre: 'Nadie aquí' });
      expect([bad.status, bad.body]).toEqual([400, { message: 'Identificador inválido' }]);
    });
  });

  describe('POST /correos/{correo_id}/activo', () => {
    it('deactivates with Activo and reactivates with activo, answering the record', async () => {
      const target = (await list('?soloActivos=true'))[0]!;
      const off = await post(`/correos/${target.correo_id}/activo`, { Activo: false });
      expect([off.status, off.body]).toEqual([200, { ...target, activo: false }]);
      expect((await list('?soloActivos=true')).some((c) => c.correo_id === target.correo_id)).toBe(false);
      const on = await post(`/correos/${target.correo_id}/activo`, { activo: true });
      expect(on.body).toEqual(target);
      expect((await post(`/correos/${target.correo_id}/activo`, { Activo: 'false' })).body.activo).toBe(false);
      expect((await post(`/correos/${target.correo_id}/activo`, { Activo: '1' })).body.activo).toBe(true);
    });

    it('answers 400 without a flag and 404 for a missing record', async () => {
      const [first] = await list();
      const res = await post(`/correos/${first!.correo_id}/activo`, { Activo: 'sí' });
      expect([res.status, res.body]).toEqual([400, { message: 'El valor de activo debe ser verdadero o falso.' }]);
      const missing = await post('/correos/999999/activo', { Activo: true });
      expect([missing.status, missing.body]).toEqual([404, { message: 'El correo no existe.' }]);
    });
  });

  describe('POST /correos/{correo_id}/eliminar', () => {
    it('deletes permanently', async () => {
      const created = (await post('/correos', { email: `borrar@${DOMAIN}`, nombre: 'Para borrar' }))
        .body as AdminEmailJson;
      const res = await post(`/correos/${created.correo_id}/eliminar`);
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      expect((await list()).some((c) => c.correo_id === created.correo_id)).toBe(false);
      const again = await post(`/correos/${created.correo_id}/eliminar`);
      expect([again.status, again.body]).toEqual([404, { message: 'El correo no existe.' }]);
      // The address can be registered again.
      expect((await post('/correos', { email: `borrar@${DOMAIN}`, nombre: 'Para borrar' })).status).toBe(201);
    });
  });

  it('never logs the addresses', () => {
    const logs = t.logs.join('\n');
    expect(logs).not.toMatch(/@/);
    expect(logs).not.toContain('Reclutamiento');
    // Sanity: the bodies did carry them.
    expect(bodies.join('\n')).toContain(`reclutamiento.gth@${DOMAIN}`);
  });
});

describe('administrative e-mails with another domain', () => {
  it('uses ORG_EMAIL_DOMAIN for the rule, the message and the demo addresses', async () => {
    const api = await startApi({
      memory: true,
      port: 0,
      seedDemo: true,
      orgEmailDomain: 'salud.org.gt',
      logger: createLogger('api', { level: 'silent' }),
    });
    try {
      const client = recordingClient(() => ({ api, logs: [], close: async () => undefined }));
      const listed = (await client.get('/correos')).body as AdminEmailJson[];
      expect(listed.every((c) => c.email.endsWith('@salud.org.gt'))).toBe(true);
      const refused = await client.post('/correos', { email: `nuevo@${DOMAIN}`, nombre: 'Nuevo correo' });
      expect(refused.body).toEqual({ message: 'Formato inválido. Solo @salud.org.gt' });
      expect((await client.post('/correos', { email: 'nuevo@salud.org.gt', nombre: 'Nuevo correo' })).status).toBe(201);
    } finally {
      await api.close();
    }
  });
});
