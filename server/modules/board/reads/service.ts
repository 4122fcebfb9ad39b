// Reads of posts (shared/board/posts.ts): a view records the caller's read once (read_count kept); read and
// unread set the caller's own state of many posts; the read list (who read, who may read and has not) is the
// author's or a manager's; a must-read reminder goes to those who have not read the post, at most once an hour.
import { REMIND_INTERVAL_MS } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { ReadList } from "../../../../shared/board/posts.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { boardReaderIds, readableBoardIds } from "../access.ts";
import { sendBoardNotices } from "../realtime.ts";
import { type PostRef, readablePost } from "../replies/post-access.ts";
import { remindMail } from "./remind-mail.ts";
import * as repo from "./repo.ts";

export async function view(caller: Caller, postId: number): Promise<{ readCount: number }> {
  const { deps, auth } = caller;
  return await transactionWithRetry(deps.db, async (tx) => {
    const post = await readablePost(caller, postId, { db: tx });
    if (await repo.markRead(tx, post.id, auth.userId, deps.clock.now())) await repo.addReadCount(tx, [post.id], 1);
    return { readCount: await repo.readCount(tx, post.id) };
  });
}

/** Marks posts read or unread for the caller; posts the caller may not read, or that are gone, are left out. */
export async function setRead(caller: Caller, postIds: number[], read: boolean): Promise<{ postIds: number[] }> {
  const { deps, auth } = caller;
  const boards = await readableBoardIds(deps.db, auth);
  return await transactionWithRetry(deps.db, async (tx) => {
    const posts = await repo.livePostsOn(tx, auth.companyId, [...new Set(postIds)], boards);
    const changed = read ? await repo.markManyRead(tx, posts, auth.userId, deps.clock.now()) : await repo.markManyUnread(tx, posts, auth.userId);
    await repo.addReadCount(tx, changed, read ? 1 : -1);
    return { postIds: changed.sort((a, b) => a - b) };
  });
}

/** The post, when the caller wrote it or manages its board (else 403 board.8). */
async function ownPost(caller: Caller, postId: number): Promise<PostRef> {
  const post = await readablePost(caller, postId);
  if (post.userId !== caller.auth.userId && post.board.privilege !== "MANAGE") throw new AppError(403, BOARD_ERRORS.board);
  return post;
}

/** Whom the post's board is for and who has not read it (its author left out). */
async function notReaders(caller: Caller, post: PostRef, readerIds: Set<number>) {
  const may = await boardReaderIds(caller.deps.db, caller.auth.companyId, post.boardId, undefined, { audience: true });
  return await repo.people(caller.deps.db, caller.auth.companyId, may.filter((id) => !readerIds.has(id) && id !== post.userId));
}

export async function readers(caller: Caller, postId: number): Promise<ReadList> {
  const post = await ownPost(caller, postId);
  const { db } = caller.deps;
  const [readList, readCount] = await Promise.all([repo.readersOf(db, caller.auth.companyId, post.id), repo.readCount(db, post.id)]);
  const notRead = await notReaders(caller, post, new Set(readList.map((r) => r.id)));
  return { readCount, readList, notReadList: notRead.map(({ id, name, email }) => ({ id, name, email })) };
}

export async function remind(caller: Caller, postId: number): Promise<{ count: number }> {
  const { deps, auth } = caller;
  const post = await ownPost(caller, postId);
  if (!post.mustRead) throw new AppError(409, BOARD_ERRORS.notMustRead);
  const read = await repo.readersOf(deps.db, auth.companyId, post.id);
  const to = (await notReaders(caller, post, new Set(read.map((r) => r.id)))).filter((p) => p.id !== auth.userId);
  if (!to.length) return { count: 0 };
  const last = await repo.claimReminder(deps.db, auth.companyId, post.id, deps.clock.now(), REMIND_INTERVAL_MS);
  if (last) throw new AppError(409, BOARD_ERRORS.remindTooSoon, { nextTimeMillis: last.getTime() + REMIND_INTERVAL_MS });
  const [from] = await repo.people(deps.db, auth.companyId, [auth.userId]);
  await sendBoardNotices(deps, auth.companyId, auth.userId, to.map((p) => ({ userId: p.id, kind: "REMIND" as const, postId: post.id })));
  await Promise.all(to.map((p) =>
    deps.mailer.send(remindMail(deps, {
      to: p.username, language: p.language, from: from?.name ?? auth.username, title: post.title, boardName: post.boardName,
      postId: post.id, boardId: post.boardId,
    })).catch((e) => deps.log.error(`board: the reminder mail to ${p.username} failed`, e))
  ));
  return { count: to.length };
}
