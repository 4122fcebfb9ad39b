// The mail's use of the drive (shared/mail/drive.ts): a drive file attached to the mail being written, and a
// received attachment saved into the drive. The drive is reached only through its service (read check,
// quota, names); the mail's side keeps its own rows (mail_uploads). A drive file's bytes are never copied:
// the upload row names the same blob (content addressing), so attaching a 1 GB file costs one row.
import type { UploadedFile, UploadType } from "../../../../shared/mail/compose.ts";
import { NORMAL_ATTACHMENT_TOTAL } from "../../../../shared/mail/constants.ts";
import type { DriveItem } from "../../../../shared/drive/items.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { addUploadedFile, readableFile } from "../../drive/files/service.ts";
import { defaultFolder } from "../../drive/items/service.ts";
import { insertUploadRow, largeFileLimit, uploadAnswer } from "../compose/uploads.ts";
import { attachmentBytes } from "../store/parse.ts";
import { isBlocked } from "../store/blocked.ts";
import * as readingRepo from "../reading/repo.ts";

/** The type a drive file of `size` bytes takes in a compose that holds `normal` and `large` bytes already. */
export async function typeFor(caller: Caller, size: number, held: { normal: number; large: number }, asked?: UploadType): Promise<UploadType> {
  const fitsNormal = held.normal + size <= NORMAL_ATTACHMENT_TOTAL;
  const fitsLarge = async () => held.large + size <= await largeFileLimit(caller.deps, caller.auth.companyId);
  if (asked === "large") {
    if (await fitsLarge()) return "large";
  } else if (asked) {
    if (fitsNormal) return asked;
  } else {
    if (fitsNormal) return "normal";
    if (await fitsLarge()) return "large";
  }
  throw new AppError(413, "mail.365", { size });
}

/** GET api/mail/drive/upload/{fileId}: the drive file as an upload of the caller (its blob, not a copy). */
export async function attachFromDrive(
  caller: Caller,
  fileId: number,
  q: { uploadType?: UploadType; tempFileSize: number; largeTempFileSize: number },
): Promise<UploadedFile> {
  const file = await readableFile(caller, fileId).catch((e) => {
    // Missing, foreign, unreadable, a folder or a shortcut: the compose screen's one "could not bring it in".
    if (e instanceof AppError && e.status < 500) throw new AppError(404, "mail.364");
    throw e;
  });
  const uploadType = await typeFor(caller, file.size, { normal: q.tempFileSize, large: q.largeTempFileSize }, q.uploadType);
  const row = await insertUploadRow(caller.deps, caller.auth.companyId, caller.auth.userId, {
    name: file.name,
    type: file.mimeType,
    uploadType,
  }, { key: file.blobKey, size: file.size });
  return uploadAnswer(row);
}

/**
 * POST api/mails/view/{mailId}/attach/{position}/drive: an attachment of the caller's own mail stored as a
 * drive file in `folderId` (the caller's drive root by default). The bytes go to the blob store first; a
 * refusal of the drive (permission, quota) leaves at most an unnamed blob, which the collector removes.
 */
export async function saveAttachmentToDrive(caller: Caller, mailId: number, position: number, folderId?: number): Promise<DriveItem> {
  const { deps, auth } = caller;
  const row = await readingRepo.findMailWithMessage(deps.db, auth.userId, mailId);
  if (!row) throw new AppError(404, "mail.not_found");
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  const meta = row.message.attachments.find((a) => a.position === position);
  if (!meta) throw new AppError(404, "mail.attach_not_found");
  const bytes = await attachmentBytes(await deps.blobs.get(row.message.blobKey), position);
  if (!bytes) throw new AppError(404, "mail.attach_not_found");
  const target = folderId ?? (await defaultFolder(caller)).id;
  const blob = await deps.blobs.put(bytes);
  return await addUploadedFile(caller, target, { name: meta.name, size: blob.size, blobKey: blob.key, mimeType: meta.contentType });
}
