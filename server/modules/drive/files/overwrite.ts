// A file's bytes replaced in place (WebDAV PUT on an existing name, dav/): the item keeps its id, name,
// folder, shares and links; its size, blob, type and times change. Write permission; the owner's quota is
// checked for the growth only (507 drive.73), in the transaction that updates the row (the quota row locked).
import { DRIVE_PERMISSION, MAX_FILE_SIZE } from "../../../../shared/drive/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { driveNotFound, requireAccess } from "../access.ts";
import { publishDriveChanged } from "../realtime.ts";
import * as repo from "../repo.ts";
import { contentStateOf } from "../search/content.ts";
import { checkQuota, tooLarge, type UploadedFile } from "./service.ts";

/** Replaces the bytes of file `id`; answers its row. */
export async function replaceFileContent(caller: Caller, id: number, file: Omit<UploadedFile, "name">): Promise<repo.ItemRow> {
  if (file.size > MAX_FILE_SIZE) throw tooLarge();
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  const row = await transactionWithRetry(caller.deps.db, async (tx) => {
    const a = await requireAccess(caller, id, DRIVE_PERMISSION.write, tx);
    if (a.row.kind !== "file") throw driveNotFound();
    const locked = await repo.findItem(tx, companyId, id, true);
    if (!locked || locked.deletedAt) throw driveNotFound();
    await checkQuota(tx, companyId, locked.ownerUserId, file.size - locked.size);
    return await repo.updateItem(tx, companyId, id, {
      size: file.size, blobKey: file.blobKey, mimeType: file.mimeType || locked.mimeType || "application/octet-stream",
      contentState: contentStateOf(locked.extension, file.size), usedAt: now, updatedAt: now,
    });
  });
  if (!row) throw driveNotFound();
  void publishDriveChanged(caller.deps, companyId, [row.parentId]);
  return row;
}
