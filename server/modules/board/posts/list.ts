// Reading posts: post/list (a board or a special folder), post/notices (the notice panel) and GET post/{postId}
// (shared/board/posts.ts). A board's list pins its notices on page 0 (the usual Korean board) and leaves them
// out of the pages; the special folders: all -1 (every board the caller may read), my -2 (the caller's posts),
// mention -3 (posts mentioning the caller in the content or a reply), trash -4 (posts the caller deleted or
// that sit in boards the caller manages), notice -5 (notices of the boards the caller may read).
import { type SQL, sql } from "drizzle-orm";
import {
  CARD_PREVIEW_CHARS, NOTICE_PANEL_SIZE, PAGE_SIZE_MAX, type PostSort, SPECIAL_FOLDERS,
} from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Post, PostListQuery, PostSummary } from "../../../../shared/board/posts.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { companyBoards, requireBoard } from "../access.ts";
import { mayChange, visiblePost } from "./access.ts";
import { countWhere, liveCounts, postFiles, postMentions, summaries } from "./repo.ts";
import { withImageSources } from "./sanitize.ts";
import { fileView, isImageType, signerOf, summaryViews } from "./view.ts";

const SORT_COLUMNS: Record<PostSort, SQL> = {
  createdAt: sql`p.created_at`,
  updatedAt: sql`p.updated_at`,
  title: sql`p.title`,
  readCount: sql`p.read_count`,
  replyCount: sql`p.reply_count`,
  feelCount: sql`p.feel_count`,
};

/**
 * The order, written as the feed indexes are made (drizzle's desc() is DESC NULLS LAST; read backwards, ASC
 * NULLS FIRST), so the planner walks an index instead of sorting a board's every post. The columns are not null.
 */
function orderOf(column: SQL, dir: "asc" | "desc"): SQL {
  return dir === "asc" ? sql`${column} asc nulls first, p.id asc nulls first` : sql`${column} desc nulls last, p.id desc nulls last`;
}

/** The boards (not groups) the caller may read, and those they manage. */
async function boardSets(caller: Caller) {
  const all = (await companyBoards(caller.deps.db, caller.auth)).filter((b) => b.boardType === "BOARD");
  return {
    readable: all.filter((b) => b.privilege !== "NONE").map((b) => b.id),
    managed: all.filter((b) => b.privilege === "MANAGE").map((b) => b.id),
  };
}

/**
 * Which posts a special folder holds (over board_posts p), its default order's column, and how many it holds
 * (all and notice: from the boards' kept counts, so a company's hundreds of thousands of posts are not counted).
 */
async function folderOf(caller: Caller, id: number): Promise<{ where: SQL; defaultColumn: SQL; count: (where: SQL) => Promise<number> }> {
  const { userId, companyId } = caller.auth;
  const db = caller.deps.db;
  const sets = await boardSets(caller);
  const readable = sql`p.board_id = any(${bigintArray(sets.readable)})`;
  const live = sql`p.company_id = ${companyId} and p.deleted_at is null and ${readable}`;
  const counted = (where: SQL) => countWhere(db, where);
  switch (id) {
    case SPECIAL_FOLDERS.all:
      return { where: live, defaultColumn: SORT_COLUMNS.createdAt, count: async () => (await liveCounts(db, sets.readable)).posts };
    case SPECIAL_FOLDERS.my:
      return { where: sql`p.user_id = ${userId} and ${live}`, defaultColumn: SORT_COLUMNS.createdAt, count: counted };
    case SPECIAL_FOLDERS.mention:
      return {
        where: sql`${live} and p.id in (select m.post_id from board_mentions m where m.user_id = ${userId} and m.company_id = ${companyId})`,
        defaultColumn: SORT_COLUMNS.createdAt,
        count: counted,
      };
    case SPECIAL_FOLDERS.notice:
      return { where: sql`p.is_notice and ${live}`, defaultColumn: SORT_COLUMNS.createdAt, count: async () => (await liveCounts(db, sets.readable)).notices };
    case SPECIAL_FOLDERS.trash: {
      const live = sql`p.board_id in (select b.id from boards b where b.company_id = ${companyId} and b.deleted_at is null)`;
      return {
        where: sql`p.company_id = ${companyId} and p.deleted_at is not null and ${live}
                   and (p.deleted_by = ${userId} or p.board_id = any(${bigintArray(sets.managed)}))`,
        defaultColumn: sql`p.deleted_at`,
        count: counted,
      };
    }
  }
  throw new AppError(404, BOARD_ERRORS.board);
}

