// The queries of posts and their files (board_posts, board_files, board_post_tags; the reads, reactions and
// mentions they answer with). Every query is scoped by company; services decide who may do what.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { FeelType } from "../../../../shared/board/constants.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => v === null || v === undefined ? null : Number(v);
const millis = (v: unknown) => v instanceof Date ? v.getTime() : new Date(String(v)).getTime();
const millisOrNull = (v: unknown) => v === null || v === undefined ? null : millis(v);
const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

/** A post as lists show it (with the caller's seen and reaction). */
export interface SummaryRow {
  id: number;
  boardId: number;
  boardName: string;
  userId: number;
  userName: string;
  userEmail: string;
  title: string;
  preview: string;
  thumbnailFileId: number | null;
  isNotice: boolean;
  mustRead: boolean;
  createdAt: number;
  updatedAt: number;
  replyCount: number;
  readCount: number;
  feelCount: number;
  fileCount: number;
  deletedAt: number | null;
  deletedBy: number | null;
  deleteUserName: string | null;
  mailFrom: string | null;
  tags: { id: number; name: string; color: string }[];
  feelList: { feelType: FeelType; count: number }[];
  myFeel: FeelType | null;
  seen: boolean;
}

function summaryOf(r: Raw): SummaryRow {
  return {
    id: num(r.id),
    boardId: num(r.board_id),
    boardName: String(r.board_name),
    userId: num(r.user_id),
    userName: String(r.user_name),
    userEmail: String(r.user_email),
    title: String(r.title),
    preview: String(r.preview ?? ""),
    thumbnailFileId: numOrNull(r.thumbnail_file_id),
    isNotice: Boolean(r.is_notice),
    mustRead: Boolean(r.must_read),
    createdAt: millis(r.created_at),
    updatedAt: millis(r.updated_at),
    replyCount: num(r.reply_count),
    readCount: num(r.read_count),
    feelCount: num(r.feel_count),
    fileCount: num(r.file_count),
    deletedAt: millisOrNull(r.deleted_at),
    deletedBy: numOrNull(r.deleted_by),
    deleteUserName: (r.delete_user_name as string | null) ?? null,
    mailFrom: (r.mail_from as string | null) ?? null,
    tags: json<{ id: number | string; name: string; color: string }[]>(r.tags).map((t) => ({ ...t, id: Number(t.id) })),
    feelList: json<{ feelType: FeelType; count: number }[]>(r.feel_list),
    myFeel: (r.my_feel as FeelType | null) ?? null,
    seen: Boolean(r.seen),
  };
}

/**
 * Posts matching `where` (over board_posts p), in `order` (over p), a page of them, each with its board, author,
 * tags, reactions and the caller's read and reaction. The page is cut from board_posts alone first, so a board's
 * first page is an index scan of a few rows however many posts it holds.
 */
export async function summaries(
  db: DbOrTx,
  o: { where: SQL; order: SQL; limit: number; offset: number; userId: number; preview: number },
): Promise<SummaryRow[]> {
  const rows = await db.execute<Raw>(sql`
    with page as (
      select p.id, p.board_id, p.user_id, p.title, left(p.text, ${o.preview}) as preview, p.thumbnail_file_id,
             p.is_notice, p.must_read, p.created_at, p.updated_at, p.reply_count, p.read_count, p.feel_count,
             p.file_count, p.deleted_at, p.deleted_by, p.mail_from
        from board_posts p
       where ${o.where}
       order by ${o.order}
       limit ${o.limit} offset ${o.offset}
    )
    select p.*, b.name as board_name, u.account_name as user_name, u.username as user_email,
           du.account_name as delete_user_name,
           (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name, t.id), '[]')
              from board_post_tags pt join board_tags t on t.id = pt.tag_id where pt.post_id = p.id) as tags,
           (select coalesce(json_agg(json_build_object('feelType', f.feel_type, 'count', f.n)
                     order by array_position(array['LIKE','CELEBRATE','COOL','CHEER_UP'], f.feel_type)), '[]')
              from (select feel_type, count(*)::int as n from board_feelings where post_id = p.id group by feel_type) f) as feel_list,
           (select feel_type from board_feelings where post_id = p.id and user_id = ${o.userId}) as my_feel,
           (p.user_id = ${o.userId} or exists (select 1 from board_post_reads r where r.post_id = p.id and r.user_id = ${o.userId})) as seen
      from page p
      join boards b on b.id = p.board_id
      join users u on u.id = p.user_id
      left join users du on du.id = p.deleted_by
     order by ${o.order}`);
  return rows.map(summaryOf);
}

