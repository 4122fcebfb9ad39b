// Posts (001 §3 "Post", §4 notices and trash, §5, §8). Calls under /api/board:
//
//   GET    post/list?id&page&pageSize&sort&dir&contentSize&tagId   Page<PostSummary>; id is a board or a special
//            folder (all -1, my -2, mention -3, trash -4, notice -5); contentSize: characters of text preview
//            (LIST asks 100; CARD_PREVIEW_CHARS when absent); 403 board.18, 404 board.8.
//            A board's notices (the usual Korean board, 공지 상단 고정): page 0 starts with the board's notices
//            (isNotice, newest first, at most PAGE_SIZE_MAX) before its pageSize posts, and the pages hold the
//            other posts only (a notice is not repeated below; totalElements counts the other posts). With a
//            tagId nothing is pinned: notices stand among the posts. The special folders pin nothing. Trash
//            (-4) in the default order (createdAt desc) lists the last deleted first.
//   GET    post/notices?id&size                                    PostSummary[]: the notice panel (5) of a board
//                                                                  or of all boards (-1)
//   GET    post/{postId}                                           Post (404 board.post_not_found; 403 board.18)
//   PUT    post/{postId}/view                                      200 { readCount }: the caller read it (once)
//   PUT    post/read { postIds }, post/unread { postIds }          200 { postIds }: mark read or unread for the
//                                                                  caller (answers the posts changed; posts the
//                                                                  caller may not read are left out)
//   GET    post/{postId}/readers                                   ReadList: who read, who has not (the board's
//                                                                  readers); the author or a manager (403 board.8)
//   POST   post/{postId}/remind                                    200 { count }: a must-read reminder to those
//                                                                  who have not read it (the author or a manager;
//                                                                  a BOARD_NOTICE REMIND and a mail each); 409
//                                                                  board.not_must_read, board.remind_too_soon
//                                                                  (once an hour; params.nextTimeMillis)
//   POST   post                                                    postBody → 201 Post (WRITE; 400 board.17)
//   PUT    post/{postId}                                           postUpdateBody → 200 Post (author or manager)
//   DELETE post/{postId}                                           200 { id }: to trash (author or manager)
//   PUT    post/{postId}/notice { isNotice }                       200 Post: notice toggle (manager or author
//                                                                  with WRITE)
//   PUT    post/move { postIds, boardId }                          200 { count }: move posts (MANAGE on the source
//                                                                  or the author, WRITE on the target)
//   PUT    trash/restore { postIds }                               200 { count }: back to their boards
//   PUT    trash/move { postIds, boardId }                         200 { count }: selected trash posts to a board
//                                                                  (001 §8 144)
//   DELETE trash/forever { postIds }                               200 { count }: permanently delete selected
//                                                                  trash posts
//   DELETE trash/clean                                             200 { count }: empty the caller's trash
//   GET    og?url                                                  OgPreview (SSRF-safe, OG_MAX_BYTES, OG_TIMEOUT_MS)
//   GET    search/{type}?keyword&tags&searchType&page&pageSize     SearchResult (type post, reply, file, all)
// Trash holds posts the caller deleted and, for managers, posts deleted in their boards; a post stays there
// for the company's board config deletedPostMaxDuration days, then a job removes it for good.
import { z } from "zod";
import {
  FEEL_TYPES, IDS_MAX, KEYWORD_MAX, PAGE_SIZE_MAX, POST_CONTENT_MAX, POST_PAGE_SIZE, POST_SORTS,
  POST_TITLE_MAX, SEARCH_FIELDS, SEARCH_PAGE_SIZE, SEARCH_TYPES, SORT_DIRS, TAGS_PER_POST,
} from "./constants.ts";
import type { FeelType, UserPrivilege } from "./constants.ts";
import type { BoardUserRef } from "./boards.ts";

export interface BoardFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  /**
   * Images (INLINE_IMAGE_TYPES): a signed address, GET /api/board/inline/{fileId}?token=…, that shows it without
   * the bearer header (an <img> sends none); valid for the person it was made for, a few hours. null otherwise.
   */
  inlineUrl: string | null;
}

export interface PostTag {
  id: number;
  name: string;
  color: string;
}

export interface FeelCount {
  feelType: FeelType;
  count: number;
}

/** A post in a list (001 §3 "Post"). */
export interface PostSummary {
  id: number;
  boardId: number;
  boardName: string;
  userId: number;
  userName: string;
  userEmail: string;
  title: string;
  /** Plain text of the content, at most contentSize characters. */
  preview: string;
  /** The first inline image's file id (else the first image attachment's; feed cards show it), null when none. */
  thumbnailFileId: number | null;
  /** Its signed address (BoardFile.inlineUrl: an <img> sends no bearer), null when none. */
  thumbnailUrl: string | null;
  isNotice: boolean;
  mustRead: boolean;
  tags: PostTag[];
  createdTimeMillis: number;
  updatedTimeMillis: number;
  replyCount: number;
  readCount: number;
  /** The caller has read it. */
  seen: boolean;
  feelCount: number;
  feelList: FeelCount[];
  /** The caller reacted, and how. */
  ifelt: boolean;
  feelType: FeelType | null;
  fileCount: number;
  /** In trash: when and by whom. */
  deletedTimeMillis: number | null;
  deleteUserName: string | null;
  /** A post made from a mail: its sender. */
  mailFrom: string | null;
}

