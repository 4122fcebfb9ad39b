// Reply rows as the API's Reply (shared/board/replies.ts): the file, the mentions, what the caller may do.
import type { DbOrTx } from "../../../../db/client.ts";
import type { Reply } from "../../../../shared/board/replies.ts";
import { isImageType, type Signer } from "../posts/view.ts";
import { filesOf, mentionsOf, type ReplyRow } from "./repo.ts";

export interface Viewer {
  userId: number;
  /** MANAGE on the post's board: may delete any reply. */
  manages: boolean;
  /** Signs an image's address for the viewer (BoardFile.inlineUrl: an <img> sends no bearer). */
  sign: Signer;
}

/** The replies (of one post) with their files and mentions, in the order given. */
export async function presentReplies(db: DbOrTx, viewer: Viewer, rows: ReplyRow[]): Promise<Reply[]> {
  const ids = rows.filter((r) => !r.isBlind).map((r) => r.id);
  const [files, mentions] = await Promise.all([filesOf(db, ids), mentionsOf(db, rows[0]?.postId ?? 0, ids)]);
  for (const f of files.values()) f.inlineUrl = isImageType(f.contentType) ? await viewer.sign(f.id) : null;
  return rows.map((r) => {
    const mine = r.userId === viewer.userId;
    return {
      id: r.id,
      postId: r.postId,
      parentId: r.parentId,
      userId: r.userId,
      userName: r.userName,
      userEmail: r.userEmail,
      replyContent: r.isBlind ? "" : r.content,
      attach: r.isBlind ? null : files.get(r.id) ?? null,
      mentions: r.isBlind ? [] : mentions.get(r.id) ?? [],
      childCount: r.childCount,
      isBlind: r.isBlind,
      createdTimeMillis: r.createdAt,
      updatedTimeMillis: r.updatedAt,
      editable: mine && !r.isBlind,
      deletable: !r.isBlind && (mine || viewer.manages),
    };
  });
}

export async function presentReply(db: DbOrTx, viewer: Viewer, row: ReplyRow): Promise<Reply> {
  return (await presentReplies(db, viewer, [row]))[0];
}
