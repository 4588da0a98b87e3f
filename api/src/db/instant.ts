import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamp column as the api writes an instant in JSON: ISO 8601 in UTC with a 'Z'
 * ('2026-11-27T03:04:05.678Z'), whatever the database session's time zone, on PostgreSQL and
 * PGlite alike. The candidate's own area (profiles/) has always answered whole seconds:
 * `{ milliseconds: false }` keeps that.
 */
export function utcInstant<T extends string | null = string>(
  column: string,
  { milliseconds = true }: { milliseconds?: boolean } = {},
): RawBuilder<T> {
  return milliseconds
    ? sql<T>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<T>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}
