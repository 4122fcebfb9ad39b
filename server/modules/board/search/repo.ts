// The queries of the board search: ids of the matching posts, replies and files, newest first, a page of them
// and their count. The service passes the boards the caller may read and the conditions (condition.ts); every
// query is scoped by company and those boards, and only live posts (not in trash) are searched, with their
// replies (not blind) and files (not inline images; a reply's files count as its post's).
//
// How posts and replies are found (tests/bench/board-feed.ts, RESULTS.md "Boards"): PostgreSQL cannot estimate
// how many rows a word's text check keeps, and a wrong guess either sorts every candidate of a frequent word
// (회의 is in most posts: seconds) or walks the whole table for a rare one. So the search decides itself:
// 1. it walks the newest rows of the scope (POST_WALK_ROWS, REPLY_WALK_ROWS) along the feed indexes
//    (board_posts_company_feed_idx, board_replies_company_idx), checking each, and stops at countMax + 1
//    matches: a frequent word is done here, its count capped (totalCapped), its page taken from the walk;
// 2. when the walk reached the scope's end, the count is exact and the page is in it;
// 3. otherwise the word is rare among recent rows: the GIN index finds its candidates for the count (up to
//    countMax + 1) and, when the walk did not already hold the page, for the page (few rows to sort).
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

type Raw = Record<string, unknown>;
const millis = (v: unknown) => v instanceof Date ? v.getTime() : new Date(String(v)).getTime();

/**
 * How many of the newest rows a search checks one by one before it asks the word index: fewer posts than
 * replies, since a post's vector is large enough to be read from TOAST (about 8 µs a post, 1–2 µs a reply).
 */
export const POST_WALK_ROWS = 2000;
export const REPLY_WALK_ROWS = 5000;

export interface Scope {
  companyId: number;
  boardIds: number[];
  /** Tag ids every post must carry (distinct). */
  tagIds: number[];
}

export interface Paging {
  limit: number;
  offset: number;
  /** Count matches up to this many; totalCapped when there are more. */
  countMax: number;
}

export interface Counted {
  total: number;
  capped: boolean;
}

/** The live posts p of the scope's boards carrying every tag. */
function postScope(s: Scope): SQL {
  const tagged = s.tagIds.length
    ? sql`and p.id in (select pt.post_id from board_post_tags pt where pt.tag_id = any(${bigintArray(s.tagIds)})
                        group by pt.post_id having count(*) = ${s.tagIds.length})`
    : sql``;
  return sql`p.company_id = ${s.companyId} and p.deleted_at is null and p.board_id = any(${bigintArray(s.boardIds)}) ${tagged}`;
}

const orNone = (match: SQL | null) => match ?? sql`true`;

/**
 * How many rows the query answers, up to countMax: a word in most posts would otherwise read and check every
 * one of them (the mail search counts the same way).
 */
async function countOf(db: DbOrTx, query: SQL, countMax: number): Promise<Counted> {
  const [row] = await db.execute<{ n: string | number }>(sql`select count(*) as n from (${query} limit ${countMax + 1}) q`);
  const n = Number(row?.n ?? 0);
  return n > countMax ? { total: countMax, capped: true } : { total: n, capped: false };
}

interface Walked {
  /** Matching ids among the newest rows, newest first (at most countMax + 1). */
  ids: number[];
  /** The walk stopped before the scope's end (all its rows checked, fewer than countMax + 1 matches). */
  more: boolean;
}

/**
 * Step 1 over a newest-first subquery `newest` (aliased as the match expects, with rn its row number, ordered
 * as the index): the inner LIMIT keeps the match outside it, so PostgreSQL walks the index and checks each row.
 */
async function walk(db: DbOrTx, newest: SQL, alias: SQL, rowsMax: number, match: SQL | null, countMax: number): Promise<Walked> {
  const rows = await db.execute<{ id: string; rn: string }>(sql`
    select ${alias}.id, ${alias}.rn from (${newest} limit ${rowsMax + 1}) ${alias}
     where ${alias}.rn = ${rowsMax + 1} or (${orNone(match)})
     limit ${countMax + 2}`);
  const sorted = rows.map((r) => ({ id: Number(r.id), rn: Number(r.rn) })).sort((a, b) => a.rn - b.rn);
  const more = sorted.some((r) => r.rn > rowsMax);
  return { ids: sorted.filter((r) => r.rn <= rowsMax).map((r) => r.id), more };
}

/** Steps 2 and 3: the count and the page's ids from the walk, or from the index when the walk did not hold them. */
async function decide(
  w: Walked,
  page: Paging,
  indexCount: () => Promise<Counted>,
  indexPage: () => Promise<number[]>,
): Promise<{ ids: number[] } & Counted> {
  const fromWalk = w.ids.slice(page.offset, page.offset + page.limit);
  if (w.ids.length > page.countMax) return { ids: fromWalk, total: page.countMax, capped: true };
  if (!w.more) return { ids: fromWalk, total: w.ids.length, capped: false };
  const enough = w.ids.length >= page.offset + page.limit;
  const [count, ids] = await Promise.all([indexCount(), enough ? Promise.resolve(fromWalk) : indexPage()]);
  return { ids, ...count };
}

