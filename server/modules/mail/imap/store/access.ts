// Which of a user's folders are IMAP mailboxes, and the one gate every store call passes: a folder id is
// the caller's own mailbox (scoped by company and user) or the call answers NONEXISTENT, exactly as for a
// missing id. System folders appear under English names with SPECIAL-USE attributes; private folders (of
// any private kind) form the "/" hierarchy; the roots, saved searches and tags are not mailboxes.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../../db/client.ts";
import { mailFolders } from "../../../../../db/schema/mail.ts";
import type { FolderRow } from "../../folders/repo.ts";
import { type ClientUser, ImapStoreError, type SpecialUse } from "./types.ts";

/** System folders shown as mailboxes: their IMAP name and SPECIAL-USE attribute. */
export const SYSTEM_MAILBOXES: Record<string, { name: string; specialUse: SpecialUse | null }> = {
  INBOX: { name: "INBOX", specialUse: null },
  TOME: { name: "To Me", specialUse: null },
  SENT: { name: "Sent", specialUse: "\\Sent" },
  DRAFTS: { name: "Drafts", specialUse: "\\Drafts" },
  DELETED: { name: "Trash", specialUse: "\\Trash" },
  SPAM: { name: "Junk", specialUse: "\\Junk" },
  SMART: { name: "Smart", specialUse: null },
};

/** Folder types of the private hierarchy (the secure and permanent kinds where a tree has them). */
export const PRIVATE_TYPES = new Set(["PRIVATE", "PRIVATE_SECURE", "PRIVATE_PERMANENT"]);

export function isMailboxType(folderType: string): boolean {
  return folderType in SYSTEM_MAILBOXES || PRIVATE_TYPES.has(folderType);
}

export const nonexistent = () => new ImapStoreError("NONEXISTENT", "No such mailbox");

/** The user's folder row when it is one of their mailboxes; NONEXISTENT otherwise (missing, foreign, not a mailbox). */
export async function mailboxFolder(db: DbOrTx, user: ClientUser, folderId: number): Promise<FolderRow> {
  if (!Number.isSafeInteger(folderId) || folderId <= 0) throw nonexistent();
  const [row] = await db.select().from(mailFolders).where(and(
    eq(mailFolders.id, folderId),
    eq(mailFolders.userId, user.userId),
    eq(mailFolders.companyId, user.companyId),
  ));
  if (!row || !isMailboxType(row.folderType)) throw nonexistent();
  return row;
}

/** A bigint[] parameter (one bound text value, cast): server/lib/sql-array.ts. */
export { bigintArray as bigints } from "../../../../lib/sql-array.ts";
