// A task's files (shared/flow/task-details.ts upload, file/{id}, file/{id}/view/eml; 002 §5 and §8 the upload
// texts). An upload is streamed to a temporary file (routes.ts), then kept under the edit right: its name NFC and
// at most FILE_NAME_MAX characters (400 flow.file_name_too_long), at most FILES_MAX a task (409 flow.files_max),
// FILE_MAX_BYTES (413 flow.file_too_large), and within the uploader's quota shared with mail and drive (507
// flow.insufficient_space; the migration's triggers count the bytes into users.used_size). The bytes answer
// with Range (server/lib/blob-response.ts), images and PDF inline. A mail file (.eml, a mail made into a task)
// is read as a mail with postal-mime, its HTML sanitised as the mail reader's is; any other file: 409
// flow.not_eml.
import { sql } from "drizzle-orm";
import { FILE_MAX_BYTES, FILE_NAME_MAX, FILES_MAX } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { EmlView, TaskFile } from "../../../../shared/flow/task-details.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { blobResponse } from "../../../lib/blob-response.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { parseMessage } from "../../mail/store/parse.ts";
import { requireEdit, requireJoined } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { requireTask } from "../tasks/rules.ts";
import { fileOf, isEmlFile } from "./present.ts";
import * as repo from "./repo.ts";

export const fileNotFound = () => new AppError(404, FLOW_ERRORS.fileNotFound);
export const fileTooLarge = () => new AppError(413, FLOW_ERRORS.fileTooLarge, { size: FILE_MAX_BYTES });
export const insufficientSpace = () => new AppError(507, FLOW_ERRORS.insufficientSpace);

const INLINE = /^(image\/(png|jpeg|gif|webp|bmp|avif)|application\/pdf)$/;

/** A file name as kept: NFC, without folders. */
export const fileName = (name: string) => name.normalize("NFC").split(/[\\/]/).pop()!.trim() || "file";

/** A content type as kept: lower case, a plain type/subtype, else application/octet-stream. */
export function contentTypeOf(type: string): string {
  const t = type.toLowerCase().split(";")[0].trim();
  return /^[\w.+-]+\/[\w.+-]+$/.test(t) ? t : "application/octet-stream";
}

/** 507 when `bytes` more do not fit the user's quota (0: no limit); the row locked until the transaction ends. */
async function requireRoom(db: DbOrTx, companyId: number, userId: number, bytes: number): Promise<void> {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId} for no key update`);
  if (r && Number(r.total) > 0 && Number(r.used) + bytes > Number(r.total)) throw insufficientSpace();
}

/** Before the body is read: the edit right, the task, and room left at all. */
export async function checkUpload(caller: Caller, projectId: number, taskId: number): Promise<void> {
  const { db } = caller.deps;
  await requireEdit(db, caller, projectId);
  await requireTask(db, caller.auth.companyId, projectId, taskId);
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${caller.auth.userId} and company_id = ${caller.auth.companyId}`);
  if (r && Number(r.total) > 0 && Number(r.used) >= Number(r.total)) throw insufficientSpace();
}

export interface UploadInput {
  name: string;
  contentType: string;
  size: number;
}

/** POST upload once the form is read; `store` puts the bytes in the blob store once the quota allows them. */
export async function addFile(caller: Caller, projectId: number, taskId: number, f: UploadInput, store: () => Promise<{ key: string; size: number }>): Promise<TaskFile> {
  const { deps, auth } = caller;
  if (f.size > FILE_MAX_BYTES) throw fileTooLarge();
  const name = fileName(f.name);
  if ([...name].length > FILE_NAME_MAX) throw new AppError(400, FLOW_ERRORS.fileNameTooLong);
  const row = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    await requireTask(tx, auth.companyId, projectId, taskId, true);
    if ((await repo.fileCount(tx, taskId)) >= FILES_MAX) throw new AppError(409, FLOW_ERRORS.filesMax);
    await requireRoom(tx, auth.companyId, auth.userId, f.size);
    const blob = await store();
    const type = contentTypeOf(f.contentType);
    return await repo.insertFile(tx, {
      companyId: auth.companyId,
      taskId,
      uploaderId: auth.userId,
      name,
      size: blob.size,
      contentType: type === "application/octet-stream" && /\.eml$/i.test(name) ? "message/rfc822" : type,
      blobKey: blob.key,
      createdAt: deps.clock.now(),
    });
  });
  await publishFlowChanged(caller, { projectId, kind: "detail", taskIds: [taskId] });
  return fileOf(row, projectId);
}

async function readableFile(caller: Caller, projectId: number, taskId: number, fileId: number): Promise<repo.FileRow> {
  const { db } = caller.deps;
  await requireJoined(db, caller, projectId);
  await requireTask(db, caller.auth.companyId, projectId, taskId);
  const f = await repo.fileRow(db, caller.auth.companyId, taskId, fileId);
  if (!f) throw fileNotFound();
  return f;
}

/** GET file/{id}: the bytes, one range at most. */
export async function fileBytes(caller: Caller, projectId: number, taskId: number, fileId: number, req: { method: string; range?: string }): Promise<Response> {
  const f = await readableFile(caller, projectId, taskId, fileId);
  return await blobResponse(caller.deps, f, { method: req.method, range: req.range, inline: INLINE.test(f.contentType), what: "flow file" }, fileNotFound);
}

/** DELETE file/{id}. */
export async function deleteFile(caller: Caller, projectId: number, taskId: number, fileId: number): Promise<void> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    await requireTask(tx, auth.companyId, projectId, taskId, true);
    const f = await repo.fileRow(tx, auth.companyId, taskId, fileId);
    if (!f) throw fileNotFound();
    await repo.deleteFile(tx, taskId, f.id);
  });
  await publishFlowChanged(caller, { projectId, kind: "detail", taskIds: [taskId] });
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** GET file/{id}/view/eml: the mail file read as a mail (409 flow.not_eml for another file). */
export async function emlView(caller: Caller, projectId: number, taskId: number, fileId: number): Promise<EmlView> {
  const f = await readableFile(caller, projectId, taskId, fileId);
  if (!isEmlFile(f)) throw new AppError(409, FLOW_ERRORS.notEml);
  let bytes: Uint8Array;
  try {
    bytes = await caller.deps.blobs.get(f.blobKey);
  } catch (e) {
    caller.deps.log.error(`flow file ${f.id}: its blob could not be read`, e);
    throw fileNotFound();
  }
  const m = await parseMessage(bytes);
  return {
    subject: m.subject,
    from: m.from.address || m.from.name ? { name: m.from.name, address: m.from.address } : null,
    to: m.to.map((a) => ({ name: a.name, address: a.address })),
    cc: m.cc.map((a) => ({ name: a.name, address: a.address })),
    date: m.sentAt ? m.sentAt.getTime() : null,
    html: m.htmlBody ?? `<pre>${escapeHtml(m.textBody)}</pre>`,
    attachments: m.attachments.map((a) => ({ name: a.name, size: a.size, contentType: a.contentType })),
  };
}
