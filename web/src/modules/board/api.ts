// Every call of the boards (001 §7 "Boards (api/board)"; paths, bodies and answers are listed in the headers of
// shared/board/boards.ts, posts.ts, replies.ts and config.ts), through the app's API client. Bodies are the
// schemas' input types (defaults may be left out). Bytes (uploads, a file's content) go through `authorized`.
import type { z } from "zod";
import type {
  BoardDetail, BoardNode, BoardPrivilege, BoardTree, boardBody, boardMembersInput, boardUpdateBody, HiddenBoard,
} from "@shared/board/boards.ts";
import type {
  BoardFile, OgPreview, Post, postBody, PostSummary, postUpdateBody, ReadList, SearchResult,
} from "@shared/board/posts.ts";
import type { Feelings, Reply, replyBody, replyUpdateBody } from "@shared/board/replies.ts";
import type {
  BoardConfig, BoardMail, BoardTag, configBody, MailFilter, mailFilterBody, MailPostForm, tagBody,
} from "@shared/board/config.ts";
import type { FeelType, PostSort, SearchField, SearchType } from "@shared/board/constants.ts";
import type { Page } from "@shared/paging.ts";
import { api, authorized, downloadName } from "../../lib/api.ts";

export const B = "/api/board";

export type BoardInput = z.input<typeof boardBody>;
export type BoardUpdateInput = z.input<typeof boardUpdateBody>;
export type BoardMembers = z.input<typeof boardMembersInput>;
export type PostInput = z.input<typeof postBody>;
export type PostUpdateInput = z.input<typeof postUpdateBody>;
export type ReplyInput = z.input<typeof replyBody>;
export type ReplyUpdateInput = z.input<typeof replyUpdateBody>;
export type ConfigInput = z.input<typeof configBody>;
export type TagInput = z.input<typeof tagBody>;
export type MailFilterInput = z.input<typeof mailFilterBody>;

// ── Boards (shared/board/boards.ts) ──────────────────────────────────────────────────────────────────────────

export const boardTree = (signal?: AbortSignal) => api<BoardTree>(`${B}/list`, { signal });
export const deletedBoards = (signal?: AbortSignal) => api<BoardNode[]>(`${B}/deleted`, { signal });
export const hiddenBoards = (signal?: AbortSignal) => api<HiddenBoard[]>(`${B}/hidden`, { signal });
export const boardDetail = (id: number, signal?: AbortSignal) => api<BoardDetail>(`${B}/detail/${id}`, { signal });
export const boardPrivilege = (id: number, signal?: AbortSignal) => api<BoardPrivilege>(`${B}/privilege/${id}`, { signal });
export const addBoard = (body: BoardInput) => api<BoardDetail>(B, { method: "POST", json: body });
export const updateBoard = (id: number, body: BoardUpdateInput) => api<BoardDetail>(`${B}/${id}`, { method: "PUT", json: body });
export const renameBoard = (id: number, name: string) => api<BoardDetail>(`${B}/${id}/rename`, { method: "PUT", json: { name } });
export const moveBoard = (id: number, parentId: number | null, prevId: number | null = null) =>
  api<unknown>(`${B}/${id}/move`, { method: "PUT", json: { parentId, prevId } });
export const deleteBoard = (id: number) => api<unknown>(`${B}/${id}`, { method: "DELETE" });
export const restoreBoard = (id: number) => api<unknown>(`${B}/${id}/restore`, { method: "PUT" });
export const hideBoard = (id: number) => api<unknown>(`${B}/${id}/hide`, { method: "PUT" });
export const unhideBoard = (id: number) => api<unknown>(`${B}/${id}/unhide`, { method: "PUT" });
export const followBoard = (id: number, follow: boolean) => api<unknown>(`${B}/${id}/follow`, { method: "PUT", json: { follow } });

// ── Posts (shared/board/posts.ts) ────────────────────────────────────────────────────────────────────────────

export interface PostListParams {
  /** A board, or a special folder (-1 … -5). */
  id: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  sort?: PostSort;
  dir?: "asc" | "desc";
  /** Characters of text preview (the list view asks LIST_PREVIEW_CHARS). */
  contentSize?: number;
  tagId?: number;
}

export const postList = (q: PostListParams, signal?: AbortSignal) =>
  api<Page<PostSummary>>(`${B}/post/list`, { signal, query: { ...q } });
export const notices = (id: number, size: number, signal?: AbortSignal) =>
  api<PostSummary[]>(`${B}/post/notices`, { signal, query: { id, size } });
export const post = (postId: number, signal?: AbortSignal) => api<Post>(`${B}/post/${postId}`, { signal });
export const viewPost = (postId: number) => api<{ readCount: number }>(`${B}/post/${postId}/view`, { method: "PUT" });
export const markRead = (postIds: number[]) => api<unknown>(`${B}/post/read`, { method: "PUT", json: { postIds } });
export const markUnread = (postIds: number[]) => api<unknown>(`${B}/post/unread`, { method: "PUT", json: { postIds } });
export const readers = (postId: number, signal?: AbortSignal) => api<ReadList>(`${B}/post/${postId}/readers`, { signal });
export const remind = (postId: number) => api<{ count: number }>(`${B}/post/${postId}/remind`, { method: "POST" });
export const addPost = (body: PostInput) => api<Post>(`${B}/post`, { method: "POST", json: body });
export const updatePost = (postId: number, body: PostUpdateInput) => api<Post>(`${B}/post/${postId}`, { method: "PUT", json: body });
/** To trash. */
export const deletePost = (postId: number) => api<unknown>(`${B}/post/${postId}`, { method: "DELETE" });
export const setNotice = (postId: number, isNotice: boolean) =>
  api<Post>(`${B}/post/${postId}/notice`, { method: "PUT", json: { isNotice } });
