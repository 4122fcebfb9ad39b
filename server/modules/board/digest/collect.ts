// What one person's daily digest tells, since their last one: new posts in the boards they follow, mentions of
// them, replies and reactions to their posts (grouped per post), and must-read posts they have not read yet
// (younger than MUST_READ_DIGEST_DAYS). Only boards they may still read, only what others did, nothing in
// trash or on a deleted board.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { MUST_READ_DIGEST_DAYS } from "../../../../shared/board/constants.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { readableBoardIds } from "../access.ts";

/** Lines shown per part; the parts' totals are told in full. */
export const DIGEST_LINES = 10;

export interface DigestPost {
  postId: number;
  boardId: number;
  title: string;
  boardName: string;
  /** The author, or who mentioned them. */
  by: string;
}

export interface DigestCount {
  postId: number;
  boardId: number;
  title: string;
  count: number;
}

export interface Digest {
  newPosts: { items: DigestPost[]; total: number };
  mentions: { items: DigestPost[]; total: number };
  replies: DigestCount[];
  reactions: DigestCount[];
  mustRead: { items: DigestPost[]; total: number };
}

export interface DigestUser {
  userId: number;
  companyId: number;
  role: string;
}

export const isEmpty = (d: Digest) =>
  !d.newPosts.total && !d.mentions.total && !d.replies.length && !d.reactions.length && !d.mustRead.total;

type Row = { post_id: string; board_id: string; title: string; board_name: string; by: string; total: string };
const posts = (rows: Row[]) => ({
  items: rows.map((r) => ({ postId: Number(r.post_id), boardId: Number(r.board_id), title: r.title, boardName: r.board_name, by: r.by })),
  total: rows.length ? Number(rows[0].total) : 0,
});
type CountRow = { post_id: string; board_id: string; title: string; n: string };
const counts = (rows: CountRow[]) => rows.map((r) => ({ postId: Number(r.post_id), boardId: Number(r.board_id), title: r.title, count: Number(r.n) }));

export async function collectDigest(db: DbOrTx, u: DigestUser, since: Date, now: Date): Promise<Digest> {
  const boards = await readableBoardIds(db, u);
  const empty: Digest = { newPosts: { items: [], total: 0 }, mentions: { items: [], total: 0 }, replies: [], reactions: [], mustRead: { items: [], total: 0 } };
  if (!boards.length) return empty;
  const readable = bigintArray(boards);
  const from = since.toISOString();
  const to = now.toISOString();
  const live = sql`p.company_id = ${u.companyId} and p.board_id = any(${readable}) and p.deleted_at is null`;
  const mustReadFrom = new Date(now.getTime() - MUST_READ_DIGEST_DAYS * 86_400_000).toISOString();
  const [newPosts, mentions, replies, reactions, mustRead] = await Promise.all([
    db.execute<Row>(sql`
      select p.id as post_id, p.board_id, p.title, b.name as board_name, a.display_name as by, count(*) over () as total
        from board_posts p join boards b on b.id = p.board_id join users a on a.id = p.user_id
        join board_user_states s on s.board_id = p.board_id and s.user_id = ${u.userId} and s.following
       where ${live} and p.user_id <> ${u.userId} and p.created_at > ${from}::timestamptz and p.created_at <= ${to}::timestamptz
       order by p.created_at, p.id limit ${DIGEST_LINES}`),
    db.execute<Row>(sql`
      select p.id as post_id, p.board_id, p.title, b.name as board_name, a.display_name as by, count(*) over () as total
        from board_mentions m join board_posts p on p.id = m.post_id join boards b on b.id = p.board_id
        left join board_replies r on r.id = m.reply_id
        join users a on a.id = coalesce(r.user_id, p.user_id)
       where m.user_id = ${u.userId} and ${live} and a.id <> ${u.userId}
         and m.created_at > ${from}::timestamptz and m.created_at <= ${to}::timestamptz
       order by m.created_at, m.id limit ${DIGEST_LINES}`),
    db.execute<CountRow>(sql`
      select p.id as post_id, p.board_id, p.title, count(*) as n
        from board_replies r join board_posts p on p.id = r.post_id
       where p.user_id = ${u.userId} and ${live} and r.user_id <> ${u.userId} and not r.is_blind
         and r.created_at > ${from}::timestamptz and r.created_at <= ${to}::timestamptz
       group by p.id order by max(r.created_at), p.id limit ${DIGEST_LINES}`),
    db.execute<CountRow>(sql`
      select p.id as post_id, p.board_id, p.title, count(*) as n
        from board_feelings f join board_posts p on p.id = f.post_id
       where p.user_id = ${u.userId} and ${live} and f.user_id <> ${u.userId}
         and f.created_at > ${from}::timestamptz and f.created_at <= ${to}::timestamptz
       group by p.id order by max(f.created_at), p.id limit ${DIGEST_LINES}`),
    db.execute<Row>(sql`
      select p.id as post_id, p.board_id, p.title, b.name as board_name, a.display_name as by, count(*) over () as total
        from board_posts p join boards b on b.id = p.board_id join users a on a.id = p.user_id
       where ${live} and p.must_read and p.user_id <> ${u.userId}
         and p.created_at > ${mustReadFrom}::timestamptz and p.created_at <= ${to}::timestamptz
         and not exists (select 1 from board_post_reads rd where rd.post_id = p.id and rd.user_id = ${u.userId})
       order by p.created_at, p.id limit ${DIGEST_LINES}`),
  ]);
  return { newPosts: posts(newPosts), mentions: posts(mentions), replies: counts(replies), reactions: counts(reactions), mustRead: posts(mustRead) };
}
