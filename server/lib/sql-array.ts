// Lists of ids as ONE bound parameter (a bigint[] literal) for `= any(...)`: drizzle's inArray() binds one
// parameter per id, and building such a query costs far more than running it once the list has thousands of
// ids (a calendar month list: ≈1,400 event ids; the IMAP store's uid sets), besides PostgreSQL's limit of
// 65,535 parameters a statement.
import { type SQL, sql } from "drizzle-orm";

/** `ids` as one bigint[] parameter: use as sql`${column} = any(${bigintArray(ids)})`. */
export function bigintArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => String(Math.trunc(id))).join(",")}}`}::bigint[]`;
}