export async function listPosts(caller: Caller, q: PostListQuery): Promise<Page<PostSummary>> {
  const db = caller.deps.db;
  const base = {
    limit: q.pageSize,
    offset: q.page * q.pageSize,
    userId: caller.auth.userId,
    preview: q.contentSize ?? CARD_PREVIEW_CHARS,
  };
  const tagged = (where: SQL) =>
    q.tagId === undefined ? where : sql`${where} and exists (select 1 from board_post_tags pt where pt.post_id = p.id and pt.tag_id = ${q.tagId})`;
  const sign = signerOf(caller);
  if (q.id < 0) {
    const f = await folderOf(caller, q.id);
    const column = q.sort === "createdAt" ? f.defaultColumn : SORT_COLUMNS[q.sort];
    const where = tagged(f.where);
    const count = q.tagId === undefined ? f.count(where) : countWhere(db, where);
    const [rows, total] = await Promise.all([summaries(db, { ...base, where, order: orderOf(column, q.dir) }), count]);
    return pageOf(await summaryViews(rows, sign), total, q);
  }
  const board = await requireBoard(caller, q.id, "READ", { code: BOARD_ERRORS.postList });
  const order = orderOf(SORT_COLUMNS[q.sort], q.dir);
  const live = sql`p.board_id = ${board.id} and p.deleted_at is null`;
  if (q.tagId !== undefined) {
    const where = tagged(live);
    const [rows, total] = await Promise.all([summaries(db, { ...base, where, order }), countWhere(db, where)]);
    return pageOf(await summaryViews(rows, sign), total, q);
  }
  const [pinned, rows, total] = await Promise.all([
    q.page === 0
      ? summaries(db, { ...base, where: sql`${live} and p.is_notice`, order: orderOf(SORT_COLUMNS.createdAt, "desc"), limit: PAGE_SIZE_MAX, offset: 0 })
      : Promise.resolve([]),
    summaries(db, { ...base, where: sql`${live} and not p.is_notice`, order }),
    liveCounts(db, [board.id]).then((c) => c.posts - c.notices),
  ]);
  return pageOf(await summaryViews([...pinned, ...rows], sign), total, q);
}

/** post/notices: the newest notices of a board (READ; 403 board.18) or of every readable board (-1). */
export async function noticePanel(caller: Caller, q: { id: number; size?: number }): Promise<PostSummary[]> {
  const size = q.size ?? NOTICE_PANEL_SIZE;
  let where: SQL;
  if (q.id === SPECIAL_FOLDERS.all || q.id === SPECIAL_FOLDERS.notice) {
    where = (await folderOf(caller, SPECIAL_FOLDERS.notice)).where;
  } else {
    const board = await requireBoard(caller, q.id, "READ", { code: BOARD_ERRORS.postList });
    where = sql`p.board_id = ${board.id} and p.deleted_at is null and p.is_notice`;
  }
  const rows = await summaries(caller.deps.db, {
    where, order: orderOf(SORT_COLUMNS.createdAt, "desc"), limit: size, offset: 0, userId: caller.auth.userId, preview: CARD_PREVIEW_CHARS,
  });
  return await summaryViews(rows, signerOf(caller));
}

/** GET post/{postId}: the whole post, its images pointed at signed addresses. */
export async function getPost(caller: Caller, postId: number): Promise<Post> {
  const db = caller.deps.db;
  const seen = await visiblePost(caller, postId);
  const [[row], files, mentions] = await Promise.all([
    summaries(db, { where: sql`p.id = ${postId}`, order: sql`p.id`, limit: 1, offset: 0, userId: caller.auth.userId, preview: CARD_PREVIEW_CHARS }),
    postFiles(db, postId),
    postMentions(db, postId),
  ]);
  const sign = signerOf(caller);
  const [summary] = await summaryViews([row], sign);
  const urls = new Map(await Promise.all(files.filter((f) => isImageType(f.contentType)).map(async (f) => [f.id, await sign(f.id)] as const)));
  const attachments = files.filter((f) => !f.inline);
  return {
    ...summary,
    content: withImageSources(seen.post.content, (id) => urls.get(id) ?? null),
    files: await Promise.all(attachments.map((f) => fileView(f, sign))),
    fileIds: attachments.map((f) => f.id),
    mentions,
    userPrivilege: seen.board.privilege,
    editable: seen.post.deletedAt === null && mayChange(caller, seen),
  };
}
