// The queries of the board search: ids of the matching posts, replies and files, newest first, a page of them
// and their count. The service passes the boards the caller may read and the conditions (condition.ts); every
// query is scoped by company and those boards, and only live posts (not in trash) are searched, with their
// replies (not blind) and files (not inline images; a reply's files count as its post's).
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

type Raw = Record<string, unknown>;
const millis = (v: unknown) => v instanceof Date ? v.getTime() : new Date(String(v)).getTime();

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

/** Post ids matching, newest first, and how many match in all. */
export async function postIds(db: DbOrTx, s: Scope, match: SQL | null, page: Paging): Promise<{ ids: number[] } & Counted> {
  const from = sql`from board_posts p where ${postScope(s)} and ${orNone(match)}`;
  const [rows, total] = await Promise.all([
    db.execute<{ id: string }>(sql`select p.id ${from} order by p.created_at desc, p.id desc limit ${page.limit} offset ${page.offset}`),
    countOf(db, sql`select 1 ${from}`, page.countMax),
  ]);
  return { ids: rows.map((r) => Number(r.id)), ...total };
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
  const from = sql`from board_replies r join board_posts p on p.id = r.post_id
    where r.company_id = ${s.companyId} and not r.is_blind and ${postScope(s)} and ${orNone(match)}`;
  const [rows, total] = await Promise.all([
    db.execute<Raw>(sql`
      with page as (select r.id, r.post_id, r.user_id, r.content, r.created_at, p.title, p.board_id ${from}
                     order by r.created_at desc, r.id desc limit ${page.limit} offset ${page.offset})
      select page.*, b.name as board_name, u.account_name as user_name
        from page join boards b on b.id = page.board_id join users u on u.id = page.user_id
       order by page.created_at desc, page.id desc`),
    countOf(db, sql`select 1 ${from}`, page.countMax),
  ]);
  return {
    ...total,
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
 * Newest first, and how many match in all.
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
