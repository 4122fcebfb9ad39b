// Replies, reactions and files (001 §3 "Reply", "Post" feelList, §4 blind replies, §8). Calls under /api/board:
//
//   GET    reply/list?postId&page&pageSize            Page<Reply>: top-level replies, oldest first, each with
//                                                     the first REPLY_PAGE_SIZE of its children
//   GET    reply/{replyId}/children?page&pageSize     Page<Reply>: one reply's children, oldest first
//   GET    reply/count?postId                         { count } (blind replies not counted)
//   POST   reply                                      replyBody → 201 Reply (a reader of the board; READ may reply).
//                                                     Two levels (댓글, 답글): an answer to an answer joins its
//                                                     top-level reply's thread (its author is told). fileId: the
//                                                     caller's unclaimed upload, else 400 common.validation
//   PUT    reply/{replyId}                            { replyContent, fileId? } → 200 Reply (its author)
//   DELETE reply/{replyId}                            200 { isBlind, replyCount }: its author or a manager; a
//                                                     reply with children becomes blind (isBlind, no content);
//                                                     a blind reply goes when its last child goes (001 §4);
//                                                     replyCount: the post's count after it
//   GET    feeling?postId                             Feelings (who reacted how; feelList: the types with any)
//   PUT    feeling { postId, feelType }               200 Feelings (one reaction per person; replaces)
//   DELETE feeling?postId                             200 Feelings
//   POST   file (multipart "file"; ?inline=true)      201 BoardFile: not yet on a post (kept a day); 413 board.123,
//                                                     507 board.124; inline images must be of INLINE_IMAGE_TYPES
//   GET    file/{fileId}                              the bytes (a reader of its post, or its uploader before it
//                                                     is attached); Range; ?download=1 as attachment
//   GET    file/find?postId                           BoardFile[] of a post
// 404 board.reply_not_found, board.file_not_found, board.post_not_found; 403 board.18 on a post the caller may
// not read.
import { z } from "zod";
import { FEEL_TYPES, PAGE_SIZE_MAX, REPLY_CONTENT_MAX, REPLY_PAGE_SIZE } from "./constants.ts";
import type { FeelType } from "./constants.ts";
import type { BoardFile } from "./posts.ts";
import type { BoardUserRef } from "./boards.ts";

export interface Reply {
  id: number;
  postId: number;
  /** The reply it answers; null at the top. */
  parentId: number | null;
  userId: number;
  userName: string;
  userEmail: string;
  /** Plain text with @mentions kept as written; "" when blind. */
  replyContent: string;
  /** An attached file (one per reply), null when none. */
  attach: BoardFile | null;
  mentions: BoardUserRef[];
  childCount: number;
  isBlind: boolean;
  createdTimeMillis: number;
  updatedTimeMillis: number;
  /** The caller wrote it (may edit) / may delete it. */
  editable: boolean;
  deletable: boolean;
  /** Top-level replies in reply/list: the first page of children. */
  children?: { content: Reply[]; totalElements: number };
}

/** DELETE reply/{replyId}: whether the reply became blind (it has children) or went, and the post's count after it. */
export interface ReplyDeleted {
  isBlind: boolean;
  replyCount: number;
}

export interface Feelings {
  postId: number;
  feelCount: number;
  feelList: Array<{ feelType: FeelType; count: number; users: BoardUserRef[] }>;
  ifelt: boolean;
  feelType: FeelType | null;
}

const id = z.number().int().positive();

export const replyBody = z.object({
  postId: id,
  parentId: id.nullable().default(null),
  /** Plain text; "@[Name](user:123)" marks a mention of user 123 (the client's mention picker writes it). */
  replyContent: z.string().trim().min(1).max(REPLY_CONTENT_MAX),
  fileId: id.nullable().default(null),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const replyUpdateBody = z.object({
  replyContent: z.string().trim().min(1).max(REPLY_CONTENT_MAX),
  /** undefined keeps the file, null removes it. */
  fileId: id.nullable().optional(),
});

export const replyListQuery = z.object({
  postId: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(REPLY_PAGE_SIZE),
});
export const childListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(REPLY_PAGE_SIZE),
});
export const postIdQuery = z.object({ postId: z.coerce.number().int().positive() });
export const feelBody = z.object({ postId: id, feelType: z.enum(FEEL_TYPES) });

/** "@[Name](user:123)": a mention in a reply's plain text. */
export const REPLY_MENTION = /@\[([^\]\n]{1,60})\]\(user:(\d{1,15})\)/g;
/** A mention in a post's HTML: <span data-type="mention" data-id="123">@Name</span> (tiptap's Mention node). */
export const POST_MENTION_ATTR = "data-id";
