// Files of posts and replies (shared/board/replies.ts: POST file, GET file/{fileId}, GET file/find; the signed
// GET /api/board/inline/{fileId}). An upload is streamed to a temporary file (routes), then stored in the blob
// store and kept as a board_files row of its uploader with no post or reply yet; a post (write.ts) or a reply
// claims it; what nobody claimed within UNCLAIMED_FILE_MS is swept (jobs.ts). Its bytes count into the
// uploader's users.used_size (migration 0050's triggers), checked here: 507 board.124 when full.
// Who gets the bytes: its uploader before it is claimed; afterwards whoever may see its post (access.ts).
import { sql } from "drizzle-orm";
import { FILE_MAX_BYTES, INLINE_IMAGE_TYPES } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { BoardFile } from "../../../../shared/board/posts.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { blobResponse } from "../../../lib/blob-response.ts";
import type { AppDeps, AuthInfo, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileVector } from "../search/vectors.ts";
import { visiblePost } from "./access.ts";
import { fileRow, type FileRow, insertFile, postFiles } from "./repo.ts";
import { verifyInlineToken } from "./inline-token.ts";
import { fileView, isImageType, signerOf } from "./view.ts";

export const fileNotFound = () => new AppError(404, BOARD_ERRORS.fileNotFound);
export const fileTooLarge = () => new AppError(413, BOARD_ERRORS.fileTooLarge, { size: FILE_MAX_BYTES });
export const insufficientSpace = () => new AppError(507, BOARD_ERRORS.insufficientSpace);
const invalidFile = (message: string) => new AppError(400, "common.validation", undefined, [{ field: "file", code: "common.validation", message }]);

/** A file name as kept: NFC, without folders, at most 255 characters. */
export const fileName = (name: string) => name.normalize("NFC").split(/[\\/]/).pop()!.trim().slice(0, 255) || "file";

/** The user's quota, locked until the transaction ends (the upload checks, then inserts). */
async function lockedQuota(db: DbOrTx, companyId: number, userId: number): Promise<{ total: number; used: number }> {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId} for no key update`);
  return r ? { total: Number(r.total), used: Number(r.used) } : { total: 0, used: 0 };
}

/** 507 board.124 when the caller's storage is full already (checked before an upload is read). */
export async function requireSpace(caller: Caller): Promise<void> {
  const [r] = await caller.deps.db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${caller.auth.userId} and company_id = ${caller.auth.companyId}`);
  if (r && Number(r.total) > 0 && Number(r.used) >= Number(r.total)) throw insufficientSpace();
}

export interface UploadInput {
  name: string;
  contentType: string;
  size: number;
  /** An image placed in a post's content (INLINE_IMAGE_TYPES only). */
  inline: boolean;
}

/**
 * Keeps an upload of `who` with no post yet: `store` puts the bytes in the blob store (called once the quota
 * allows them, inside the transaction; nothing is stored when it refuses). 413 board.123, 507 board.124.
 */
export async function addUpload(
  deps: AppDeps,
  who: Pick<AuthInfo, "companyId" | "userId">,
  f: UploadInput,
  store: () => Promise<{ key: string; size: number }>,
): Promise<FileRow> {
  if (f.size > FILE_MAX_BYTES) throw fileTooLarge();
  const contentType = f.contentType.toLowerCase().trim() || "application/octet-stream";
  if (f.inline && !(INLINE_IMAGE_TYPES as readonly string[]).includes(contentType)) {
    throw invalidFile(`an inline image must be one of ${INLINE_IMAGE_TYPES.join(", ")}`);
  }
  const name = fileName(f.name);
  return await deps.db.transaction(async (tx) => {
    const q = await lockedQuota(tx, who.companyId, who.userId);
    if (q.total > 0 && q.used + f.size > q.total) throw insufficientSpace();
    const blob = await store();
    return await insertFile(tx, {
      companyId: who.companyId,
      uploaderId: who.userId,
      postId: null,
      inline: f.inline,
      name,
      size: blob.size,
      contentType,
      blobKey: blob.key,
      sortOrder: 0,
      vector: fileVector(name),
      now: deps.clock.now(),
    });
  });
}

/** POST file's answer. */
export async function uploadView(caller: Caller, f: FileRow): Promise<BoardFile> {
  return await fileView(f, signerOf(caller));
}

/** The post a claimed file belongs to (a reply's file: the reply's post). */
async function postOfFile(db: DbOrTx, f: FileRow): Promise<number | null> {
  if (f.postId !== null) return f.postId;
  if (f.replyId === null) return null;
  const [r] = await db.execute<{ post_id: string }>(sql`select post_id from board_replies where id = ${f.replyId}`);
  return r ? Number(r.post_id) : null;
}

/** A file the caller may have: their own unclaimed upload, or a file of a post they may see (403 board.18). */
export async function readableFile(caller: Caller, fileId: number): Promise<FileRow> {
  const f = await fileRow(caller.deps.db, caller.auth.companyId, fileId);
  if (!f) throw fileNotFound();
  const postId = await postOfFile(caller.deps.db, f);
  if (postId === null) {
    if (f.uploaderId !== caller.auth.userId || f.replyId !== null) throw fileNotFound();
    return f;
  }
  try {
    await visiblePost(caller, postId);
  } catch (e) {
    if (e instanceof AppError && e.code === BOARD_ERRORS.postNotFound) throw fileNotFound();
    throw e;
  }
  return f;
}

/** GET file/find?postId: the post's attachments (not the images of its content). */
export async function findFiles(caller: Caller, postId: number): Promise<BoardFile[]> {
  await visiblePost(caller, postId);
  const sign = signerOf(caller);
  return await Promise.all((await postFiles(caller.deps.db, postId)).filter((f) => !f.inline).map((f) => fileView(f, sign)));
}

export interface FileRequest {
  method: string;
  range?: string;
  download: boolean;
}

/** The bytes of a file, with Range (one range; 416 past the end), inline unless a download is asked for. */
export async function fileResponse(deps: AppDeps, f: FileRow, req: FileRequest): Promise<Response> {
  return await blobResponse(deps, f, { method: req.method, range: req.range, inline: !req.download, what: "board file" }, fileNotFound);
}

/**
 * GET /api/board/inline/{fileId}?token=: an image for the person the token was made for, while they may still
 * see it. Anything else (no token, a wrong or expired one, another file's, a file that is not an image, a
 * person no longer active or no longer allowed) answers 404 board.file_not_found.
 */
export async function inlineImage(deps: AppDeps, fileId: number, token: string, req: { method: string; range?: string }): Promise<Response> {
  const userId = await verifyInlineToken(deps.secrets.tokenKey, token, fileId, deps.clock.now());
  if (userId === null) throw fileNotFound();
  const [u] = await deps.db.execute<{ company_id: string; username: string; role: string; is_hr: boolean }>(sql`
    select company_id, username, role, is_hr from users where id = ${userId} and status = 'ACTIVE'`);
  if (!u) throw fileNotFound();
  // No session stands behind an inline token; the checks read only the company, user and role.
  const reader: Caller = {
    deps,
    auth: { userId, companyId: Number(u.company_id), username: u.username, role: u.role, isHr: u.is_hr, sessionId: "inline-token", actorUserId: null },
    ip: "",
    userAgent: "",
  };
  let f: FileRow;
  try {
    f = await readableFile(reader, fileId);
  } catch (e) {
    if (e instanceof AppError && e.status === 403) throw fileNotFound();
    throw e;
  }
  if (!isImageType(f.contentType)) throw fileNotFound();
  return await fileResponse(deps, f, { ...req, download: false });
}

