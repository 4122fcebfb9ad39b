// GET search: messages of the caller's rooms whose text has every word of the keyword, newest first, with the
// mail module's Korean-aware design (server/lib/search-tokens.ts: two-syllable grams anywhere, other words at a
// word's start): the GIN index of search_vector finds candidates, words of several lexemes are confirmed in the
// text. Deleted and SYSTEM messages are never found (a deleted message's vector is emptied too).
import { type SQL, sql } from "drizzle-orm";
import type { SearchPage } from "../../../shared/messenger/api.ts";
import { SEARCH_PAGE } from "../../../shared/messenger/constants.ts";
import type { Caller } from "../../lib/context.ts";
import { inColumns, tsqueryAll, wordsOf } from "../../lib/search-words.ts";
import { requireMember } from "./access.ts";
import { loadMessages } from "./message-load.ts";
import { displayName } from "./rooms-repo.ts";

const COUNT_CAP = 1000;

export async function search(caller: Caller, q: { keyword: string; roomId?: number; page: number }): Promise<SearchPage> {
  const { db } = caller.deps;
  const { userId, companyId } = caller.auth;
  const empty: SearchPage = { content: [], totalElements: 0, totalPages: 0, page: q.page, pageSize: SEARCH_PAGE };
  if (q.roomId !== undefined) await requireMember(db, caller, q.roomId);
  const words = wordsOf(q.keyword);
  if (!words.length) return empty;
  const where: SQL = sql`m.company_id = ${companyId} and m.deleted_at is null and m.kind <> 'SYSTEM'
    and m.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumns([sql`m.text`], words)}
    ${q.roomId !== undefined ? sql`and m.room_id = ${q.roomId}` : sql``}`;
  const from = sql`from messenger_messages m join messenger_members mm on mm.room_id = m.room_id and mm.user_id = ${userId}`;
  const [rows, [{ n }]] = await Promise.all([
    db.execute<{ id: string; room_id: string; kind: string; name: string; peer: string | null }>(sql`
      select m.id, m.room_id, r.kind, r.name,
             (select u.display_name from messenger_members o join users u on u.id = o.user_id
               where r.kind = 'DIRECT' and o.room_id = r.id and o.user_id <> ${userId} limit 1) as peer
        ${from} join messenger_rooms r on r.id = m.room_id
       where ${where}
       order by m.id desc limit ${SEARCH_PAGE} offset ${q.page * SEARCH_PAGE}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${from} where ${where} limit ${COUNT_CAP}) x`),
  ]);
  if (!rows.length) return { ...empty, totalElements: n, totalPages: Math.ceil(n / SEARCH_PAGE) };
  const me = await displayName(db, userId);
  // Unread counts are not shown on hits: no read positions are loaded.
  const messages = new Map((await loadMessages(db, companyId, rows.map((r) => Number(r.id)), [], userId)).map((m) => [m.id, m]));
  const content = rows.flatMap((r) => {
    const message = messages.get(Number(r.id));
    if (!message) return [];
    const roomName = r.kind === "DIRECT" ? (r.peer ?? r.name) : r.kind === "SELF" ? me : r.name;
    return [{ message: { ...message, unreadCount: 0 }, roomName }];
  });
  return { content, totalElements: n, totalPages: Math.ceil(n / SEARCH_PAGE), page: q.page, pageSize: SEARCH_PAGE };
}
