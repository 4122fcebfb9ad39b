// Reactions to a post (001 §3 "Post": like, celebrate, cool, cheer up): a reader of the board reacts once
// (a new reaction replaces the old one) or takes it back; board_posts.feel_count kept in the same
// transaction. The author hears of reactions by FEEL notices at most once a minute (feel-notices.ts).
import { FEEL_TYPES, type FeelType } from "../../../../shared/board/constants.ts";
import type { Feelings } from "../../../../shared/board/replies.ts";
import type { Caller } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { publishBoardChanged } from "../realtime.ts";
import { feelPending, tellAuthor } from "./feel-notices.ts";
import { addFeelCount, deleteFeeling, type FeelRow, feelingsOf, putFeeling } from "./feel-repo.ts";
import { readablePost } from "./post-access.ts";

function feelingsAnswer(postId: number, me: number, rows: FeelRow[]): Feelings {
  const mine = rows.find((r) => r.userId === me);
  return {
    postId,
    feelCount: rows.length,
    feelList: FEEL_TYPES.map((feelType) => {
      const users = rows.filter((r) => r.feelType === feelType).map((r) => ({ id: r.userId, name: r.name, email: r.email }));
      return { feelType, count: users.length, users };
    }).filter((f) => f.count > 0),
    ifelt: Boolean(mine),
    feelType: mine?.feelType ?? null,
  };
}

export async function get(caller: Caller, postId: number): Promise<Feelings> {
  const post = await readablePost(caller, postId);
  return feelingsAnswer(post.id, caller.auth.userId, await feelingsOf(caller.deps.db, post.id));
}

export async function put(caller: Caller, postId: number, feelType: FeelType): Promise<Feelings> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const done = await transactionWithRetry(deps.db, async (tx) => {
    const post = await readablePost(caller, postId, { db: tx, lock: true });
    if (await putFeeling(tx, post.id, auth.userId, feelType, now)) await addFeelCount(tx, post.id, 1);
    if (post.userId !== auth.userId) await feelPending(tx, auth.companyId, post.id);
    return { post, rows: await feelingsOf(tx, post.id) };
  });
  await publishBoardChanged(deps, auth.companyId, { boardId: done.post.boardId, postId: done.post.id });
  await tellAuthor(deps, done.post.id);
  return feelingsAnswer(done.post.id, auth.userId, done.rows);
}

export async function remove(caller: Caller, postId: number): Promise<Feelings> {
  const { deps, auth } = caller;
  const done = await transactionWithRetry(deps.db, async (tx) => {
    const post = await readablePost(caller, postId, { db: tx, lock: true });
    if (await deleteFeeling(tx, post.id, auth.userId)) await addFeelCount(tx, post.id, -1);
    return { post, rows: await feelingsOf(tx, post.id) };
  });
  await publishBoardChanged(deps, auth.companyId, { boardId: done.post.boardId, postId: done.post.id });
  return feelingsAnswer(done.post.id, auth.userId, done.rows);
}
