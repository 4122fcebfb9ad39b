// Writing posts: POST post, PUT post/{postId}, and createPostAs (a post for a given author without an HTTP
// request: mail to a board calls it). In one transaction the content is sanitised (sanitize.ts; nothing left
// → 400 common.validation), its images kept only when they are the author's unclaimed inline uploads or
// already the post's, the attachments claimed (the author's own unclaimed uploads: else 400 common.validation;
// at most FILES_PER_POST: 400 board.17), tags set (the company's: else 400 common.validation), text,
// search_vector, file_count and thumbnail_file_id kept, and the mentions recorded. After the commit: the
// newly mentioned get a MENTION notice, the board's followers a POST notice (new posts), and BOARD_CHANGED.
import { sql } from "drizzle-orm";
import { FILES_PER_POST, INLINE_IMAGE_TYPES, INLINE_IMAGES_MAX, POST_CONTENT_MAX, POST_TITLE_MAX } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { PostBody, PostUpdateBody } from "../../../../shared/board/posts.ts";
import type { DbOrTx, Tx } from "../../../../db/client.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { boardAccess, boardReaderIds, requireBoard, requirePostable } from "../access.ts";
import { publishBoardChanged, sendBoardNotices, type BoardNotice } from "../realtime.ts";
import { fileVector, postVector } from "../search/vectors.ts";
import { changeablePost, mayToggleNotice, notAllowed } from "./access.ts";
import { fileName } from "./files.ts";
import { mentionedInHtml, recordMentions } from "./mentions.ts";
import {
  claimFiles, companyTagIds, deleteFiles, type FileRow, followerIds, insertFile, postFiles, setPostTags, unclaimedUploads,
} from "./repo.ts";
import { type CleanContent, isEmptyContent, keepImages, sanitizePostHtml } from "./sanitize.ts";
import { isImageType } from "./view.ts";

const invalid = (field: string, message: string) => new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message }]);
const tooManyFiles = () => new AppError(400, BOARD_ERRORS.tooManyFiles, { max: FILES_PER_POST });

/** A file given by bytes already in the blob store (mail to a board: the message's attachments). */
export interface StoredFile {
  name: string;
  contentType: string;
  blobKey: string;
  size: number;
}

export interface NewPost {
  companyId: number;
  /** The author. */
  userId: number;
  boardId: number;
  title: string;
  /** HTML; sanitised here. Images: <img data-file-id> of the author's unclaimed inline uploads. */
  html: string;
  isNotice?: boolean;
  mustRead?: boolean;
  tagIds?: number[];
  /** The author's unclaimed uploads (POST file) to attach. */
  fileIds?: number[];
  /** Files to attach from bytes already stored (counted with fileIds: FILES_PER_POST at most). */
  files?: StoredFile[];
  mailFrom?: string | null;
  /** A post from a mail: one post per message and board (a second call answers the first post, created false). */
  mailMessageId?: string | null;
}

function checkTitle(title: string): string {
  const t = title.trim();
  if (!t || t.length > POST_TITLE_MAX) throw invalid("title", `a title of 1 to ${POST_TITLE_MAX} characters is required`);
  return t;
}

/**
 * The content as stored: sanitised, images kept only when they are `existing` inline files of the post or
 * the author's unclaimed inline uploads. Answers it with the uploads to claim and the inline files it dropped.
 */
async function resolveContent(
  tx: DbOrTx,
  who: { companyId: number; userId: number },
  html: string,
  existing: FileRow[],
): Promise<{ clean: CleanContent; claim: number[]; drop: number[] }> {
  const first = sanitizePostHtml(html);
  const had = new Set(existing.filter((f) => f.inline).map((f) => f.id));
  const candidates = first.imageIds.filter((id) => !had.has(id));
  const uploads = (await unclaimedUploads(tx, who.companyId, who.userId, candidates)).filter((f) => f.inline && isImageType(f.contentType));
  const keep = new Set([...first.imageIds.filter((id) => had.has(id)), ...uploads.map((f) => f.id)]);
  const clean = keepImages(first, keep);
  if (isEmptyContent(clean)) throw invalid("content", "the content needs text or an image");
  if (clean.html.length > POST_CONTENT_MAX) throw invalid("content", `the content is longer than ${POST_CONTENT_MAX} characters`);
  if (clean.imageIds.length > INLINE_IMAGES_MAX) throw invalid("content", `at most ${INLINE_IMAGES_MAX} images`);
  const used = new Set(clean.imageIds);
  return { clean, claim: clean.imageIds.filter((id) => !had.has(id)), drop: [...had].filter((id) => !used.has(id)) };
}

/** The author's unclaimed attachments among `ids` (all of them, else 400 common.validation). */
async function attachable(tx: DbOrTx, who: { companyId: number; userId: number }, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = (await unclaimedUploads(tx, who.companyId, who.userId, unique)).filter((f) => !f.inline);
  if (rows.length !== unique.length) throw invalid("fileIds", "a file is not an upload of yours waiting for a post");
  return unique;
}

