// The top bar's search history (000 §3 "Mail search history"): one row per distinct set of options; a
// repeated search moves to the top instead of adding a row; the newest SEARCH_HISTORY_MAX are kept.
import { and, desc, eq, sql } from "drizzle-orm";
import { mailSearchHistory } from "../../../../db/schema/mail.ts";
import { SEARCH_HISTORY_MAX, type SearchHistoryItem, type SearchOptions } from "../../../../shared/mail/search.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

/** The options without empty values, keys sorted, tags sorted: equal searches get equal keys. */
export function canonicalOptions(opts: SearchOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(opts).sort()) {
    const v = opts[key as keyof SearchOptions];
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length)) continue;
    out[key] = Array.isArray(v) ? [...v].sort() : v;
  }
  return out;
}

export async function saveHistory(caller: Caller, opts: SearchOptions): Promise<void> {
  const { db, clock } = caller.deps;
  const { userId, companyId } = caller.auth;
  const options = canonicalOptions(opts);
  const key = JSON.stringify(options);
  // Later than every row of the user, even within one clock tick, so "newest first" is the order of searching.
  const at = sql`greatest(${clock.now().toISOString()}::timestamptz,
    coalesce((select max(h.created_at) from mail_search_history h where h.user_id = ${userId}) + interval '1 millisecond', '-infinity'))`;
  await db.transaction(async (tx) => {
    await tx.insert(mailSearchHistory).values({ companyId, userId, options, optionsKey: key, createdAt: at })
      .onConflictDoUpdate({ target: [mailSearchHistory.userId, mailSearchHistory.optionsKey], set: { createdAt: at } });
    await tx.execute(sql`delete from mail_search_history where user_id = ${userId} and id not in (
      select id from mail_search_history where user_id = ${userId} order by created_at desc, id desc limit ${SEARCH_HISTORY_MAX})`);
  });
}

export async function listHistory(caller: Caller): Promise<SearchHistoryItem[]> {
  const rows = await caller.deps.db.select().from(mailSearchHistory).where(eq(mailSearchHistory.userId, caller.auth.userId))
    .orderBy(desc(mailSearchHistory.createdAt), desc(mailSearchHistory.id)).limit(SEARCH_HISTORY_MAX);
  return rows.map((r) => ({ id: r.id, options: r.options as SearchOptions, createdTimeMillis: r.createdAt.getTime() }));
}

/** One entry (404 when not the caller's), or all of them. */
export async function deleteHistory(caller: Caller, input: { id?: number; isAll: boolean }): Promise<void> {
  const { db } = caller.deps;
  if (input.isAll) {
    await db.delete(mailSearchHistory).where(eq(mailSearchHistory.userId, caller.auth.userId));
    return;
  }
  const gone = await db.delete(mailSearchHistory)
    .where(and(eq(mailSearchHistory.userId, caller.auth.userId), eq(mailSearchHistory.id, input.id!))).returning({ id: mailSearchHistory.id });
  if (!gone.length) throw new AppError(404, "mail.history_not_found");
}
