// An item's files (shared/todo/details.ts ItemFile; 002 §4 upload states, §5 "the file rules": 25 MB and 200
// characters): upload (streamed by routes.ts to a temporary file; 413 todo.file_too_large past FILE_MAX_BYTES
// with params.size, 400 todo.file_name_too_long past FILE_NAME_MAX, 409 todo.files_max, 507
// todo.insufficient_space when it does not fit the uploader's quota, shared with mail and drive: migration
// 0055's triggers count todo_item_files in users.used_size), the bytes (Range; images inline, the rest as an
// attachment), delete. Names are kept NFC without folders. The blob collector removes bytes no row names.
import { sql } from "drizzle-orm";
import { FILE_MAX_BYTES, FILE_NAME_MAX, FILES_MAX } from "../../../../shared/todo/constants.ts";
import type { ItemFile } from "../../../../shared/todo/details.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import { blobResponse } from "../../../lib/blob-response.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import * as repo from "./repo.ts";
import { changeDetail, presentFile, requireItem } from "./service.ts";

export const fileNotFound = () => new AppError(404, TODO_ERRORS.fileNotFound);
export const fileTooLarge = () => new AppError(413, TODO_ERRORS.fileTooLarge, { size: FILE_MAX_BYTES });
const insufficientSpace = () => new AppError(507, TODO_ERRORS.insufficientSpace);

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp", "image/avif"]);

/** A file name as kept: NFC, without folders. */
export const fileName = (name: string) => name.normalize("NFC").split(/[\\/]/).pop()!.trim() || "file";

/** A content type as kept: lower case, a plain type/subtype, else application/octet-stream. */
function contentTypeOf(type: string): string {
  const t = type.toLowerCase().split(";")[0].trim();
  return /^[\w.+-]+\/[\w.+-]+$/.test(t) ? t : "application/octet-stream";
}

/** Checked before the body is read: the item is the board's and the caller follows; their storage not full. */
export async function beforeUpload(caller: Caller, boardId: number, itemId: number): Promise<void> {
  await requireItem(caller.deps.db, caller, boardId, itemId);
  const [r] = await caller.deps.db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${caller.auth.userId} and company_id = ${caller.auth.companyId}`);
  if (r && Number(r.total) > 0 && Number(r.used) >= Number(r.total)) throw insufficientSpace();
}

/** POST .../detail/file/upload once the form is read. `store` puts the bytes in the blob store, only once the
 *  file is known to fit (inside the transaction). */
export async function uploadFile(
  caller: Caller,
  boardId: number,
  itemId: number,
  f: { name: string; contentType: string; size: number },
  store: () => Promise<{ key: string; size: number }>,
): Promise<ItemFile> {
  if (f.size > FILE_MAX_BYTES) throw fileTooLarge();
  const name = fileName(f.name);
  if ([...name].length > FILE_NAME_MAX) throw new AppError(400, TODO_ERRORS.fileNameTooLong, { max: FILE_NAME_MAX });
  const { companyId, userId } = caller.auth;
  return await changeDetail(caller, boardId, itemId, async (tx) => {
    if ((await repo.filesOf(tx, itemId)).length >= FILES_MAX) throw new AppError(409, TODO_ERRORS.filesMax);
    const q = await repo.lockedQuota(tx, companyId, userId);
    if (q.total > 0 && q.used + f.size > q.total) throw insufficientSpace();
    const blob = await store();
    const row = await repo.insertFile(tx, {
      companyId, itemId, uploaderId: userId, name, size: blob.size, contentType: contentTypeOf(f.contentType), blobKey: blob.key,
      createdAt: caller.deps.clock.now(),
    });
    return presentFile(row, boardId);
  });
}

/** GET .../detail/file/{id}: the bytes (one range), images inline. */
export async function fileBytes(caller: Caller, boardId: number, itemId: number, fileId: number, req: { method: string; range?: string }): Promise<Response> {
  await requireItem(caller.deps.db, caller, boardId, itemId);
  const f = await repo.fileOfItem(caller.deps.db, itemId, fileId);
  if (!f) throw fileNotFound();
  return await blobResponse(caller.deps, f, { method: req.method, range: req.range, inline: IMAGE_TYPES.has(f.contentType), what: "to-do file" }, fileNotFound);
}

/** DELETE .../detail/file/{id} (204). */
export async function deleteFile(caller: Caller, boardId: number, itemId: number, fileId: number): Promise<void> {
  await changeDetail(caller, boardId, itemId, async (tx) => {
    if (!(await repo.deleteFile(tx, itemId, fileId))) throw fileNotFound();
  });
}