export interface Post extends PostSummary {
  /** Sanitised HTML. */
  content: string;
  files: BoardFile[];
  fileIds: number[];
  /** Users mentioned in the content. */
  mentions: BoardUserRef[];
  /** The caller's privilege on the post's board, and whether the caller may edit or delete this post. */
  userPrivilege: UserPrivilege;
  editable: boolean;
}

export interface ReadList {
  readCount: number;
  readList: Array<BoardUserRef & { readTimeMillis: number }>;
  /** Members who may read the post and have not (active users of the company for a public board). */
  notReadList: BoardUserRef[];
}

export interface OgPreview {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}

const id = z.number().int().positive();
const title = z.string().trim().min(1).max(POST_TITLE_MAX);
/**
 * HTML, sanitised by the server; must hold text or an image after sanitising. An image placed in the content
 * is <img data-file-id="{id}" src="…">: the server keeps only data-file-id (an inline upload of the post) and
 * answers each read with src set to the file's signed inlineUrl.
 */
const content = z.string().min(1).max(POST_CONTENT_MAX);

export const postBody = z.object({
  boardId: id,
  title,
  content,
  isNotice: z.boolean().default(false),
  /** 필독: a notice everyone should read; its read list is followed and reminders can be sent. */
  mustRead: z.boolean().default(false),
  tagIds: z.array(id).max(TAGS_PER_POST).default([]),
  /** Uploaded files (POST file) to attach; at most FILES_PER_POST (board.17). */
  fileIds: z.array(id).max(100).default([]),
});
export type PostBody = z.infer<typeof postBody>;

export const postUpdateBody = z.object({
  title: title.optional(),
  content: content.optional(),
  isNotice: z.boolean().optional(),
  mustRead: z.boolean().optional(),
  tagIds: z.array(id).max(TAGS_PER_POST).optional(),
  fileIds: z.array(id).max(100).default([]),
  deleteFileIds: z.array(id).max(100).default([]),
});
export type PostUpdateBody = z.infer<typeof postUpdateBody>;

export const postIdsBody = z.object({ postIds: z.array(id).min(1).max(IDS_MAX) });
export const movePostsBody = z.object({ postIds: z.array(id).min(1).max(IDS_MAX), boardId: id });
export const noticeBody = z.object({ isNotice: z.boolean() });

export const postListQuery = z.object({
  id: z.coerce.number().int(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(POST_PAGE_SIZE),
  sort: z.enum(POST_SORTS).default("createdAt"),
  dir: z.enum(SORT_DIRS).default("desc"),
  contentSize: z.coerce.number().int().min(0).max(1000).optional(),
  tagId: z.coerce.number().int().positive().optional(),
});
export type PostListQuery = z.infer<typeof postListQuery>;

export const noticeListQuery = z.object({
  id: z.coerce.number().int(),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(5),
});

export const ogQuery = z.object({ url: z.string().trim().min(1).max(2000) });

// Search (001 §2 /board/search/{type}/{query}).
export const searchQuery = z.object({
  keyword: z.string().trim().max(KEYWORD_MAX).default(""),
  /** Tag ids, bracket form tags[]=1&tags[]=2 or tags=1,2. */
  tags: z.array(z.coerce.number().int().positive()).max(TAGS_PER_POST).default([]),
  searchType: z.enum(SEARCH_FIELDS).default("ALL"),
  /** Limit to one board (a positive id); absent: every board the caller may read. */
  boardId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuery>;
export const searchType = z.enum(SEARCH_TYPES);

export interface ReplyHit {
  id: number;
  postId: number;
  postTitle: string;
  boardId: number;
  boardName: string;
  userName: string;
  /** The reply's text around the keyword. */
  text: string;
  createdTimeMillis: number;
}

export interface FileHit extends BoardFile {
  postId: number;
  postTitle: string;
  boardId: number;
  boardName: string;
  userName: string;
  createdTimeMillis: number;
}

/**
 * Each type that was asked for: post, reply, file (all: every one, SEARCH_ALL_PAGE_SIZE each). Matches are
 * counted up to SEARCH_COUNT_MAX (or up to the page asked for, when deeper): beyond it totalCapped is true and
 * totalElements is that cap (show "1,000+"); the next pages still work, as the mail search's do.
 */
export interface SearchResult {
  posts?: { content: PostSummary[]; totalElements: number; totalCapped?: boolean };
  replies?: { content: ReplyHit[]; totalElements: number; totalCapped?: boolean };
  files?: { content: FileHit[]; totalElements: number; totalCapped?: boolean };
}

export const feelTypeSchema = z.enum(FEEL_TYPES);
