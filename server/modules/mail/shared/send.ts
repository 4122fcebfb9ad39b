// POST api/share/mails/v2/send (000 §4 "Sending from a shared folder sets fromType shared"). The design: a
// member with EDIT permission on a shared folder sends from their own address, exactly as api/mails/v2/send
// does (their Sent copy, recipients, receipts); the folder's owner then finds a copy of what was sent in the
// shared folder, so the mail written "from" that folder stays with it. Nobody may send as the owner: the
// sender is always the caller. Read permission answers 403 mail.360 (the compose 403 text); scheduled
// sending is refused, since the owner's copy would show a mail that may still be cancelled; an owner whose
// mailbox is full gets no copy, so that case is refused before anything is sent.
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import type { ComposeBody, SendResult } from "../../../../shared/mail/compose.ts";
import { SHARE_EDIT } from "../../../../shared/mail/shared.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { sendMail } from "../compose/send.ts";
import { findMailWithMessage } from "../reading/repo.ts";
import { fileMessage } from "../store/deliver.ts";
import { requireSharedFolder } from "./access.ts";
import { messageBytes } from "../store/message-bytes.ts";

export interface SharedSendResult extends SendResult {
  /** The copies filed in the shared folder of its owner. */
  sharedMailIds: number[];
}

export async function sendFromShared(caller: Caller, body: ComposeBody & { folderId: number }): Promise<SharedSendResult> {
  const { deps } = caller;
  const { folderId, ...compose } = body;
  const access = await requireSharedFolder(caller, folderId, SHARE_EDIT, "mail.360");
  if (compose.isReserve) throw new AppError(400, "mail.share_send_reserve");
  const [owner] = await deps.db.select({ totalQuota: users.totalQuota, usedSize: users.usedSize }).from(users)
    .where(eq(users.id, access.ownerId));
  if (!owner || (owner.totalQuota > 0 && owner.usedSize >= owner.totalQuota)) throw new AppError(507, "mail.quota_exceeded");

  const sent = await sendMail(caller, { ...compose, fromType: undefined });
  const sharedMailIds: number[] = [];
  for (const mailId of sent.mailIds) {
    const own = await findMailWithMessage(deps.db, caller.auth.userId, mailId);
    if (!own) continue;
    const raw = await messageBytes(deps.blobs, own.message);
    const filed = await fileMessage(deps, {
      companyId: caller.auth.companyId,
      raw,
      receivedAt: own.mail.receivedAt,
      targets: [{ userId: access.ownerId, folder: folderId, mailType: "SENT", read: true, internal: true }],
    });
    sharedMailIds.push(filed.mails[0].mailId);
  }
  return { ...sent, sharedMailIds };
}