export async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from board_posts p where ${where}`);
  return Number(r.n);
}

/** Live posts and live notices of the boards (board_post_counts, kept by triggers: no count over the posts). */
export async function liveCounts(db: DbOrTx, boardIds: number[]): Promise<{ posts: number; notices: number }> {
  if (!boardIds.length) return { posts: 0, notices: 0 };
  const [r] = await db.execute<{ posts: string | null; notices: string | null }>(sql`
    select sum(post_count) as posts, sum(notice_count) as notices from board_post_counts where board_id = any(${bigintArray(boardIds)})`);
  return { posts: Number(r?.posts ?? 0), notices: Number(r?.notices ?? 0) };
}

/** One post of the company, in trash or not (content included). */
export interface PostRow {
  id: number;
  boardId: number;
  userId: number;
  title: string;
  content: string;
  isNotice: boolean;
  mustRead: boolean;
  deletedAt: number | null;
  deletedBy: number | null;
  thumbnailFileId: number | null;
}

export async function postRow(db: DbOrTx, companyId: number, postId: number, opts: { lock?: boolean } = {}): Promise<PostRow | null> {
  const rows = await db.execute<Raw>(sql`
    select p.id, p.board_id, p.user_id, p.title, p.content, p.is_notice, p.must_read, p.deleted_at, p.deleted_by,
           p.thumbnail_file_id
      from board_posts p join boards b on b.id = p.board_id
     where p.id = ${postId} and p.company_id = ${companyId} and b.deleted_at is null
     ${opts.lock ? sql`for update of p` : sql``}`);
  const r = rows[0];
  if (!r) return null;
  return {
    id: num(r.id),
    boardId: num(r.board_id),
    userId: num(r.user_id),
    title: String(r.title),
    content: String(r.content),
    isNotice: Boolean(r.is_notice),
    mustRead: Boolean(r.must_read),
    deletedAt: millisOrNull(r.deleted_at),
    deletedBy: numOrNull(r.deleted_by),
    thumbnailFileId: numOrNull(r.thumbnail_file_id),
  };
}

/** Several posts of the company whose boards are not deleted, locked for the change that follows. */
export async function postRows(db: DbOrTx, companyId: number, postIds: number[]): Promise<PostRow[]> {
  const rows = await db.execute<Raw>(sql`
    select p.id, p.board_id, p.user_id, p.title, '' as content, p.is_notice, p.must_read, p.deleted_at, p.deleted_by,
           p.thumbnail_file_id
      from board_posts p join boards b on b.id = p.board_id
     where p.id = any(${bigintArray(postIds)}) and p.company_id = ${companyId} and b.deleted_at is null
     order by p.id
       for update of p`);
  return rows.map((r) => ({
    id: num(r.id),
    boardId: num(r.board_id),
    userId: num(r.user_id),
    title: String(r.title),
    content: "",
    isNotice: Boolean(r.is_notice),
    mustRead: Boolean(r.must_read),
    deletedAt: millisOrNull(r.deleted_at),
    deletedBy: numOrNull(r.deleted_by),
    thumbnailFileId: numOrNull(r.thumbnail_file_id),
  }));
}

// ── Files ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface FileRow {
  id: number;
  uploaderId: number;
  postId: number | null;
  replyId: number | null;
  inline: boolean;
  name: string;
  size: number;
  contentType: string;
  blobKey: string;
  createdAt: number;
}

const FILE_COLUMNS = sql`f.id, f.uploader_id, f.post_id, f.reply_id, f.inline, f.name, f.size, f.content_type, f.blob_key, f.created_at`;

function fileOf(r: Raw): FileRow {
  return {
    id: num(r.id),
    uploaderId: num(r.uploader_id),
    postId: numOrNull(r.post_id),
    replyId: numOrNull(r.reply_id),
    inline: Boolean(r.inline),
    name: String(r.name),
    size: num(r.size),
    contentType: String(r.content_type),
    blobKey: String(r.blob_key),
    createdAt: millis(r.created_at),
  };
}

export async function fileRow(db: DbOrTx, companyId: number, fileId: number): Promise<FileRow | null> {
  const rows = await db.execute<Raw>(sql`select ${FILE_COLUMNS} from board_files f where f.id = ${fileId} and f.company_id = ${companyId}`);
  return rows[0] ? fileOf(rows[0]) : null;
}

/** The files of a post (inline images too), in their order. */
export async function postFiles(db: DbOrTx, postId: number): Promise<FileRow[]> {
  const rows = await db.execute<Raw>(sql`
    select ${FILE_COLUMNS} from board_files f where f.post_id = ${postId} and f.reply_id is null order by f.sort_order, f.id`);
  return rows.map(fileOf);
}

/** The caller's own uploads among `ids` that no post or reply claimed yet, locked (claimed by the writer next). */
export async function unclaimedUploads(db: DbOrTx, companyId: number, userId: number, ids: number[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  const rows = await db.execute<Raw>(sql`
    select ${FILE_COLUMNS} from board_files f
     where f.id = any(${bigintArray(ids)}) and f.company_id = ${companyId} and f.uploader_id = ${userId}
       and f.post_id is null and f.reply_id is null
     order by f.id for update`);
  return rows.map(fileOf);
}

export async function insertFile(
  db: DbOrTx,
  f: { companyId: number; uploaderId: number; postId: number | null; inline: boolean; name: string; size: number; contentType: string; blobKey: string; sortOrder: number; vector: string; now: Date },
): Promise<FileRow> {
  const rows = await db.execute<Raw>(sql`
    insert into board_files as f (company_id, uploader_id, post_id, inline, name, size, content_type, blob_key, sort_order, search_vector, created_at)
    values (${f.companyId}, ${f.uploaderId}, ${f.postId}, ${f.inline}, ${f.name}, ${f.size}, ${f.contentType}, ${f.blobKey},
            ${f.sortOrder}, ${f.vector}::tsvector, ${f.now.toISOString()}::timestamptz)
    returning ${FILE_COLUMNS}`);
  return fileOf(rows[0]);
}

/** Attaches files to a post, `ids` in their order from `firstOrder` on. */
export async function claimFiles(db: DbOrTx, postId: number, ids: number[], firstOrder: number): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update board_files f set post_id = ${postId}, sort_order = ${firstOrder} + x.ord::int - 1
      from unnest(${bigintArray(ids)}) with ordinality as x(id, ord)
     where f.id = x.id`);
}

