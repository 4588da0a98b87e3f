import { sql, type Kysely } from 'kysely';
import type { Database } from '../api/src/db/database.js';

const FIRST = ['María', 'José', 'Ana', 'Luis', 'Sofía', 'Jorge', 'Lucía', 'Óscar', 'Marta', 'Iván', 'Érika', 'Ángel'];
const LAST = [
  'García',
  'López',
  'Pérez',
  'Xicará',
  'Cux',
  'Méndez',
  'Ramírez',
  'Chávez',
  'Tzul',
  'Núñez',
  'Coc',
  'Ajú',
];
// Weighted so every state has rows and the inbox is mostly early stages.
const STATES = [
  'postulado',
  'postulado',
  'postulado',
  'en seguimiento',
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
  'contratado',
  'rechazado',
  'rechazado',
];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/**
 * `candidates` applications spread over `vacancies` load vacancies ('Plaza de carga N'), one a
 * minute back from now, every state present (mostly early ones). Shared by bench/inbox.ts and
 * bench/funnel.ts.
 */
export async function seedLoad(db: Kysely<Database>, o: { candidates: number; vacancies: number }) {
  const CANDIDATES = o.candidates;
  const VACANCIES = o.vacancies;
  await sql`insert into plazas (nombre, sede_id, lugar, descripcion, fecha_publicacion, fecha_finalizacion, status)
    select 'Plaza de carga ' || i, (select min(id) from sedes), '0101:01', 'Generada para medir la bandeja',
           date '2026-11-01', date '2099-12-31', '1'
    from generate_series(1, ${VACANCIES}::int) as i`.execute(db);
  await sql`insert into postulantes (plaza_id, nombre, cui, email, telefono, estado, fecha_registro)
    select v.ids[1 + i % ${VACANCIES}::int],
           (${arr(FIRST)})[1 + i % ${FIRST.length}::int] || ' ' || (${arr(LAST)})[1 + (i / 7) % ${LAST.length}::int] || ' ' ||
             (${arr(LAST)})[1 + (i / 97) % ${LAST.length}::int],
           lpad(i::text, 13, '0'), 'carga' || i || '@example.com', '5' || lpad((i % 10000000)::text, 7, '0'),
           (${arr(STATES)})[1 + (i * 7) % ${STATES.length}::int],
           now() - (i || ' minutes')::interval
    from generate_series(1, ${CANDIDATES}::int) as i,
         (select array_agg(id order by id) as ids from plazas where nombre like 'Plaza de carga %') as v`.execute(db);
  // What autovacuum does after a bulk insert (visibility map for index-only scans, statistics).
  await sql`vacuum analyze`.execute(db);
}
