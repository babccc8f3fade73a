/**
 * A JS array as ONE statement parameter (a PostgreSQL array), for `= ANY($1::int[])` and `unnest`.
 * Drizzle's sql template spreads a bare array into a list of parameters ($1, $2, ...), which breaks
 * `ANY(...)` and an empty array (drizzle-orm#1589); node-postgres sends a parameter's array as an array.
 */
import { sql, type SQL } from 'drizzle-orm';

export const sqlArray = (values: readonly (string | number | boolean)[]): SQL => sql`${sql.param(values)}`;