async function checkTags(tx: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await companyTagIds(tx, companyId, unique)).length !== unique.length) throw invalid("tagIds", "a tag is not one of the company's");
  return unique;
}

/** file_count and thumbnail_file_id from the post's files: the first image of the content, else the first image attachment. */
async function refreshFileFacts(tx: DbOrTx, postId: number, imageIds: number[]): Promise<void> {
  const types = sql.join(INLINE_IMAGE_TYPES.map((t) => sql`${t}`), sql`, `);
  await tx.execute(sql`
    update board_posts set
      file_count = (select count(*) from board_files where post_id = ${postId} and reply_id is null and not inline),
      thumbnail_file_id = coalesce(${imageIds[0] ?? null}::bigint,
        (select id from board_files where post_id = ${postId} and reply_id is null and not inline and lower(content_type) in (${types})
          order by sort_order, id limit 1))
     where id = ${postId}`);
}

interface Written {
  id: number;
  boardId: number;
  created: boolean;
  /** Users mentioned now who were not before. */
  mentioned: number[];
}

async function insertPost(tx: Tx, deps: AppDeps, p: NewPost): Promise<Written> {
  const who = { companyId: p.companyId, userId: p.userId };
  const title = checkTitle(p.title);
  const fileIds = p.fileIds ?? [];
  const stored = p.files ?? [];
  if (new Set(fileIds).size + stored.length > FILES_PER_POST) throw tooManyFiles();
  const { clean, claim } = await resolveContent(tx, who, p.html, []);
  const attach = await attachable(tx, who, fileIds);
  const tagIds = await checkTags(tx, p.companyId, p.tagIds ?? []);
  const now = deps.clock.now().toISOString();
  const rows = await tx.execute<{ id: string }>(sql`
    insert into board_posts (company_id, board_id, user_id, title, content, text, is_notice, must_read, mail_from, mail_message_id,
                             search_vector, created_at, updated_at)
    values (${p.companyId}, ${p.boardId}, ${p.userId}, ${title}, ${clean.html}, ${clean.text}, ${p.isNotice ?? false},
            ${p.mustRead ?? false}, ${p.mailFrom ?? null}, ${p.mailMessageId ?? null}, ${postVector(title, clean.text)}::tsvector,
            ${now}::timestamptz, ${now}::timestamptz)
    on conflict (board_id, mail_message_id) where mail_message_id is not null do nothing
    returning id`);
  if (!rows.length) {
    const [dup] = await tx.execute<{ id: string }>(sql`
      select id from board_posts where board_id = ${p.boardId} and mail_message_id = ${p.mailMessageId ?? ""}`);
    return { id: Number(dup.id), boardId: p.boardId, created: false, mentioned: [] };
  }
  const id = Number(rows[0].id);
  await claimFiles(tx, id, claim, 0);
  await claimFiles(tx, id, attach, 1000);
  let order = 1000 + attach.length;
  for (const f of stored) {
    const name = fileName(f.name);
    await insertFile(tx, {
      companyId: p.companyId, uploaderId: p.userId, postId: id, inline: false, name, size: f.size,
      contentType: f.contentType.toLowerCase() || "application/octet-stream", blobKey: f.blobKey, sortOrder: order++,
      vector: fileVector(name), now: deps.clock.now(),
    });
  }
  await refreshFileFacts(tx, id, clean.imageIds);
  await setPostTags(tx, id, tagIds);
  const mentioned = await recordMentions(tx, { companyId: p.companyId, boardId: p.boardId, postId: id, replyId: null, now: deps.clock.now() }, mentionedInHtml(clean.html));
  return { id, boardId: p.boardId, created: true, mentioned };
}

/** After a commit: the notices and the change event of a written post. */
async function announce(deps: AppDeps, companyId: number, actorId: number, w: Written, isNew: boolean): Promise<void> {
  const notices: BoardNotice[] = w.mentioned.map((userId) => ({ userId, kind: "MENTION", postId: w.id }));
  if (isNew) {
    const told = new Set(w.mentioned);
    const followers = (await followerIds(deps.db, w.boardId)).filter((id) => !told.has(id) && id !== actorId);
    const readers = await boardReaderIds(deps.db, companyId, w.boardId, followers);
    for (const userId of readers) notices.push({ userId, kind: "POST", postId: w.id });
  }
  await sendBoardNotices(deps, companyId, actorId, notices);
  await publishBoardChanged(deps, companyId, { boardId: w.boardId, postId: w.id });
}

/**
 * Writes a post as `p.userId` without an HTTP request (mail to a board). It does not check the author's
 * privilege (the caller decided), only that the board is a live BOARD of the company (404 board.8, 409
 * board.move_invalid for a group), and everything POST post checks about the content, files and tags.
 * Answers the post's id; created false when a post of the same mailMessageId is on the board already.
 */