export const movePosts = (postIds: number[], boardId: number) =>
  api<unknown>(`${B}/post/move`, { method: "PUT", json: { postIds, boardId } });

// Trash (-4).
export const restorePosts = (postIds: number[]) => api<unknown>(`${B}/trash/restore`, { method: "PUT", json: { postIds } });
export const moveTrashPosts = (postIds: number[], boardId: number) =>
  api<unknown>(`${B}/trash/move`, { method: "PUT", json: { postIds, boardId } });
export const deleteForever = (postIds: number[]) => api<unknown>(`${B}/trash/forever`, { method: "DELETE", json: { postIds } });
export const cleanTrash = () => api<{ count: number }>(`${B}/trash/clean`, { method: "DELETE" });

export const og = (url: string, signal?: AbortSignal) => api<OgPreview>(`${B}/og`, { signal, query: { url } });

export interface SearchParams {
  keyword: string;
  tags: number[];
  searchType: SearchField;
  /** 0-based. */
  page: number;
  pageSize: number;
  boardId?: number;
}

export const search = (type: SearchType, q: SearchParams, signal?: AbortSignal) =>
  api<SearchResult>(`${B}/search/${type}`, {
    signal,
    query: {
      keyword: q.keyword || undefined,
      tags: q.tags.length ? q.tags : undefined,
      searchType: q.searchType,
      boardId: q.boardId,
      page: q.page,
      pageSize: q.pageSize,
    },
  });

// ── Replies, reactions, files (shared/board/replies.ts) ──────────────────────────────────────────────────────

export const replies = (postId: number, page: number, pageSize: number, signal?: AbortSignal) =>
  api<Page<Reply>>(`${B}/reply/list`, { signal, query: { postId, page, pageSize } });
export const childReplies = (replyId: number, page: number, pageSize: number, signal?: AbortSignal) =>
  api<Page<Reply>>(`${B}/reply/${replyId}/children`, { signal, query: { page, pageSize } });
export const replyCount = (postId: number, signal?: AbortSignal) => api<{ count: number }>(`${B}/reply/count`, { signal, query: { postId } });
export const addReply = (body: ReplyInput) => api<Reply>(`${B}/reply`, { method: "POST", json: body });
export const updateReply = (replyId: number, body: ReplyUpdateInput) => api<Reply>(`${B}/reply/${replyId}`, { method: "PUT", json: body });
export const deleteReply = (replyId: number) => api<unknown>(`${B}/reply/${replyId}`, { method: "DELETE" });

export const feelings = (postId: number, signal?: AbortSignal) => api<Feelings>(`${B}/feeling`, { signal, query: { postId } });
export const feel = (postId: number, feelType: FeelType) => api<Feelings>(`${B}/feeling`, { method: "PUT", json: { postId, feelType } });
export const unfeel = (postId: number) => api<Feelings>(`${B}/feeling`, { method: "DELETE", query: { postId } });

/** POST file (multipart "file"): an upload not yet on a post; `inline` for an image placed in the content. */
export async function uploadFile(file: File, opts: { inline?: boolean; signal?: AbortSignal } = {}): Promise<BoardFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const res = await authorized(`${B}/file${opts.inline ? "?inline=true" : ""}`, { method: "POST", body: form, signal: opts.signal });
  return await res.json() as BoardFile;
}

/** GET file/{fileId}: the bytes and the name to save them under. */
export async function fileBytes(fileId: number, fallback: string, signal?: AbortSignal) {
  const res = await authorized(`${B}/file/${fileId}?download=1`, { signal });
  return { blob: await res.blob(), name: downloadName(res, fallback) };
}
export const postFiles = (postId: number, signal?: AbortSignal) => api<BoardFile[]>(`${B}/file/find`, { signal, query: { postId } });

// ── Config, tags, mail (shared/board/config.ts) ──────────────────────────────────────────────────────────────

export const config = (signal?: AbortSignal) => api<BoardConfig>(`${B}/config`, { signal });
export const saveConfig = (body: ConfigInput) => api<BoardConfig>(`${B}/config`, { method: "PUT", json: body });
export const addTag = (body: TagInput) => api<BoardTag>(`${B}/config/tag`, { method: "POST", json: body });
export const updateTag = (tagId: number, body: TagInput) => api<BoardTag>(`${B}/config/tag/${tagId}`, { method: "PUT", json: body });
export const deleteTag = (tagId: number) => api<unknown>(`${B}/config/tag/${tagId}`, { method: "DELETE" });

export const boardMail = (id: number, signal?: AbortSignal) => api<BoardMail>(`${B}/${id}/mail`, { signal });
export const setMailAddress = (id: number, localPart: string | null) =>
  api<BoardMail>(`${B}/${id}/mail/address`, { method: "PUT", json: { localPart } });
export const addMailFilter = (id: number, body: MailFilterInput) =>
  api<MailFilter>(`${B}/${id}/mail/filter`, { method: "POST", json: body });
export const deleteMailFilter = (id: number, filterId: number) => api<unknown>(`${B}/${id}/mail/filter/${filterId}`, { method: "DELETE" });

/** GET /api/mails/share/board/form/{mailId}: a mail of the caller's as a post draft. */
export const mailPostForm = (mailId: number, includeAttach: boolean, signal?: AbortSignal) =>
  api<MailPostForm>(`/api/mails/share/board/form/${mailId}`, { signal, query: { includeAttach: String(includeAttach) } });
