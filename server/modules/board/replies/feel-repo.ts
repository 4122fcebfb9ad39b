// Queries of board_feelings (one reaction a person a post) and the post's feel_count.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { FeelType } from "../../../../shared/board/constants.ts";

export interface FeelRow {
  userId: number;
  name: string;
  email: string;
  feelType: FeelType;
}

/** Everyone who reacted to the post, first reactions first. */
export async function feelingsOf(db: DbOrTx, postId: number): Promise<FeelRow[]> {
  const rows = await db.execute<{ user_id: string; name: string; email: string; feel_type: FeelType }>(sql`
    select f.user_id, u.display_name as name, u.username as email, f.feel_type
      from board_feelings f join users u on u.id = f.user_id
     where f.post_id = ${postId} order by f.created_at, f.user_id`);
  return rows.map((r) => ({ userId: Number(r.user_id), name: r.name, email: r.email, feelType: r.feel_type }));
}

/** Sets the person's reaction; answers whether it is new (the count grows) or replaced one. */
export async function putFeeling(db: DbOrTx, postId: number, userId: number, feelType: FeelType, now: Date): Promise<boolean> {
  const [r] = await db.execute<{ inserted: boolean }>(sql`
    insert into board_feelings (post_id, user_id, feel_type, created_at)
    values (${postId}, ${userId}, ${feelType}, ${now.toISOString()}::timestamptz)
    on conflict (post_id, user_id) do update set feel_type = excluded.feel_type, created_at = excluded.created_at
    returning (xmax = 0) as inserted`);
  return Boolean(r?.inserted);
}

/** Removes the person's reaction; answers whether there was one. */
export async function deleteFeeling(db: DbOrTx, postId: number, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`delete from board_feelings where post_id = ${postId} and user_id = ${userId} returning post_id`);
  return rows.length > 0;
}

export async function addFeelCount(db: DbOrTx, postId: number, by: number): Promise<void> {
  await db.execute(sql`update board_posts set feel_count = greatest(feel_count + ${by}, 0) where id = ${postId}`);
}
