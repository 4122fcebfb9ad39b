// GET /api/board/search/{type} (001 §2 /board/search/{type}/{query}; shared/board/posts.ts searchQuery,
// SearchResult). Rules:
// - with no tags the keyword must be 1 to KEYWORD_MAX characters (400 board.keyword_invalid); tags (ids of the
//   company's tags) keep the posts carrying every one of them;
// - only what the caller may read: live posts of the boards the caller may read (access.ts), the replies of
//   those posts that are not blind, the files attached to them (not inline images); boardId narrows to one
//   board, or to the readable boards under a group (404 board.8 missing or foreign, 403 board.18 unreadable);
// - searchType ALL (title or text), TITLE, CONTENT, WRITER (the author's name; for replies and files the
//   reply's author and the uploader); replies and files match their text and name otherwise;
// - newest first; type all answers each kind with SEARCH_ALL_PAGE_SIZE; matches counted up to
//   SEARCH_COUNT_MAX or the page asked for (totalCapped beyond).
import { sql } from "drizzle-orm";
import { LIST_PREVIEW_CHARS, SEARCH_ALL_PAGE_SIZE, SEARCH_COUNT_MAX, type SearchType } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { FileHit, PostSummary, ReplyHit, SearchQuery, SearchResult } from "../../../../shared/board/posts.ts";
import { REPLY_MENTION } from "../../../../shared/board/replies.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { type BoardAccess, companyBoards } from "../access.ts";
import { summaries } from "../posts/repo.ts";
import { isImageType, signerOf, summaryViews } from "../posts/view.ts";
import { fileMatch, normalizeWord, postMatch, replyMatch, wordsOf } from "./condition.ts";
import * as repo from "./repo.ts";

/** How much of a reply the hit shows around the keyword, and how much of it before the keyword. */
const SNIPPET_CHARS = 100;
const SNIPPET_BEFORE = 30;

/** The boards searched: every board the caller may read, or those at or under boardId. */
function boardsOf(all: BoardAccess[], boardId: number | undefined): number[] {
  const readable = (b: BoardAccess) => b.boardType === "BOARD" && b.privilege !== "NONE";
  if (boardId === undefined) return all.filter(readable).map((b) => b.id);
  const root = all.find((b) => b.id === boardId);
  if (!root) throw new AppError(404, BOARD_ERRORS.board);
  const under = new Set([root.id]);
  // Parents come before their children in companyBoards' order only by depth, so repeat until nothing is added.
  for (let added = true; added;) {
    added = false;
    for (const b of all) {
      if (b.parentId !== null && under.has(b.parentId) && !under.has(b.id)) {
        under.add(b.id);
        added = true;
      }
    }
  }
  const ids = all.filter((b) => under.has(b.id) && readable(b)).map((b) => b.id);
  if (!ids.length) throw new AppError(403, BOARD_ERRORS.postList);
  return ids;
}

/** The reply's text (mentions as @Name) around the first word of the keyword found in it. */
export function snippet(content: string, keyword: string): string {
  const chars = Array.from(content.replace(REPLY_MENTION, "@$1").replace(/\s+/g, " ").trim());
  if (chars.length <= SNIPPET_CHARS) return chars.join("");
  // Per character, so the position found is one in `chars` whatever NFKC does to the length.
  const lower = chars.map((c) => normalizeWord(c));
  const text = lower.join("");
  let at = -1;
  for (const w of wordsOf(keyword)) {
    const i = text.indexOf(normalizeWord(w.text));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  let index = 0;
  if (at > 0) {
    // From a position in the joined text back to a character index.
    for (let len = 0; index < lower.length && len + lower[index].length <= at; index++) len += lower[index].length;
  }
  const start = Math.max(0, Math.min(index - SNIPPET_BEFORE, chars.length - SNIPPET_CHARS));
  const end = Math.min(chars.length, start + SNIPPET_CHARS);
  return `${start > 0 ? "…" : ""}${chars.slice(start, end).join("").trim()}${end < chars.length ? "…" : ""}`;
}

export async function searchBoards(caller: Caller, type: SearchType, q: SearchQuery): Promise<SearchResult> {
  if (!q.tags.length && q.keyword.length < 1) throw new AppError(400, BOARD_ERRORS.keywordInvalid);
  const db = caller.deps.db;
  const { companyId, userId } = caller.auth;
  const boardIds = boardsOf(await companyBoards(db, caller.auth), q.boardId);
  const scope: repo.Scope = { companyId, boardIds, tagIds: [...new Set(q.tags)] };
  const size = type === "all" ? SEARCH_ALL_PAGE_SIZE : q.pageSize;
  const page = { limit: size, offset: q.page * size, countMax: Math.max(SEARCH_COUNT_MAX, (q.page + 1) * size) };
  const want = (t: SearchType) => type === t || type === "all";
  const empty = { content: [], totalElements: 0, totalCapped: false };
  const counted = (c: repo.Counted) => ({ totalElements: c.total, totalCapped: c.capped });
  const sign = signerOf(caller);

  const posts = async (): Promise<SearchResult["posts"]> => {
    if (!boardIds.length) return empty;
    const { ids, ...count } = await repo.postIds(db, scope, postMatch(companyId, q.keyword, q.searchType), page);
    if (!ids.length) return { content: [], ...counted(count) };
    const rows = await summaries(db, {
      where: sql`p.id = any(${bigintArray(ids)})`, order: sql`p.created_at desc, p.id desc`,
      limit: ids.length, offset: 0, userId, preview: LIST_PREVIEW_CHARS,
    });
    const content: PostSummary[] = await summaryViews(rows, sign);
    return { content, ...counted(count) };
  };
  const replies = async (): Promise<SearchResult["replies"]> => {
    if (!boardIds.length) return empty;
    const { rows, ...count } = await repo.replies(db, scope, replyMatch(companyId, q.keyword, q.searchType), page);
    const content: ReplyHit[] = rows.map((r) => ({
      id: r.id,
      postId: r.postId,
      postTitle: r.postTitle,
      boardId: r.boardId,
      boardName: r.boardName,
      userName: r.userName,
      text: snippet(r.content, q.searchType === "WRITER" ? "" : q.keyword),
      createdTimeMillis: r.createdAt,
    }));
    return { content, ...counted(count) };
  };
  const files = async (): Promise<SearchResult["files"]> => {
    if (!boardIds.length) return empty;
    const { rows, ...count } = await repo.files(db, scope, fileMatch(companyId, q.keyword, q.searchType), page);
    const content: FileHit[] = await Promise.all(rows.map(async (f) => ({
      id: f.id,
      name: f.name,
      size: f.size,
      contentType: f.contentType,
      inlineUrl: isImageType(f.contentType) ? await sign(f.id) : null,
      postId: f.postId,
      postTitle: f.postTitle,
      boardId: f.boardId,
      boardName: f.boardName,
      userName: f.userName,
      createdTimeMillis: f.createdAt,
    })));
    return { content, ...counted(count) };
  };

  const [p, r, f] = await Promise.all([
    want("post") ? posts() : undefined,
    want("reply") ? replies() : undefined,
    want("file") ? files() : undefined,
  ]);
  const out: SearchResult = {};
  if (p) out.posts = p;
  if (r) out.replies = r;
  if (f) out.files = f;
  return out;
}
