import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS, NOTE_MESSAGES } from '@bolsa/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIdempotentRequests } from '../src/idempotency/index.js';
import { validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { makeVacancies } from './support/application.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

// Idempotent writes (docs/decisions/2026-11-29-idempotent-writes.md): a write retried with the same
// Idempotency-Key is carried out once, through the real api and database.
describe.each(databases)('idempotent writes on $name', ({ start }) => {
  let t: TestApi;
  let vacancy = 0;
  let ana = 0;
  let beto = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    vacancy = (await makeVacancies(t.api.db)).open;
    const staff = await t.api.db
      .insertInto('usuarios')
      .values([
        { nombre: 'Ana Idempotente', usuario: 'ana.idem@ejemplo.org.gt', clave_hash: null, idrol: 2 },
        { nombre: 'Beto Idempotente', usuario: 'beto.idem@ejemplo.org.gt', clave_hash: null, idrol: 2 },
      ])
      .returning('id')
      .execute();
    ana = staff[0]!.id;
    beto = staff[1]!.id;
  }, 180_000);
  afterAll(async () => t?.close());

  async function candidate() {
    seq++;
    const row = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: vacancy,
        nombre: `Irene Idempotente ${seq}`,
        cui: validCui(String(72000000 + seq * 19)),
        email: `irene${seq}@example.com`,
        estado: 'postulado',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A staff write as the BFF sends it: service token, actor header, optional key. */
  const post = async (p: string, json: unknown, o: { key?: string; actor?: number } = {}) => {
    const res = await fetch(`${t.api.url}${p}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.api.token}`,
        'content-type': 'application/json',
        ...(o.actor ? { 'x-bolsa-actor': `usuario:${o.actor}` } : {}),
        ...(o.key ? { 'idempotency-key': o.key } : {}),
      },
      body: JSON.stringify(json),
    });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      retryAfter: res.headers.get('retry-after'),
      text: await res.text(),
    };
  };
  const body = (r: { text: string }) => JSON.parse(r.text) as Body;
  const notes = async (c: number) =>
    (await t.api.db.selectFrom('postulante_notas').select('texto').where('postulante_id', '=', c).execute()).length;
  const rows = async () =>
    Number(
      (
        await t.api.db
          .selectFrom('solicitudes_idempotentes')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const note = (texto: string, userId = ana) => ({ texto, usuarioId: userId, rol: 2 });

  it('adds one note for two requests with the same key; the second answer is the first, replayed', async () => {
    const c = await candidate();
    const key = randomUUID();
    const first = await post(`/internal/candidatos/${c}/notas`, note('Llamó: disponible'), { key, actor: ana });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(body(first)).toMatchObject({ success: true, message: NOTE_MESSAGES.added });
    const again = await post(`/internal/candidatos/${c}/notas`, note('Llamó: disponible'), { key, actor: ana });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await notes(c)).toBe(1);
  });

  it('keeps today’s behaviour without a key: two requests, two notes', async () => {
    const c = await candidate();
    expect((await post(`/internal/candidatos/${c}/notas`, note('Sin clave'), { actor: ana })).status).toBe(201);
    expect((await post(`/internal/candidatos/${c}/notas`, note('Sin clave'), { actor: ana })).status).toBe(201);
    expect(await notes(c)).toBe(2);
  });

  it('refuses the same key with another body (422) and a malformed key (400)', async () => {
    const c = await candidate();
    const key = randomUUID();
    expect((await post(`/internal/candidatos/${c}/notas`, note('Primera'), { key, actor: ana })).status).toBe(201);
    const other = await post(`/internal/candidatos/${c}/notas`, note('Otra distinta'), { key, actor: ana });
    expect(other.status).toBe(422);
    expect(body(other)).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
    const bad = await post(`/internal/candidatos/${c}/notas`, note('Clave mala'), { key: 'x y', actor: ana });
    expect(bad.status).toBe(400);
    expect(body(bad)).toEqual({ message: IDEMPOTENCY_MESSAGES.keyInvalid });
    expect(await notes(c)).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const c = await candidate();
    const key = randomUUID();
    const first = await post(`/internal/candidatos/${c}/notas`, note('En curso'), { key, actor: ana });
    expect(first.status).toBe(201);
    // The row as it is while its handler runs (a paused api, a slow transaction).
    await t.api.db
      .updateTable('solicitudes_idempotentes')
      .set({ estado: 'en_curso', codigo: null, cuerpo: null })
      .where('clave', '=', key)
      .execute();
    const busy = await post(`/internal/candidatos/${c}/notas`, note('En curso'), { key, actor: ana });
    expect(busy.status).toBe(409);
    expect(busy.retryAfter).toBe('2');
    expect(body(busy)).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await notes(c)).toBe(1);
  });

  it('runs a burst of concurrent duplicates once', async () => {
    const c = await candidate();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(`/internal/candidatos/${c}/notas`, note('Ráfaga'), { key, actor: ana })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.replayed === null)).toHaveLength(1);
    expect(await notes(c)).toBe(1);
  });

  it('forgets the key after a 5xx, so the retry runs', async () => {
    const c = await candidate();
    const key = randomUUID();
    const before = await rows();
    // The notes table gone for a moment: the handler fails with a 500.
    await sql`alter table postulante_notas rename to postulante_notas_fuera`.execute(t.api.db);
    try {
      const failed = await post(`/internal/candidatos/${c}/notas`, note('Tras el fallo'), { key, actor: ana });
      expect(failed.status).toBe(500);
    } finally {
      await sql`alter table postulante_notas_fuera rename to postulante_notas`.execute(t.api.db);
    }
    expect(await rows()).toBe(before);
    const retry = await post(`/internal/candidatos/${c}/notas`, note('Tras el fallo'), { key, actor: ana });
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBeNull();
    expect(await notes(c)).toBe(1);
  });

  it('keeps keys of different actors apart', async () => {
    const c = await candidate();
    const key = randomUUID();
    const a = await post(`/internal/candidatos/${c}/notas`, note('Misma clave', ana), { key, actor: ana });
    const b = await post(`/internal/candidatos/${c}/notas`, note('Misma clave', beto), { key, actor: beto });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.replayed).toBeNull();
    expect(await notes(c)).toBe(2);
  });

  it('replays a 4xx answer too (a definite answer), and never stores reads', async () => {
    const key = randomUUID();
    const missing = await post(`/internal/candidatos/999999/notas`, note('Nadie'), { key, actor: ana });
    expect(missing.status).toBe(404);
    const again = await post(`/internal/candidatos/999999/notas`, note('Nadie'), { key, actor: ana });
    expect(again.status).toBe(404);
    expect(again.replayed).toBe('true');
    expect(again.text).toBe(missing.text);
    const before = await rows();
    const read = await fetch(`${t.api.url}/internal/candidatos/${await candidate()}/notas`, {
      headers: { authorization: `Bearer ${t.api.token}`, 'idempotency-key': randomUUID() },
    });
    expect(read.status).toBe(200);
    expect(await rows()).toBe(before);
  });

  it('sweeps keys older than a day', async () => {
    const c = await candidate();
    const old = randomUUID();
    const fresh = randomUUID();
    await post(`/internal/candidatos/${c}/notas`, note('Vieja'), { key: old, actor: ana });
    await post(`/internal/candidatos/${c}/notas`, note('Nueva'), { key: fresh, actor: ana });
    await t.api.db
      .updateTable('solicitudes_idempotentes')
      .set({ creada_en: sql<string>`now() - interval '25 hours'` })
      .where('clave', '=', old)
      .execute();
    expect(await sweepIdempotentRequests(t.api.db, IDEMPOTENCY_TTL_MS)).toBe(1);
    const left = await t.api.db
      .selectFrom('solicitudes_idempotentes')
      .select('clave')
      .where('clave', 'in', [old, fresh])
      .execute();
    expect(left.map((r) => r.clave)).toEqual([fresh]);
    // The swept key is a new request again.
    const rerun = await post(`/internal/candidatos/${c}/notas`, note('Vieja'), { key: old, actor: ana });
    expect(rerun.replayed).toBeNull();
    expect(await notes(c)).toBe(3);
  });
});
