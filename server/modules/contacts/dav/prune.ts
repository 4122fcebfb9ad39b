// Tombstones do not stay for ever: those of cards gone from a book more than TOMBSTONE_DAYS ago are deleted,
// and the book remembers the newest counter value it lost (pruned_seq). A sync-token older than that could
// miss a deletion, so it is refused (403 valid-sync-token, report.ts) and the client reads the book again: a
// phone that has not synced for three months does one full sync. Any number of instances may run it. The
// same for deleted groups (group vCards) and deactivated users (the company directory).
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../lib/context.ts";

export const TOMBSTONE_DAYS = 90;
const BATCH = 5000;

/** The tables of tombstones: the cards', the group vCards' and the company directory's (deactivated users). */
const TABLES = [["contact_dav_cards", "card_id"], ["contact_dav_groups", "group_id"], ["contact_dav_people", "user_id"]] as const;

/** Prunes tombstones changed before now - `days`; how many. */
export async function pruneTombstones(deps: Pick<AppDeps, "db" | "clock">, days = TOMBSTONE_DAYS): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - days * 86_400_000);
  let total = 0;
  for (const [table, key] of TABLES) {
    const [t, k] = [sql.raw(table), sql.raw(key)];
    for (;;) {
      const rows = await deps.db.execute<{ n: number }>(sql`
        with gone as (
          delete from ${t} where (${k}, book) in (
            select ${k}, book from ${t}
            where deleted and changed_at < ${before.toISOString()}::timestamptz order by changed_at limit ${BATCH} for update skip locked)
          returning book, seq),
        books as (
          update contact_dav_books b set pruned_seq = greatest(b.pruned_seq, g.seq)
          from (select book, max(seq) as seq from gone group by book) g where b.book = g.book)
        select count(*)::int as n from gone`);
      const n = Number(rows[0]?.n ?? 0);
      total += n;
      if (n < BATCH) break;
    }
  }
  return total;
}
