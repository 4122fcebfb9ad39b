// Rows as answered (shared/board/posts.ts PostSummary, BoardFile): images get their signed addresses for the
// person asking (inline-token.ts).
import { INLINE_IMAGE_TYPES } from "../../../../shared/board/constants.ts";
import type { BoardFile, PostSummary } from "../../../../shared/board/posts.ts";
import type { Caller } from "../../../lib/context.ts";
import { inlineSigner } from "./inline-token.ts";
import type { FileRow, SummaryRow } from "./repo.ts";

export type Signer = (fileId: number) => Promise<string>;

export const signerOf = (caller: Caller): Signer => inlineSigner(caller.deps.secrets.tokenKey, caller.auth.userId, caller.deps.clock.now());

export const isImageType = (type: string) => (INLINE_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());

export async function fileView(f: FileRow, sign: Signer): Promise<BoardFile> {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    contentType: f.contentType,
    inlineUrl: isImageType(f.contentType) ? await sign(f.id) : null,
  };
}

export async function summaryView(r: SummaryRow, sign: Signer): Promise<PostSummary> {
  return {
    id: r.id,
    boardId: r.boardId,
    boardName: r.boardName,
    userId: r.userId,
    userName: r.userName,
    userEmail: r.userEmail,
    title: r.title,
    preview: r.preview,
    thumbnailFileId: r.thumbnailFileId,
    thumbnailUrl: r.thumbnailFileId === null ? null : await sign(r.thumbnailFileId),
    isNotice: r.isNotice,
    mustRead: r.mustRead,
    tags: r.tags,
    createdTimeMillis: r.createdAt,
    updatedTimeMillis: r.updatedAt,
    replyCount: r.replyCount,
    readCount: r.readCount,
    seen: r.seen,
    feelCount: r.feelCount,
    feelList: r.feelList,
    ifelt: r.myFeel !== null,
    feelType: r.myFeel,
    fileCount: r.fileCount,
    deletedTimeMillis: r.deletedAt,
    deleteUserName: r.deletedAt === null ? null : r.deleteUserName,
    mailFrom: r.mailFrom,
  };
}

export async function summaryViews(rows: SummaryRow[], sign: Signer): Promise<PostSummary[]> {
  return await Promise.all(rows.map((r) => summaryView(r, sign)));
}