export async function createPostAs(deps: AppDeps, p: NewPost): Promise<{ id: number; created: boolean }> {
  const board = await boardAccess(deps.db, { userId: p.userId, companyId: p.companyId, role: "ROLE_USER" }, p.boardId);
  if (!board) throw new AppError(404, BOARD_ERRORS.board);
  requirePostable(board);
  const w = await deps.db.transaction((tx) => insertPost(tx, deps, p));
  if (w.created) await announce(deps, p.companyId, p.userId, w, true);
  return { id: w.id, created: w.created };
}

/** POST post: WRITE on a BOARD (404 board.8 missing, 403 board.8 not allowed, 409 board.move_invalid a group). */
export async function createPost(caller: Caller, body: PostBody): Promise<number> {
  const board = await requireBoard(caller, body.boardId, "WRITE");
  requirePostable(board);
  const p: NewPost = {
    companyId: caller.auth.companyId,
    userId: caller.auth.userId,
    boardId: board.id,
    title: body.title,
    html: body.content,
    isNotice: body.isNotice,
    mustRead: body.mustRead,
    tagIds: body.tagIds,
    fileIds: body.fileIds,
  };
  const w = await caller.deps.db.transaction((tx) => insertPost(tx, caller.deps, p));
  await announce(caller.deps, caller.auth.companyId, caller.auth.userId, w, true);
  return w.id;
}

/** PUT post/{postId}: its author or a manager; isNotice needs a manager or the author with WRITE. */
export async function updatePost(caller: Caller, postId: number, body: PostUpdateBody): Promise<void> {
  const { deps, auth } = caller;
  const who = { companyId: auth.companyId, userId: auth.userId };
  const w = await deps.db.transaction(async (tx): Promise<Written> => {
    const seen = await changeablePost(caller, postId, tx);
    const { post } = seen;
    if (body.isNotice !== undefined && body.isNotice !== post.isNotice && !mayToggleNotice(caller, seen)) throw notAllowed();
    const files = await postFiles(tx, postId);
    const attached = files.filter((f) => !f.inline);
    const removing = new Set(body.deleteFileIds.filter((id) => attached.some((f) => f.id === id)));
    const adding = [...new Set(body.fileIds)].filter((id) => !attached.some((f) => f.id === id));
    if (attached.length - removing.size + adding.length > FILES_PER_POST) throw tooManyFiles();
    const attach = await attachable(tx, who, adding);
    const title = body.title === undefined ? post.title : checkTitle(body.title);
    let content: CleanContent | null = null;
    if (body.content !== undefined) {
      const r = await resolveContent(tx, who, body.content, files);
      content = r.clean;
      await deleteFiles(tx, postId, r.drop);
      await claimFiles(tx, postId, r.claim, 0);
    }
    await deleteFiles(tx, postId, [...removing]);
    const lastOrder = await tx.execute<{ n: number }>(sql`
      select coalesce(max(sort_order), 999)::int as n from board_files where post_id = ${postId} and not inline`);
    await claimFiles(tx, postId, attach, Number(lastOrder[0].n) + 1);
    if (body.tagIds !== undefined) await setPostTags(tx, postId, await checkTags(tx, auth.companyId, body.tagIds));
    let text = content?.text;
    if (text === undefined && title !== post.title) {
      const [t] = await tx.execute<{ text: string }>(sql`select text from board_posts where id = ${postId}`);
      text = t.text;
    }
    const now = deps.clock.now().toISOString();
    await tx.execute(sql`
      update board_posts set title = ${title},
        ${content ? sql`content = ${content.html}, text = ${content.text},` : sql``}
        ${text === undefined ? sql`` : sql`search_vector = ${postVector(title, text)}::tsvector,`}
        is_notice = ${body.isNotice ?? post.isNotice}, must_read = ${body.mustRead ?? post.mustRead}, updated_at = ${now}::timestamptz
       where id = ${postId}`);
    const imageIds = content ? content.imageIds : await inlineOrder(tx, postId, post.content);
    await refreshFileFacts(tx, postId, imageIds);
    const mentioned = content
      ? await recordMentions(tx, { companyId: auth.companyId, boardId: post.boardId, postId, replyId: null, now: deps.clock.now() }, mentionedInHtml(content.html))
      : [];
    return { id: postId, boardId: post.boardId, created: false, mentioned };
  });
  await announce(deps, auth.companyId, auth.userId, w, false);
}

/** The images of stored content that are still inline files of the post, in order. */
async function inlineOrder(tx: DbOrTx, postId: number, html: string): Promise<number[]> {
  const ids = sanitizePostHtml(html).imageIds;
  if (!ids.length) return [];
  const rows = await tx.execute<{ id: string }>(sql`
    select id from board_files where post_id = ${postId} and inline and id = any(${bigintArray(ids)})`);
  const have = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => have.has(id));
}
