// Recognising PostgreSQL errors that carry meaning for the caller (postgres.js puts the SQLSTATE in `code`;
// Drizzle may wrap it in `cause`).
type PgError = { code?: string; constraint_name?: string };

function pgError(e: unknown): PgError | undefined {
  if (typeof e !== "object" || e === null) return undefined;
  const direct = e as PgError & { cause?: PgError };
  return direct.code ? direct : direct.cause;
}

/** A unique index (optionally: this one) refused the row: someone else took the name, domain or address first. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const pg = pgError(e);
  return pg?.code === "23505" && (!constraint || pg.constraint_name === constraint);
}

/** A deadlock (40P01) or a serialization failure (40001): the transaction was rolled back and may run again. */
export function isRetryableConflict(e: unknown): boolean {
  const code = pgError(e)?.code;
  return code === "40P01" || code === "40001";
}
