// Queries of board_post_reads (who read a post when) and the post's read_count.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { BoardUserRef } from "../../../../shared/board/boards.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

/** Records the read once; answers whether it is new. */
export async function markRead(db: DbOrTx, postId: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into board_post_reads (post_id, user_id, read_at) values (${postId}, ${userId}, ${now.toISOString()}::timestamptz)
    on conflict do nothing returning post_id`);
  return rows.length > 0;
}

export async function addReadCount(db: DbOrTx, postIds: number[], by: number): Promise<void> {
  if (!postIds.length) return;
  await db.execute(sql`update board_posts set read_count = greatest(read_count + ${by}, 0) where id = any(${bigintArray(postIds)})`);
}

export async function readCount(db: DbOrTx, postId: number): Promise<number> {
  const [r] = await db.execute<{ read_count: number }>(sql`select read_count from board_posts where id = ${postId}`);
  return Number(r?.read_count ?? 0);
}

/** Of `postIds`, the posts of the company on `boardIds` that are not in trash. */
export async function livePostsOn(db: DbOrTx, companyId: number, postIds: number[], boardIds: number[]): Promise<number[]> {
  if (!postIds.length || !boardIds.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    select id from board_posts
     where id = any(${bigintArray(postIds)}) and company_id = ${companyId} and board_id = any(${bigintArray(boardIds)})
       and deleted_at is null order by id`);
  return rows.map((r) => Number(r.id));
}

/** Records reads of many posts; answers the posts newly read. */
export async function markManyRead(db: DbOrTx, postIds: number[], userId: number, now: Date): Promise<number[]> {
  if (!postIds.length) return [];
  const rows = await db.execute<{ post_id: string }>(sql`
    insert into board_post_reads (post_id, user_id, read_at)
    select p, ${userId}, ${now.toISOString()}::timestamptz from unnest(${bigintArray(postIds)}) as p
    on conflict do nothing returning post_id`);
  return rows.map((r) => Number(r.post_id));
}

/** Removes the person's reads of the posts; answers the posts that had one. */
export async function markManyUnread(db: DbOrTx, postIds: number[], userId: number): Promise<number[]> {
  if (!postIds.length) return [];
  const rows = await db.execute<{ post_id: string }>(sql`
    delete from board_post_reads where post_id = any(${bigintArray(postIds)}) and user_id = ${userId} returning post_id`);
  return rows.map((r) => Number(r.post_id));
}

/** Who read the post, first readers first. */
export async function readersOf(db: DbOrTx, companyId: number, postId: number): Promise<Array<BoardUserRef & { readTimeMillis: number }>> {
  const rows = await db.execute<{ id: string; name: string; email: string; read_ms: string }>(sql`
    select u.id, u.display_name as name, u.username as email, (extract(epoch from r.read_at) * 1000)::bigint as read_ms
      from board_post_reads r join users u on u.id = r.user_id and u.company_id = ${companyId}
     where r.post_id = ${postId} order by r.read_at, u.id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, readTimeMillis: Number(r.read_ms) }));
}

export interface Person extends BoardUserRef {
  username: string;
  language: string;
}

/** The users `ids` (in that order), with their language. */
export async function people(db: DbOrTx, companyId: number, ids: number[]): Promise<Person[]> {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: string; name: string; username: string; language_type: string }>(sql`
    select id, display_name as name, username, language_type from users
     where company_id = ${companyId} and id = any(${bigintArray(ids)}) order by display_name, id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.username, username: r.username, language: r.language_type }));
}

/**
 * Claims the hour's reminder of a post: answers null when claimed, else when the last reminder was
 * (a reminder went within `intervalMs`).
 */
export async function claimReminder(db: DbOrTx, companyId: number, postId: number, now: Date, intervalMs: number): Promise<Date | null> {
  const since = new Date(now.getTime() - intervalMs).toISOString();
  const claimed = await db.execute(sql`
    insert into board_post_notices (post_id, company_id, reminded_at) values (${postId}, ${companyId}, ${now.toISOString()}::timestamptz)
    on conflict (post_id) do update set reminded_at = excluded.reminded_at
     where board_post_notices.reminded_at is null or board_post_notices.reminded_at <= ${since}::timestamptz
    returning post_id`);
  if (claimed.length) return null;
  const [r] = await db.execute<{ ms: string }>(sql`
    select (extract(epoch from reminded_at) * 1000)::bigint as ms from board_post_notices where post_id = ${postId}`);
  return new Date(Number(r?.ms ?? now.getTime()));
}
