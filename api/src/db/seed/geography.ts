import { DEPARTMENTS, MUNICIPALITIES } from '@bolsa/domain/geography';
import { sql } from 'kysely';
import type { Db } from '../database.js';

/** Loads Guatemala's departments and municipalities when any are missing; a no-op on later starts. */
export async function seedGeography(db: Db): Promise<boolean> {
  const { n } = await db
    .selectFrom('municipios')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (n >= MUNICIPALITIES.length) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('departamentos')
      .values(DEPARTMENTS.map((d) => ({ codigo: d.codigo, nombre: d.nombre })))
      .onConflict((oc) => oc.column('codigo').doUpdateSet({ nombre: (eb) => eb.ref('excluded.nombre') }))
      .execute();
    await trx
      .insertInto('municipios')
      .values(
        MUNICIPALITIES.map((m) => ({ codigo: m.codigo, nombre: m.nombre, departamento_codigo: m.departamentoCodigo })),
      )
      .onConflict((oc) =>
        oc.column('codigo').doUpdateSet({
          nombre: (eb) => eb.ref('excluded.nombre'),
          departamento_codigo: (eb) => eb.ref('excluded.departamento_codigo'),
        }),
      )
      .execute();
  });
  return true;
}
