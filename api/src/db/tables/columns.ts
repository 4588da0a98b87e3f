import type { ColumnType } from 'kysely';

/** Insert jsonb as JSON text: node-postgres would otherwise send a JS array as a Postgres array literal. */
export type JsonList = ColumnType<string[], string | undefined, string>;
/** DATE columns are read through to_char, written as 'YYYY-MM-DD'. */
export type CalendarDate = ColumnType<Date | string, string, string>;
/** Has a default: optional on insert. */
export type Timestamp = ColumnType<Date | string, string | undefined, string>;
