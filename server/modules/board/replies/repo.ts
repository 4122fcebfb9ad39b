// Queries of board_replies (and the reply's file and mentions). Pages are oldest first on the indexes
// board_replies_post_idx (a post's top-level replies) and board_replies_parent_idx (a reply's children), so
// the first page of a thread of a million replies reads a few index entries, never the thread.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { BoardUserRef } from "../../../../shared/board/boards.ts";
import type { BoardFile } from "../../../../shared/board/posts.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

export interface ReplyRow {
  id: number;
  postId: number;
  parentId: number | null;
  userId: number;
  userName: string;
  userEmail: string;
  content: string;
  childCount: number;
  isBlind: boolean;
  createdAt: number;
  updatedAt: number;
}

const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::bigint`;

const COLUMNS = sql`r.id, r.post_id, r.parent_id, r.user_id, u.display_name as user_name, u.username as user_email, r.content,
  r.child_count, r.is_blind, ${ms(sql`r.created_at`)} as created_ms, ${ms(sql`r.updated_at`)} as updated_ms`;

function rowOf(r: Record<string, unknown>): ReplyRow {
  return {
    id: Number(r.id),
    postId: Number(r.post_id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    userId: Number(r.user_id),
    userName: String(r.user_name),
    userEmail: String(r.user_email),
    content: String(r.content),
    childCount: Number(r.child_count),
    isBlind: Boolean(r.is_blind),
    createdAt: Number(r.created_ms),
    updatedAt: Number(r.updated_ms),
  };
}

/** One reply of the company (null when missing or foreign); `lock` locks its row. */
export async function replyById(db: DbOrTx, companyId: number, id: number, lock = false): Promise<ReplyRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`
    select ${COLUMNS} from board_replies r join users u on u.id = r.user_id
     where r.id = ${id} and r.company_id = ${companyId} ${lock ? sql`for update of r` : sql``}`);
  return r ? rowOf(r) : null;
}

/** The statement of topPage (tests EXPLAIN it). */
export const topPageQuery = (companyId: number, postId: number, limit: number, offset: number) => sql`
    with top as (
      select * from board_replies
       where post_id = ${postId} and parent_id is null and company_id = ${companyId}
       order by created_at, id limit ${limit} offset ${offset}
    )
    select ${COLUMNS} from top r join users u on u.id = r.user_id order by r.created_at, r.id`;

/** A page of a post's top-level replies, oldest first. */
export async function topPage(db: DbOrTx, companyId: number, postId: number, limit: number, offset: number): Promise<ReplyRow[]> {
  return (await db.execute<Record<string, unknown>>(topPageQuery(companyId, postId, limit, offset))).map(rowOf);
}

/** A page of one reply's children, oldest first. */
export async function childPage(db: DbOrTx, companyId: number, parentId: number, limit: number, offset: number): Promise<ReplyRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    with c as (
      select * from board_replies
       where parent_id = ${parentId} and company_id = ${companyId}
       order by created_at, id limit ${limit} offset ${offset}
    )
    select ${COLUMNS} from c r join users u on u.id = r.user_id order by r.created_at, r.id`);
  return rows.map(rowOf);
}

/** The statement of firstChildren (tests EXPLAIN it). */
export const firstChildrenQuery = (companyId: number, parentIds: number[], limit: number) => sql`
    select ${COLUMNS}
      from unnest(${bigintArray(parentIds)}) as p(id)
      cross join lateral (
        select * from board_replies c
         where c.parent_id = p.id and c.company_id = ${companyId}
         order by c.created_at, c.id limit ${limit}
      ) r
      join users u on u.id = r.user_id
     order by r.parent_id, r.created_at, r.id`;

/** The first `limit` children of each of `parentIds`, oldest first. */
export async function firstChildren(db: DbOrTx, companyId: number, parentIds: number[], limit: number): Promise<ReplyRow[]> {
  if (!parentIds.length) return [];
  return (await db.execute<Record<string, unknown>>(firstChildrenQuery(companyId, parentIds, limit))).map(rowOf);
}

/** The file of each reply (one a reply). */
export async function filesOf(db: DbOrTx, replyIds: number[]): Promise<Map<number, BoardFile>> {
  const out = new Map<number, BoardFile>();
  if (!replyIds.length) return out;
  const rows = await db.execute<{ id: string; reply_id: string; name: string; size: string; content_type: string }>(sql`
    select id, reply_id, name, size, content_type from board_files
     where reply_id = any(${bigintArray(replyIds)}) order by sort_order, id`);
  for (const r of rows) {
    if (out.has(Number(r.reply_id))) continue;
    out.set(Number(r.reply_id), { id: Number(r.id), name: r.name, size: Number(r.size), contentType: r.content_type, inlineUrl: null });
  }
  return out;
}