/** Post ids matching, newest first, and how many match in all. */
export async function postIds(db: DbOrTx, s: Scope, match: SQL | null, page: Paging): Promise<{ ids: number[] } & Counted> {
  // The order of board_posts_company_feed_idx (created_at desc nulls last, id desc nulls last).
  const order = sql`p.created_at desc nulls last, p.id desc nulls last`;
  const newest = sql`select p.id, p.user_id, p.title, p.text, p.search_vector, row_number() over (order by ${order}) as rn
    from board_posts p where ${postScope(s)} order by ${order}`;
  const w = await walk(db, newest, sql`p`, POST_WALK_ROWS, match, page.countMax);
  const from = sql`from board_posts p where ${postScope(s)} and ${orNone(match)}`;
  return await decide(
    w,
    page,
    () => countOf(db, sql`select 1 ${from}`, page.countMax),
    async () =>
      (await db.execute<{ id: string }>(sql`select p.id ${from} order by ${order} limit ${page.limit} offset ${page.offset}`))
        .map((r) => Number(r.id)),
  );
}

export interface ReplyRow {
  id: number;
  postId: number;
  postTitle: string;
  boardId: number;
  boardName: string;
  userName: string;
  content: string;
  createdAt: number;
}

/** Replies matching (not blind, of live posts in scope), newest first, and how many match in all. */
export async function replies(db: DbOrTx, s: Scope, match: SQL | null, page: Paging): Promise<{ rows: ReplyRow[] } & Counted> {
  // The order of board_replies_company_idx.
  const order = sql`r.created_at desc nulls last, r.id desc nulls last`;
  const scope = sql`r.company_id = ${s.companyId} and not r.is_blind and ${postScope(s)}`;
  const newest = sql`select r.id, r.user_id, r.content, r.search_vector, row_number() over (order by ${order}) as rn
    from board_replies r join board_posts p on p.id = r.post_id where ${scope} order by ${order}`;
  const w = await walk(db, newest, sql`r`, REPLY_WALK_ROWS, match, page.countMax);
  const from = sql`from board_replies r join board_posts p on p.id = r.post_id where ${scope} and ${orNone(match)}`;
  const { ids, ...count } = await decide(
    w,
    page,
    () => countOf(db, sql`select 1 ${from}`, page.countMax),
    async () =>
      (await db.execute<{ id: string }>(sql`select r.id ${from} order by ${order} limit ${page.limit} offset ${page.offset}`))
        .map((r) => Number(r.id)),
  );
  if (!ids.length) return { rows: [], ...count };
  const rows = await db.execute<Raw>(sql`
    select r.id, r.post_id, r.content, r.created_at, p.title, p.board_id, b.name as board_name, u.account_name as user_name
      from board_replies r join board_posts p on p.id = r.post_id join boards b on b.id = p.board_id join users u on u.id = r.user_id
     where r.id = any(${bigintArray(ids)}) and r.company_id = ${s.companyId}
     order by ${order}`);
  return {
    ...count,
    rows: rows.map((r) => ({
      id: Number(r.id),
      postId: Number(r.post_id),
      postTitle: String(r.title),
      boardId: Number(r.board_id),
      boardName: String(r.board_name),
      userName: String(r.user_name),
      content: String(r.content),
      createdAt: millis(r.created_at),
    })),
  };
}

export interface FileRow {
  id: number;
  name: string;
  size: number;
  contentType: string;
  postId: number;
  postTitle: string;
  boardId: number;
  boardName: string;
  userName: string;
  createdAt: number;
}

/**
 * Files matching: attached to a live post in scope, or to a reply (not blind) of one; inline images left out.
 * Newest first, and how many match in all. A company has far fewer files than posts: the word index answers.
 */
export async function files(db: DbOrTx, s: Scope, match: SQL | null, page: Paging): Promise<{ rows: FileRow[] } & Counted> {
  const from = sql`from board_files f
      left join board_replies r on r.id = f.reply_id and not r.is_blind
      join board_posts p on p.id = coalesce(f.post_id, r.post_id)
    where f.company_id = ${s.companyId} and not f.inline and (f.post_id is not null or r.id is not null)
      and ${postScope(s)} and ${orNone(match)}`;
  const [rows, total] = await Promise.all([
    db.execute<Raw>(sql`
      with page as (select f.id, f.name, f.size, f.content_type, f.uploader_id, f.created_at, p.id as post_id, p.title, p.board_id
                     ${from} order by f.created_at desc, f.id desc limit ${page.limit} offset ${page.offset})
      select page.*, b.name as board_name, u.account_name as user_name
        from page join boards b on b.id = page.board_id join users u on u.id = page.uploader_id
       order by page.created_at desc, page.id desc`),
    countOf(db, sql`select 1 ${from}`, page.countMax),
  ]);
  return {
    ...total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      size: Number(r.size),
      contentType: String(r.content_type),
      postId: Number(r.post_id),
      postTitle: String(r.title),
      boardId: Number(r.board_id),
      boardName: String(r.board_name),
      userName: String(r.user_name),
      createdAt: millis(r.created_at),
    })),
  };
}
