// The post form's state, where it starts from (a new post, the post being edited, a mail), and the bodies it
// sends (shared/board/posts.ts postBody, postUpdateBody).
import type { Post } from "@shared/board/posts.ts";
import type { MailPostForm } from "@shared/board/config.ts";
import { POST_TITLE_MAX } from "@shared/board/constants.ts";
import type { PostInput, PostUpdateInput } from "../api.ts";

export interface Draft {
  boardId: number | null;
  title: string;
  content: string;
  tagIds: number[];
  isNotice: boolean;
  /** 필독: only with isNotice. */
  mustRead: boolean;
}

export const blankDraft = (boardId: number | null): Draft => ({ boardId, title: "", content: "", tagIds: [], isNotice: false, mustRead: false });

export const draftOfPost = (p: Post): Draft => ({
  boardId: p.boardId, title: p.title, content: p.content, tagIds: p.tags.map((g) => g.id), isNotice: p.isNotice, mustRead: p.mustRead,
});

export const draftOfMail = (m: MailPostForm, boardId: number | null): Draft => ({
  ...blankDraft(boardId), title: m.title.slice(0, POST_TITLE_MAX), content: m.content,
});

export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export interface DraftErrors {
  board?: boolean;
  title?: boolean;
  content?: boolean;
}

export function check(d: Draft): DraftErrors {
  const e: DraftErrors = {};
  if (!d.boardId) e.board = true;
  if (!d.title.trim()) e.title = true;
  if (!d.content) e.content = true;
  return e;
}

export const newPostBody = (d: Draft, fileIds: number[]): PostInput => ({
  boardId: d.boardId!, title: d.title.trim(), content: d.content, isNotice: d.isNotice, mustRead: d.isNotice && d.mustRead, tagIds: d.tagIds, fileIds,
});

export const updateBody = (d: Draft, fileIds: number[], deleteFileIds: number[]): PostUpdateInput => ({
  title: d.title.trim(), content: d.content, isNotice: d.isNotice, mustRead: d.isNotice && d.mustRead, tagIds: d.tagIds, fileIds, deleteFileIds,
});
