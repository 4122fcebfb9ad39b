// Attached files of wiki documents (shared/wiki/documents.ts: attach, attach info, files/{fileId}?token=).
// An upload is streamed to a temporary file (routes.ts), then stored in the blob store and kept as a wiki_files
// row of its document and uploader; its bytes count into the uploader's users.used_size (migration 0053's
// triggers), checked here: 507 wiki.insufficient_space when it does not fit. The bytes are fetched by an <img>
// or a download link with the reader's file token (token.ts): every fetch checks again that the person is
// active, of the file's company, that the company still has the wiki, and that they may still read the file's
// document. Anything wrong answers 404 wiki.file_not_found, whatever it was (nothing leaks).
import { sql } from "drizzle-orm";
import { ATTACH_MAX_BYTES, fileUrl } from "../../../../shared/wiki/constants.ts";
import type { AttachInfo } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { blobResponse } from "../../../lib/blob-response.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { docAccess, requireDoc, type WikiAuth } from "../access.ts";
import { fileRow, insertFile, type WikiFileRow } from "./repo.ts";
import { verifyFileToken } from "./token.ts";

export const fileNotFound = () => new AppError(404, WIKI_ERRORS.fileNotFound);
export const fileTooLarge = () => new AppError(413, WIKI_ERRORS.fileTooLarge, { size: ATTACH_MAX_BYTES });
export const insufficientSpace = () => new AppError(507, WIKI_ERRORS.insufficientSpace);

/** Images shown inline (an <img> of the document); every other type is handed out as an attachment. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp", "image/avif"] as const;
export const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());

/** A file name as kept: NFC, without folders, at most 255 characters. */
export const fileName = (name: string) => name.normalize("NFC").split(/[\\/]/).pop()!.trim().slice(0, 255) || "file";

/** A content type as kept: lower case, a plain type/subtype, else application/octet-stream. */
export function contentTypeOf(type: string): string {
  const t = type.toLowerCase().split(";")[0].trim();
  return /^[\w.+-]+\/[\w.+-]+$/.test(t) ? t : "application/octet-stream";
}

/** The user's quota, locked until the transaction ends (check, then insert). */
export async function lockedQuota(db: DbOrTx, companyId: number, userId: number): Promise<{ total: number; used: number }> {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId} for no key update`);
  return r ? { total: Number(r.total), used: Number(r.used) } : { total: 0, used: 0 };
}

/** 507 wiki.insufficient_space when `bytes` more do not fit the quota (0: no limit). Run in a transaction. */
export async function requireRoom(db: DbOrTx, companyId: number, userId: number, bytes: number): Promise<void> {
  const q = await lockedQuota(db, companyId, userId);
  if (q.total > 0 && q.used + bytes > q.total) throw insufficientSpace();
}

/** 507 when the caller's storage is full already (checked before an upload is read). */
export async function requireSpace(caller: Caller): Promise<void> {
  const [r] = await caller.deps.db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${caller.auth.userId} and company_id = ${caller.auth.companyId}`);
  if (r && Number(r.total) > 0 && Number(r.used) >= Number(r.total)) throw insufficientSpace();
}

export function attachInfo(f: WikiFileRow): AttachInfo {
  return {
    fileId: f.id,
    documentId: f.docId,
    name: f.name,
    size: f.size,
    contentType: f.contentType,
    createdTime: f.createdAt.getTime(),
    url: fileUrl(f.id),
  };
}

export interface UploadInput {
  name: string;
  contentType: string;
  size: number;
}

/**
 * POST docs/{id}/attach once the form is read: WRITE on a PUBLISHED document, 413 past ATTACH_MAX_BYTES, 507
 * when it does not fit the caller's quota. `store` puts the bytes in the blob store (only once the quota
 * allows them, inside the transaction).
 */
export async function attachFile(
  caller: Caller,
  docId: number,
  f: UploadInput,
  store: () => Promise<{ key: string; size: number }>,
): Promise<AttachInfo> {
  if (f.size > ATTACH_MAX_BYTES) throw fileTooLarge();
  const { deps, auth } = caller;
  const row = await deps.db.transaction(async (tx) => {
    await requireDoc(caller, docId, "WRITE", { published: true, db: tx });
    await requireRoom(tx, auth.companyId, auth.userId, f.size);
    const blob = await store();
    return await insertFile(tx, {
      companyId: auth.companyId,
      docId,
      uploaderId: auth.userId,
      name: fileName(f.name),
      size: blob.size,
      contentType: contentTypeOf(f.contentType),
      blobKey: blob.key,
      createdAt: deps.clock.now(),
    });
  });
  return attachInfo(row);
}

/** GET docs/{id}/attach/{fileId}/info: READ on the document; the file must be that document's. */
export async function getAttachInfo(caller: Caller, docId: number, fileId: number): Promise<AttachInfo> {
  await requireDoc(caller, docId, "READ");
  const f = await fileRow(caller.deps.db, caller.auth.companyId, fileId);
  if (!f || f.docId !== docId) throw fileNotFound();
  return attachInfo(f);
}

/** The file and its reader behind a token, or null for anything wrong (see the header). */
async function tokenFile(deps: AppDeps, fileId: number, token: string): Promise<WikiFileRow | null> {
  const who = await verifyFileToken(deps.secrets.tokenKey, token, deps.clock.now());
  if (!who) return null;
  const [u] = await deps.db.execute<{ role: string }>(sql`
    select role from users where id = ${who.userId} and company_id = ${who.companyId} and status = 'ACTIVE'`);
  if (!u) return null;
  try {
    if (!(await companyInfo(deps, who.companyId)).useWiki) return null;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
  const f = await fileRow(deps.db, who.companyId, fileId);
  if (!f) return null;
  const auth: WikiAuth = { userId: who.userId, companyId: who.companyId, role: u.role };
  const doc = await docAccess(deps.db, auth, f.docId);
  return doc && doc.level !== "NONE" ? f : null;
}

/**
 * GET files/{fileId}?token=: the bytes for the person the token was made for, with Range (one range; 416 past
 * the end). Images inline with their type, everything else as an attachment; never sniffed (downloads.ts).
 */
export async function fileBytes(deps: AppDeps, fileId: number, token: string, req: { method: string; range?: string }): Promise<Response> {
  const f = await tokenFile(deps, fileId, token);
  if (!f) throw fileNotFound();
  return await blobResponse(deps, f, { method: req.method, range: req.range, inline: isImageType(f.contentType), what: "wiki file" }, fileNotFound);
}
