/** PostgreSQL errors a service answers itself (the driver's error, or one Drizzle wrapped as its cause). */

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | null;
  return !!err && (err.code === '23505' || isUniqueViolation(err.cause));
};
