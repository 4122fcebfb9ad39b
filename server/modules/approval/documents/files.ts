// Attachments (shared/approval/documents.ts): POST document/file streams one file (multipart "part", at most
// FILE_MAX_BYTES: 413 approval.file_too_large the moment it passes) into the blob store and keeps a row with no
// document yet; a draft claims it (draft.ts). Rows no draft claimed within a day are swept (sweepUnclaimed,
// a job; the blob collector removes bytes no row names). GET document/{id}/file/{fileId}: a reader of the
// document gets the bytes; a file of another document or company answers 404 approval.file_not_found.
import { sql } from "drizzle-orm";
import { FILE_MAX_BYTES } from "../../../../shared/approval/constants.ts";
import type { ApprovalFile } from "../../../../shared/approval/documents.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { readerOf, requireReadable } from "./access.ts";
import { fileOf, type FileRow } from "./repo.ts";
import { fileView } from "./view.ts";

export const fileTooLarge = () => new AppError(413, E.fileTooLarge, { size: FILE_MAX_BYTES });
/** Unclaimed uploads older than this are removed. */
export const UNCLAIMED_KEPT_MS = 24 * 60 * 60_000;

export async function addFile(
  caller: Caller,
  f: { name: string; size: number; contentType: string; blobKey: string },
): Promise<ApprovalFile> {
  if (f.size > FILE_MAX_BYTES) throw fileTooLarge();
  const name = f.name.normalize("NFC").slice(0, 255) || "file";
  const rows = await caller.deps.db.execute<Record<string, unknown>>(sql`
    insert into approval_files (company_id, uploader_id, name, size, content_type, blob_key, created_at)
    values (${caller.auth.companyId}, ${caller.auth.userId}, ${name}, ${f.size}, ${f.contentType || "application/octet-stream"},
      ${f.blobKey}, ${caller.deps.clock.now().toISOString()}::timestamptz)
    returning id, name, size, content_type, blob_key, uploader_id, document_id`);
  return fileView(fileOf(rows[0]));
}

/** A file of a document the caller may read. */
export async function readableFile(caller: Caller, docId: number, fileId: number): Promise<FileRow> {
  const r = readerOf(caller);
  await requireReadable(caller.deps.db, r, docId);
  const rows = await caller.deps.db.execute<Record<string, unknown>>(sql`
    select id, name, size, content_type, blob_key, uploader_id, document_id from approval_files
    where id = ${fileId} and document_id = ${docId} and company_id = ${r.companyId}`);
  if (!rows.length) throw new AppError(404, E.fileNotFound);
  return fileOf(rows[0]);
}

/** Removes uploads no draft claimed within UNCLAIMED_KEPT_MS; answers how many. */
export async function sweepUnclaimed(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNCLAIMED_KEPT_MS).toISOString();
  const rows = await deps.db.execute<{ id: string }>(sql`
    delete from approval_files where id in (
      select id from approval_files where document_id is null and created_at < ${cutoff}::timestamptz
      limit 1000 for update skip locked)
    returning id`);
  return rows.length;
}
