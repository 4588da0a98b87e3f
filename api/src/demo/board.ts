import { dayjs, guatemalaToInstant, todayInGuatemala } from '@bolsa/domain';
import { sql } from 'kysely';
import type { FileStore } from '../storage/index.js';
import { newVacancyImageKeys } from '../vacancies/index.js';
import type { Db } from '../db/database.js';
import { DEMO_BRANCHES, DEMO_VACANCIES } from './board-data.js';
import { renderVacancyImages } from './images.js';

export interface DemoSeedResult {
  sedes: number;
  plazas: number;
}

const shift = (today: string, days: number): string => dayjs(today, 'YYYY-MM-DD').add(days, 'day').format('YYYY-MM-DD');

export async function isBoardEmpty(db: Db): Promise<boolean> {
  const { n } = await db
    .selectFrom('plazas')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n === 0;
}

/**
 * Loads the demo branches and vacancies, dated relative to `today` (Guatemala) so the board
 * always looks current. Rows are marked es_demo so they can be told apart and removed.
 */
export async function seedDemoData(
  db: Db,
  files: FileStore,
  today: string = todayInGuatemala(),
): Promise<DemoSeedResult> {
  // Images first and concurrently: sharp renders on libuv's pool, the inserts wait on one connection anyway.
  const images = await Promise.all(
    DEMO_VACANCIES.map(async (v, i) => {
      if (!v.icon) return null;
      const keys = newVacancyImageKeys();
      const images = await renderVacancyImages(v.icon, i);
      await files.put(keys.detail, images.detail);
      await files.put(keys.card, images.card);
      return keys.detail;
    }),
  );

  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sedes')
      .values(DEMO_BRANCHES.map((b) => ({ nombre: b.nombre, direccion: b.direccion, es_demo: true })))
      .onConflict((oc) => oc.column('nombre').doNothing())
      .execute();
    const branches = await trx
      .selectFrom('sedes')
      .select(['id', 'nombre'])
      .where(
        'nombre',
        'in',
        DEMO_BRANCHES.map((b) => b.nombre),
      )
      .execute();
    const branchId = new Map(branches.map((b) => [b.nombre, b.id]));

    const rows = DEMO_VACANCIES.map((v, i) => {
      const published = shift(today, -v.publishedDaysAgo);
      return {
        nombre: v.nombre,
        sede_id: branchId.get(v.sede) ?? null,
        lugar: v.lugar,
        descripcion: v.descripcion,
        requisitos: JSON.stringify(v.requisitos),
        beneficios: JSON.stringify(v.beneficios),
        imagen: images[i] ?? null,
        fecha_publicacion: published,
        fecha_finalizacion: shift(today, v.endsInDays),
        status: v.active ? ('1' as const) : ('0' as const),
        destacado: v.destacado,
        // Office hours in Guatemala, staggered so creation times differ.
        fecha_creacion: guatemalaToInstant(
          published,
          `${String(9 + (i % 6)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
        )!.toISOString(),
        es_demo: true,
      };
    });
    await trx.insertInto('plazas').values(rows).execute();
    return { sedes: branches.length, plazas: rows.length };
  });
}
