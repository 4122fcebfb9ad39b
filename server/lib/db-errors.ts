// Recognising PostgreSQL errors that carry meaning for the caller (postgres.js puts the SQLSTATE in `code`;
// Drizzle may wrap it in `cause`).
function sqlState(e: unknown): string | undefined {
  if (typeof e !== "object" || e === null) return undefined;
  return (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
}

/** A unique index refused the row: someone else took the name, domain or address first. */
export const isUniqueViolation = (e: unknown) => sqlState(e) === "23505";
