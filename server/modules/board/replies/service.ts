// Reading replies (shared/board/replies.ts): a post's top-level replies oldest first, each with the first
// REPLY_PAGE_SIZE of its children; one reply's children; the count (blind replies not counted).
import { REPLY_PAGE_SIZE } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Reply } from "../../../../shared/board/replies.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { signerOf } from "../posts/view.ts";
import { type PostRef, readablePost } from "./post-access.ts";
import { presentReplies, type Viewer } from "./present.ts";
import { childPage, firstChildren, replyById, type ReplyRow, topPage } from "./repo.ts";

export const viewerOf = (caller: Caller, post: PostRef): Viewer => ({
  userId: caller.auth.userId,
  manages: post.board.privilege === "MANAGE",
  sign: signerOf(caller),
});

export async function list(caller: Caller, q: { postId: number; page: number; pageSize: number }): Promise<Page<Reply>> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const post = await readablePost(caller, q.postId);
  const top = await topPage(db, companyId, post.id, q.pageSize, q.page * q.pageSize);
  const withChildren = top.filter((r) => r.childCount > 0).map((r) => r.id);
  const children = await firstChildren(db, companyId, withChildren, REPLY_PAGE_SIZE);
  const shown = await presentReplies(db, viewerOf(caller, post), [...top, ...children]);
  const byId = new Map(shown.map((r) => [r.id, r]));
  const kids = new Map<number, Reply[]>();
  for (const c of children) kids.set(c.parentId!, [...kids.get(c.parentId!) ?? [], byId.get(c.id)!]);
  const content = top.map((r) => ({ ...byId.get(r.id)!, children: { content: kids.get(r.id) ?? [], totalElements: r.childCount } }));
  return pageOf(content, post.topReplyCount, q);
}

/** The reply and its post when the caller may read the post (a foreign or missing reply: 404). */
export async function readableReply(caller: Caller, replyId: number): Promise<{ reply: ReplyRow; post: PostRef }> {
  const reply = await replyById(caller.deps.db, caller.auth.companyId, replyId);
  if (!reply) throw new AppError(404, BOARD_ERRORS.replyNotFound);
  const post = await readablePost(caller, reply.postId);
  return { reply, post };
}

export async function children(caller: Caller, replyId: number, q: { page: number; pageSize: number }): Promise<Page<Reply>> {
  const { reply, post } = await readableReply(caller, replyId);
  const rows = await childPage(caller.deps.db, caller.auth.companyId, reply.id, q.pageSize, q.page * q.pageSize);
  return pageOf(await presentReplies(caller.deps.db, viewerOf(caller, post), rows), reply.childCount, q);
}

export async function count(caller: Caller, postId: number): Promise<{ count: number }> {
  return { count: (await readablePost(caller, postId)).replyCount };
}
