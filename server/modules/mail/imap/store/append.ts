// APPEND: a client files a message (its own Sent copy, a draft, an import). The raw bytes are parsed and
// filed through the one way mail enters a mailbox (store/deliver.ts fileMessage), as the mail import does
// (transfer/import.ts: size and quota checks first). Into Drafts it becomes a DRAFT as the web's drafts are
// (compose/drafts.ts), into Sent a SENT copy as compose/send.ts files it, both read and internal, the
// sender's copy that sees its own Bcc; elsewhere a NORMAL mail. \Seen and \Flagged become read and
// important, the other flags imap_flags. The internal date is the client's, or now.
import { and, eq } from "drizzle-orm";
import { mails } from "../../../../../db/schema/mail.ts";
import { users } from "../../../../../db/schema/users.ts";
import { MAX_MESSAGE_BYTES, type MailType } from "../../../../../shared/mail/constants.ts";
import type { AppDeps } from "../../../../lib/context.ts";
import { fileMessage } from "../../store/deliver.ts";
import { parseMessage } from "../../store/parse.ts";
import { overQuota } from "../../store/recipients.ts";
import { mailboxFolder } from "./access.ts";
import { uidsOf } from "./copy-move.ts";
import { canonicalFlag } from "./meta.ts";
import { type ClientUser, type CopyResult, ImapStoreError } from "./types.ts";

export function createAppend(deps: AppDeps) {
  return async (user: ClientUser, folderId: number, raw: Uint8Array, flags: string[], internalDate?: Date): Promise<CopyResult> => {
    const folder = await mailboxFolder(deps.db, user, folderId);
    if (raw.length > MAX_MESSAGE_BYTES) throw new ImapStoreError("TOOBIG", "The message is too large");
    if (raw.length === 0) throw new ImapStoreError("CANNOT", "The message is empty");
    const [box] = await deps.db.select({ totalQuota: users.totalQuota, usedSize: users.usedSize }).from(users)
      .where(eq(users.id, user.userId));
    if (!box || overQuota(box, raw.length)) throw new ImapStoreError("OVERQUOTA", "The mailbox quota is full");

    const wanted = [...new Set(flags.map(canonicalFlag))].filter((f) => f !== "\\Recent");
    const own = folder.folderType === "DRAFTS" || folder.folderType === "SENT";
    const mailType: MailType = folder.folderType === "DRAFTS" ? "DRAFT" : folder.folderType === "SENT" ? "SENT" : "NORMAL";
    const rest = wanted.filter((f) => f !== "\\Seen" && f !== "\\Flagged" && !(folder.folderType === "DRAFTS" && f === "\\Draft"));
    const now = deps.clock.now();
    const receivedAt = internalDate && !Number.isNaN(internalDate.getTime()) ? internalDate : now;

    const filed = await fileMessage(deps, {
      companyId: user.companyId,
      raw,
      parsed: await parseMessage(raw),
      receivedAt,
      targets: [{
        userId: user.userId,
        folder: folder.id,
        mailType,
        read: own || wanted.includes("\\Seen"),
        important: wanted.includes("\\Flagged"),
        internal: own,
        seesBcc: own,
      }],
    });
    const mailId = filed.mails[0].mailId;
    if (rest.length) {
      await deps.db.update(mails).set({ imapFlags: rest })
        .where(and(eq(mails.id, mailId), eq(mails.userId, user.userId)));
    }
    const uid = (await uidsOf(deps, user, folder.id, [mailId])).get(mailId);
    if (uid === undefined) throw new ImapStoreError("CANNOT", "The message was filed but has no UID yet; select the mailbox again");
    return { uidValidity: folder.id, pairs: [[0, uid]] };
  };
}
