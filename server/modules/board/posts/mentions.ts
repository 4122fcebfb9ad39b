// Mentions (@colleague) in a post's HTML (tiptap's Mention node: <span data-type="mention" data-id="123">) and
// in a reply's plain text ("@[Name](user:123)", shared/board/replies.ts REPLY_MENTION). Only users who may
// read the board count; each is recorded once per post or reply in board_mentions (the mention folder -3),
// and the newly mentioned are answered so the writer can notify them.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { REPLY_MENTION } from "../../../../shared/board/replies.ts";
import { boardReaderIds } from "../access.ts";

const MAX_MENTIONS = 50;
const HTML_MENTION = /<span\b[^>]*\bdata-type="mention"[^>]*>/g;
const DATA_ID = /\bdata-id="(\d{1,15})"/;

export function mentionedInHtml(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(HTML_MENTION)) {
    const id = DATA_ID.exec(m[0]);
    if (id) ids.add(Number(id[1]));
    if (ids.size >= MAX_MENTIONS) break;
  }
  return [...ids];
}

export function mentionedInText(text: string): number[] {
  const ids = new Set<number>();
  for (const m of text.matchAll(REPLY_MENTION)) {
    ids.add(Number(m[2]));
    if (ids.size >= MAX_MENTIONS) break;
  }
  return [...ids];
}

/**
 * Makes the mentions of a post (replyId null) or a reply exactly `userIds` (those who may read the board);
 * answers the users mentioned now who were not before.
 */
export async function recordMentions(
  db: DbOrTx,
  at: { companyId: number; boardId: number; postId: number; replyId: number | null; now: Date },
  userIds: number[],
): Promise<number[]> {
  const readers = await boardReaderIds(db, at.companyId, at.boardId, userIds);
  const where = at.replyId === null ? sql`post_id = ${at.postId} and reply_id is null` : sql`reply_id = ${at.replyId}`;
  const before = await db.execute<{ user_id: string }>(sql`select user_id from board_mentions where ${where}`);
  const had = new Set(before.map((r) => Number(r.user_id)));
  const keep = new Set(readers);
  const gone = [...had].filter((id) => !keep.has(id));
  if (gone.length) {
    await db.execute(sql`delete from board_mentions where ${where} and user_id in (${sql.join(gone.map((id) => sql`${id}`), sql`, `)})`);
  }
  const added = readers.filter((id) => !had.has(id));
  for (const userId of added) {
    await db.execute(sql`
      insert into board_mentions (company_id, post_id, reply_id, user_id, created_at)
      values (${at.companyId}, ${at.postId}, ${at.replyId}, ${userId}, ${at.now.toISOString()}::timestamptz)
      on conflict do nothing`);
  }
  return added;
}
