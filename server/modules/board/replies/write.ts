// Writing replies (shared/board/replies.ts, 001 §4): a reader of the board replies (READ is enough), its
// author edits, its author or a manager deletes. A reply with children becomes blind (no content, file or
// mentions) instead of going; a blind reply goes when its last child goes, and so on up the thread.
// Every write locks the post's row first (so the writes of one post's replies run one after another) and
// keeps board_posts.reply_count (replies not blind), top_reply_count and the parent's child_count in the same
// transaction. Notices and BOARD_CHANGED go after the commit.
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { REPLY_MENTION, type Reply, type ReplyBody, type ReplyDeleted } from "../../../../shared/board/replies.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { mentionedInText, recordMentions } from "../posts/mentions.ts";
import { type BoardNotice, publishBoardChanged, sendBoardNotices } from "../realtime.ts";
import { replyVector } from "../search/vectors.ts";
import { type PostRef, readablePost } from "./post-access.ts";
import { presentReply } from "./present.ts";
import * as repo from "./repo.ts";
import { viewerOf } from "./service.ts";

/** The reply's text as searched: mentions as "@Name". */
const searchText = (content: string) => content.replace(REPLY_MENTION, "@$1");

/** Claims the caller's unclaimed upload for the reply; any other file is bad input, as on a post (400 common.validation). */
async function claim(tx: Tx, caller: Caller, fileId: number, replyId: number) {
  if (!await repo.claimFile(tx, caller.auth.companyId, caller.auth.userId, fileId, replyId)) {
    throw new AppError(400, "common.validation", undefined, [
      { field: "fileId", code: "common.validation", message: "a file is not an upload of yours waiting for a reply" },
    ]);
  }
}

/**
 * Where an answer goes: replies are two levels (댓글 and 답글), so an answer to an answer joins its top-level
 * reply's thread (the client starts it with a mention of the person answered). A blind top-level reply
 * still takes answers.
 */
async function threadOf(tx: Tx, caller: Caller, parent: repo.ReplyRow): Promise<repo.ReplyRow> {
  if (parent.parentId === null) return parent;
  const top = await repo.replyById(tx, caller.auth.companyId, parent.parentId, true);
  if (!top) throw new AppError(404, BOARD_ERRORS.replyNotFound);
  return top;
}

/** The reply of the locked post, for a change: missing, foreign, of another post or blind → 404. */
async function liveReply(tx: Tx, caller: Caller, replyId: number, postId: number | null) {
  const r = await repo.replyById(tx, caller.auth.companyId, replyId, true);
  if (!r || r.isBlind || (postId !== null && r.postId !== postId)) throw new AppError(404, BOARD_ERRORS.replyNotFound);
  return r;
}

/** The post of a reply, locked, when the caller may read it. */
async function postOfReply(tx: Tx, caller: Caller, replyId: number): Promise<PostRef> {
  const r = await repo.replyById(tx, caller.auth.companyId, replyId);
  if (!r) throw new AppError(404, BOARD_ERRORS.replyNotFound);
  return await readablePost(caller, r.postId, { db: tx, lock: true });
}

/** A notice per person: a mention outweighs a reply notice. */
function notices(post: PostRef, replyId: number, mentioned: number[], replied: number[]): BoardNotice[] {
  const out = new Map<number, BoardNotice>();
  for (const userId of replied) out.set(userId, { userId, kind: "REPLY", postId: post.id, replyId });
  for (const userId of mentioned) out.set(userId, { userId, kind: "MENTION", postId: post.id, replyId });
  return [...out.values()];
}