/** The users mentioned in each reply of a post (board_mentions_uq: post, coalesce(reply_id, 0)). */
export async function mentionsOf(db: DbOrTx, postId: number, replyIds: number[]): Promise<Map<number, BoardUserRef[]>> {
  const out = new Map<number, BoardUserRef[]>();
  if (!replyIds.length) return out;
  const rows = await db.execute<{ reply_id: string; id: string; name: string; email: string }>(sql`
    select m.reply_id, u.id, u.display_name as name, u.username as email
      from board_mentions m join users u on u.id = m.user_id
     where m.post_id = ${postId} and coalesce(m.reply_id, 0) = any(${bigintArray(replyIds)}) order by m.id`);
  for (const r of rows) {
    const list = out.get(Number(r.reply_id)) ?? [];
    list.push({ id: Number(r.id), name: r.name, email: r.email });
    out.set(Number(r.reply_id), list);
  }
  return out;
}

/** The post's top-level reply count and its count of replies that are not blind. */
export async function postCounts(db: DbOrTx, postId: number): Promise<{ top: number; replies: number }> {
  const [r] = await db.execute<{ top_reply_count: number; reply_count: number }>(sql`
    select top_reply_count, reply_count from board_posts where id = ${postId}`);
  return { top: Number(r?.top_reply_count ?? 0), replies: Number(r?.reply_count ?? 0) };
}

export async function insertReply(
  db: DbOrTx,
  v: { companyId: number; postId: number; parentId: number | null; userId: number; content: string; vector: string; now: Date },
): Promise<number> {
  const at = v.now.toISOString();
  const [r] = await db.execute<{ id: string }>(sql`
    insert into board_replies (company_id, post_id, parent_id, user_id, content, search_vector, created_at, updated_at)
    values (${v.companyId}, ${v.postId}, ${v.parentId}, ${v.userId}, ${v.content}, ${v.vector}::tsvector, ${at}::timestamptz, ${at}::timestamptz)
    returning id`);
  return Number(r.id);
}

export async function updateContent(db: DbOrTx, id: number, content: string, vector: string, now: Date): Promise<void> {
  await db.execute(sql`
    update board_replies set content = ${content}, search_vector = ${vector}::tsvector, updated_at = ${now.toISOString()}::timestamptz
     where id = ${id}`);
}

/** Adds to the post's counts (reply_count: replies not blind; top_reply_count: top-level rows). */
export async function addPostCounts(db: DbOrTx, postId: number, replies: number, top: number): Promise<void> {
  if (!replies && !top) return;
  await db.execute(sql`
    update board_posts set reply_count = greatest(reply_count + ${replies}, 0), top_reply_count = greatest(top_reply_count + ${top}, 0)
     where id = ${postId}`);
}

/** Adds to a reply's child_count; answers the reply's state after it. */
export async function addChildCount(db: DbOrTx, id: number, by: number): Promise<{ childCount: number; isBlind: boolean; parentId: number | null } | null> {
  const [r] = await db.execute<{ child_count: number; is_blind: boolean; parent_id: string | null }>(sql`
    update board_replies set child_count = greatest(child_count + ${by}, 0) where id = ${id}
    returning child_count, is_blind, parent_id`);
  return r ? { childCount: Number(r.child_count), isBlind: r.is_blind, parentId: r.parent_id === null ? null : Number(r.parent_id) } : null;
}

/** Makes a reply blind: no content, no search terms, no file. */
export async function blind(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.execute(sql`
    update board_replies set is_blind = true, content = '', search_vector = ''::tsvector, updated_at = ${now.toISOString()}::timestamptz
     where id = ${id}`);
  await db.execute(sql`delete from board_files where reply_id = ${id}`);
}

export async function deleteReply(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from board_replies where id = ${id}`);
}

/**
 * Claims an upload for a reply: an unclaimed file (on no post or reply, not inline) the caller uploaded.
 * Answers false when there is no such file.
 */
export async function claimFile(db: DbOrTx, companyId: number, userId: number, fileId: number, replyId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    update board_files set reply_id = ${replyId}
     where id = ${fileId} and company_id = ${companyId} and uploader_id = ${userId}
       and post_id is null and reply_id is null and not inline
    returning id`);
  return rows.length > 0;
}

/** Drops a reply's files except `keep` (the bytes go with the blob collector). */
export async function dropFiles(db: DbOrTx, replyId: number, keep: number | null): Promise<void> {
  await db.execute(sql`delete from board_files where reply_id = ${replyId} ${keep === null ? sql`` : sql`and id <> ${keep}`}`);
}

export async function currentFileId(db: DbOrTx, replyId: number): Promise<number | null> {
  const [r] = await db.execute<{ id: string }>(sql`select id from board_files where reply_id = ${replyId} order by id limit 1`);
  return r ? Number(r.id) : null;
}