export async function deleteFiles(db: DbOrTx, postId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`delete from board_files where post_id = ${postId} and id = any(${bigintArray(ids)})`);
}

// ── Tags, mentions, followers ───────────────────────────────────────────────────────────────────────────────

/** Those of `ids` that are tags of the company. */
export async function companyTagIds(db: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: string }>(sql`select id from board_tags where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
  return rows.map((r) => Number(r.id));
}

export async function setPostTags(db: DbOrTx, postId: number, tagIds: number[]): Promise<void> {
  await db.execute(sql`delete from board_post_tags where post_id = ${postId}`);
  if (tagIds.length) {
    await db.execute(sql`insert into board_post_tags (post_id, tag_id) select ${postId}, unnest(${bigintArray(tagIds)}) on conflict do nothing`);
  }
}

export async function postMentions(db: DbOrTx, postId: number): Promise<{ id: number; name: string; email: string }[]> {
  const rows = await db.execute<Raw>(sql`
    select u.id, u.account_name, u.username from board_mentions m join users u on u.id = m.user_id
     where m.post_id = ${postId} and m.reply_id is null order by m.id`);
  return rows.map((r) => ({ id: num(r.id), name: String(r.account_name), email: String(r.username) }));
}

/** Who follows the board (board_user_states.following). */
export async function followerIds(db: DbOrTx, boardId: number): Promise<number[]> {
  const rows = await db.execute<{ user_id: string }>(sql`select user_id from board_user_states where board_id = ${boardId} and following`);
  return rows.map((r) => Number(r.user_id));
}