export async function create(caller: Caller, b: ReplyBody): Promise<Reply> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const done = await transactionWithRetry(deps.db, async (tx) => {
    const post = await readablePost(caller, b.postId, { db: tx, lock: true });
    const answered = b.parentId === null ? null : await liveReply(tx, caller, b.parentId, post.id);
    const parent = answered === null ? null : await threadOf(tx, caller, answered);
    const id = await repo.insertReply(tx, {
      companyId: auth.companyId, postId: post.id, parentId: parent?.id ?? null, userId: auth.userId,
      content: b.replyContent, vector: replyVector(searchText(b.replyContent)), now,
    });
    if (b.fileId !== null) await claim(tx, caller, b.fileId, id);
    await repo.addPostCounts(tx, post.id, 1, parent ? 0 : 1);
    if (parent) await repo.addChildCount(tx, parent.id, 1);
    const mentioned = await recordMentions(
      tx, { companyId: auth.companyId, boardId: post.boardId, postId: post.id, replyId: id, now }, mentionedInText(b.replyContent),
    );
    const reply = await presentReply(tx, viewerOf(caller, post), (await repo.replyById(tx, auth.companyId, id))!);
    return { post, reply, mentioned, replied: [post.userId, ...(answered ? [answered.userId] : [])] };
  });
  await publishBoardChanged(deps, auth.companyId, { boardId: done.post.boardId, postId: done.post.id });
  await sendBoardNotices(deps, auth.companyId, auth.userId, notices(done.post, done.reply.id, done.mentioned, done.replied));
  return done.reply;
}

export async function update(caller: Caller, replyId: number, b: { replyContent: string; fileId?: number | null }): Promise<Reply> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const done = await transactionWithRetry(deps.db, async (tx) => {
    const post = await postOfReply(tx, caller, replyId);
    const r = await liveReply(tx, caller, replyId, post.id);
    if (r.userId !== auth.userId) throw new AppError(403, BOARD_ERRORS.board);
    await repo.updateContent(tx, r.id, b.replyContent, replyVector(searchText(b.replyContent)), now);
    if (b.fileId !== undefined) {
      const current = await repo.currentFileId(tx, r.id);
      if (b.fileId !== null && b.fileId !== current) await claim(tx, caller, b.fileId, r.id);
      await repo.dropFiles(tx, r.id, b.fileId);
    }
    const mentioned = await recordMentions(
      tx, { companyId: auth.companyId, boardId: post.boardId, postId: post.id, replyId: r.id, now }, mentionedInText(b.replyContent),
    );
    const reply = await presentReply(tx, viewerOf(caller, post), (await repo.replyById(tx, auth.companyId, r.id))!);
    return { post, reply, mentioned };
  });
  await publishBoardChanged(deps, auth.companyId, { boardId: done.post.boardId, postId: done.post.id });
  await sendBoardNotices(deps, auth.companyId, auth.userId, notices(done.post, done.reply.id, done.mentioned, []));
  return done.reply;
}

export async function remove(caller: Caller, replyId: number): Promise<ReplyDeleted> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const done = await transactionWithRetry(deps.db, async (tx) => {
    const post = await postOfReply(tx, caller, replyId);
    const r = await liveReply(tx, caller, replyId, post.id);
    if (r.userId !== auth.userId && post.board.privilege !== "MANAGE") throw new AppError(403, BOARD_ERRORS.board);
    await recordMentions(tx, { companyId: auth.companyId, boardId: post.boardId, postId: post.id, replyId: r.id, now }, []);
    if (r.childCount > 0) {
      await repo.blind(tx, r.id, now);
      await repo.addPostCounts(tx, post.id, -1, 0);
    } else {
      await repo.deleteReply(tx, r.id);
      let top = r.parentId === null ? -1 : 0;
      // Up the thread: a blind parent whose last child went goes too.
      let parentId = r.parentId;
      while (parentId !== null) {
        const parent = await repo.addChildCount(tx, parentId, -1);
        if (!parent || !parent.isBlind || parent.childCount > 0) break;
        await repo.deleteReply(tx, parentId);
        if (parent.parentId === null) top -= 1;
        parentId = parent.parentId;
      }
      await repo.addPostCounts(tx, post.id, -1, top);
    }
    return { post, isBlind: r.childCount > 0, replyCount: (await repo.postCounts(tx, post.id)).replies };
  });
  await publishBoardChanged(deps, auth.companyId, { boardId: done.post.boardId, postId: done.post.id });
  return { isBlind: done.isBlind, replyCount: done.replyCount };
}
