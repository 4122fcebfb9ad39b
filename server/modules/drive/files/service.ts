// Files in the drive: the seam the uploads (POST file/upload here; resumable uploads in transfer/) and the
// downloads (transfer/) use.
//
//   checkUploadable(caller, folderId, size)        before any byte: the folder is writable for the caller,
//                                                  the size within MAX_FILE_SIZE (413 drive.74 { size }) and
//                                                  the owner's quota (507 drive.73)
//   addUploadedFile(caller, folderId, file)        the bytes are in the blob store: checks all that again, in
//                                                  the transaction that inserts the row (the folder's owner's
//                                                  quota row locked), names it "name (n).ext" when the name is
//                                                  taken in the folder, answers the item (201 for the route)
//   readableFile(caller, id)                       what a download needs (blob key, name, size, mime type)
//                                                  after the read check; a shortcut answers 400
//                                                  drive.shortcut_not_downloadable, a folder 404
//
// The file's bytes count into the tree owner's users.used_size (a trigger of 0037_drive), trash included.
import { DRIVE_PERMISSION, MAX_FILE_SIZE } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem } from "../../../../shared/drive/items.ts";
import { extensionOf } from "../../../../shared/drive/kinds.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { driveNotFound, requireAccess, writableFolder } from "../access.ts";
import { checkName, freeName, sortNameOf } from "../names.ts";
import { publishDriveChanged } from "../realtime.ts";
import * as repo from "../repo.ts";
import { nameSearchColumns } from "../search/columns.ts";
import { itemOf } from "../view.ts";
import { contentStateOf } from "../search/content.ts";

export interface UploadedFile {
  name: string;
  size: number;
  blobKey: string;
  mimeType?: string | null;
}

export interface ReadableFile {
  id: number;
  blobKey: string;
  name: string;
  size: number;
  mimeType: string;
  extension: string;
}

export const tooLarge = () => new AppError(413, DRIVE_ERRORS.tooLarge, { size: MAX_FILE_SIZE });
export const overQuota = () => new AppError(507, DRIVE_ERRORS.overQuota);

/** 507 drive.73 when `bytes` more would pass the owner's quota (0: no quota). Call in the inserting transaction. */
export async function checkQuota(db: DbOrTx, companyId: number, ownerUserId: number, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  const q = await repo.lockedQuota(db, companyId, ownerUserId);
  if (q.total > 0 && q.used + bytes > q.total) throw overQuota();
}

/** Whether a file of `size` may be uploaded into the folder now (nothing is stored). */
export async function checkUploadable(caller: Caller, folderId: number, size: number): Promise<void> {
  if (size > MAX_FILE_SIZE) throw tooLarge();
  const folder = await writableFolder(caller, folderId);
  const q = await repo.lockedQuota(caller.deps.db, caller.auth.companyId, folder.row.ownerUserId);
  if (q.total > 0 && q.used + size > q.total) throw overQuota();
}

/** Inserts the row of a file whose bytes are in the blob store; answers the new item. */
export async function addUploadedFile(caller: Caller, folderId: number, file: UploadedFile): Promise<DriveItem> {
  if (file.size > MAX_FILE_SIZE) throw tooLarge();
  const name = checkName(file.name, false);
  const now = caller.deps.clock.now();
  const companyId = caller.auth.companyId;
  const row = await transactionWithRetry(caller.deps.db, async (tx) => {
    const folder = await writableFolder(caller, folderId, tx);
    // The folder row locked: uploads into one folder choose their "(n)" names one after another.
    await repo.findItem(tx, companyId, folder.row.id, true);
    await checkQuota(tx, companyId, folder.row.ownerUserId, file.size);
    const key = sortNameOf(name);
    const dot = key.lastIndexOf(".");
    const taken = await repo.takenNames(tx, companyId, folder.row.id, dot > 0 ? key.slice(0, dot) : key);
    const finalName = freeName(name, taken, false);
    const extension = extensionOf(finalName);
    const [inserted] = await repo.insertItems(tx, [{
      companyId,
      ownerUserId: folder.row.ownerUserId,
      parentId: folder.row.id,
      kind: "file",
      name: finalName,
      sortName: sortNameOf(finalName),
      extension,
      size: file.size,
      blobKey: file.blobKey,
      mimeType: file.mimeType || "application/octet-stream",
      ...nameSearchColumns(finalName),
      contentState: contentStateOf(extension, file.size),
      usedAt: now,
      createdAt: now,
      updatedAt: now,
    }]);
    return inserted;
  });
  void publishDriveChanged(caller.deps, companyId, [row.parentId]);
  return await itemOf(caller, row);
}

/** A file the caller may read, for its download or preview; its use time is set to now. */
export async function readableFile(caller: Caller, id: number, opts: { touch?: boolean } = {}): Promise<ReadableFile> {
  const { row } = await requireAccess(caller, id, DRIVE_PERMISSION.read);
  if (row.kind === "shortcut") throw new AppError(400, DRIVE_ERRORS.shortcutNotDownloadable);
  if (row.kind !== "file" || !row.blobKey) throw driveNotFound();
  if (opts.touch ?? true) await repo.updateItem(caller.deps.db, caller.auth.companyId, row.id, { usedAt: caller.deps.clock.now() });
  return {
    id: row.id,
    blobKey: row.blobKey,
    name: row.name,
    size: row.size,
    mimeType: row.mimeType ?? "application/octet-stream",
    extension: row.extension,
  };
}
