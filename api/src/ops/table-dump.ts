import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * A logical dump through SQL (docs/decisions/2026-11-26-backup-and-restore.md): each table's rows
 * as JSON text (`row_to_json`), read in primary-key order one page at a time, and written back with
 * `json_populate_recordset`. The same statements run on PostgreSQL of any recent major version and
 * on PGlite, so a dump from one restores into the other. The schema itself is not dumped: the
 * restore builds it with our own migrations, up to the level the dump was taken at.
 */

type Q = Kysely<Database> | Transaction<Database>;

export interface TableInfo {
  name: string;
  /** Stored columns in table order (generated columns are left out: the database computes them). */
  columns: string[];
  primaryKey: string[];
  /** Tables with bytea columns hold files' bytes (e-mail attachments): read a few rows at a time. */
  wide: boolean;
}

export interface SequenceState {
  name: string;
  /** bigint as text */
  value: string;
  isCalled: boolean;
}

/** Every table of the current schema (kysely's bookkeeping aside), parents before children. */
export async function describeTables(db: Q): Promise<TableInfo[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and not c.relispartition
      and c.relname not like 'kysely\\_%'
    order by c.relname`.execute(db);
  const { rows: columns } = await sql<{ table: string; name: string; type: string }>`
    select c.relname as table, a.attname as name, t.typname as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_type t on t.oid = a.atttypid
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db);
  const { rows: keys } = await sql<{ table: string; name: string }>`
    select c.relname as table, a.attname as name
    from pg_index i join pg_class c on c.oid = i.indrelid
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where c.relnamespace = current_schema()::regnamespace and i.indisprimary
    order by c.relname, array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const { rows: links } = await sql<{ child: string; parent: string }>`
    select ch.relname as child, pa.relname as parent
    from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    where k.contype = 'f' and ch.relnamespace = current_schema()::regnamespace`.execute(db);

  const info = new Map<string, TableInfo>(
    tables.map((t) => [t.name, { name: t.name, columns: [], primaryKey: [], wide: false }]),
  );
  for (const c of columns) {
    const t = info.get(c.table);
    if (!t) continue;
    t.columns.push(c.name);
    if (c.type === 'bytea') t.wide = true;
  }
  for (const k of keys) info.get(k.table)?.primaryKey.push(k.name);

  // Parents first, so foreign keys hold row by row while loading. A table referring to itself
  // loads in primary-key order (a parent row is older than its children).
  const parents = new Map<string, Set<string>>([...info.keys()].map((n) => [n, new Set<string>()]));
  for (const l of links) if (l.child !== l.parent && info.has(l.parent)) parents.get(l.child)?.add(l.parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (placed.size < info.size) {
    const ready = [...info.keys()].filter((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const rest = [...info.keys()].filter((n) => !placed.has(n));
      throw new Error(`Foreign keys form a cycle between ${rest.join(', ')}: the dump cannot order them`);
    }
    for (const n of ready) {
      placed.add(n);
      ordered.push(info.get(n)!);
    }
  }
  return ordered;
}

const ids = (names: string[]) =>
  sql.join(
    names.map((n) => sql.id(n)),
    sql`, `,
  );
const qualified = (alias: string, names: string[]) =>
  sql.join(
    names.map((n) => sql.id(alias, n)),
    sql`, `,
  );

export async function countRows(db: Q, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The table's rows as JSON texts, a page at a time, in primary-key order (ctid order without one).
 * Run it inside one repeatable-read transaction so every page sees the same snapshot.
 */
export async function* readRows(db: Q, table: TableInfo, pageRows?: number): AsyncGenerator<string[]> {
  const limit = pageRows ?? (table.wide ? 8 : 500);
  const key = table.primaryKey.length > 0 ? table.primaryKey : null;
  let last: string | null = null;
  for (;;) {
    let page: string[];
    if (key) {
      const after: RawBuilder<unknown> =
        last === null
          ? sql`true`
          : sql`(${ids(key)}) > (select ${ids(key)} from json_populate_record(null::${sql.table(table.name)}, ${last}::json))`;
      const { rows } = await sql<{ j: string }>`
        select row_to_json(t)::text as j from (
          select ${ids(table.columns)} from ${sql.table(table.name)} where ${after} order by ${ids(key)} limit ${limit}
        ) t order by ${qualified('t', key)}`.execute(db);
      page = rows.map((r) => r.j);
      last = page.at(-1) ?? null;
    } else {
      const after: RawBuilder<unknown> = last === null ? sql`true` : sql`ctid > ${last}::tid`;
      const { rows } = await sql<{ j: string; c: string }>`
        select row_to_json(t)::text as j, c from (
          select ${ids(table.columns)}, ctid::text as c from ${sql.table(table.name)} where ${after} order by ctid limit ${limit}
        ) t order by t.c::tid`.execute(db);
      // ctid is a column of the inner select only for paging; row_to_json(t) must not carry it.
      page = rows.map((r) => {
        const row = JSON.parse(r.j) as Record<string, unknown>;
        delete row.c;
        return JSON.stringify(row);
      });
      last = rows.at(-1)?.c ?? null;
    }
    if (page.length === 0) return;
    yield page;
    if (page.length < limit) return;
  }
}

/** Inserts rows given as JSON texts (as readRows gave them) into `table`, keeping their ids. */
export async function writeRows(db: Q, table: TableInfo, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const json = `[${rows.join(',')}]`;
  await sql`insert into ${sql.table(table.name)} (${ids(table.columns)}) overriding system value
    select ${ids(table.columns)} from json_populate_recordset(null::${sql.table(table.name)}, ${json}::json)`.execute(
    db,
  );
}

export async function readSequences(db: Q): Promise<SequenceState[]> {
  const { rows: names } = await sql<{ name: string }>`
    select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'S'
    order by relname`.execute(db);
  const out: SequenceState[] = [];
  for (const { name } of names) {
    const { rows } = await sql<{ value: string; is_called: boolean }>`
      select last_value::text as value, is_called from ${sql.table(name)}`.execute(db);
    out.push({ name, value: rows[0]!.value, isCalled: rows[0]!.is_called });
  }
  return out;
}

export async function writeSequences(db: Q, sequences: SequenceState[]): Promise<void> {
  for (const s of sequences)
    await sql`select setval(to_regclass(quote_ident(${s.name})), ${s.value}::bigint, ${s.isCalled})`.execute(db);
}

/** Every table's user triggers (the candidate counts) off while loading: the dump already holds their effect. */
export async function setUserTriggers(db: Q, tables: TableInfo[], enabled: boolean): Promise<void> {
  for (const t of tables)
    await sql`alter table ${sql.table(t.name)} ${enabled ? sql`enable` : sql`disable`} trigger user`.execute(db);
}

export async function truncateAll(db: Q, tables: TableInfo[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate table ${sql.join(
    tables.map((t) => sql.table(t.name)),
    sql`, `,
  )}`.execute(db);
}

/** Tables (reference data aside) that hold at least one row. */
export async function tablesWithRows(db: Q, tables: TableInfo[], ignore: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const t of tables) {
    if (ignore.includes(t.name)) continue;
    const { rows } = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(t.name)}) as any`.execute(db);
    if (rows[0]?.any) out.push(t.name);
  }
  return out;
}
