// Every user's system folders (inbox, to-me, sent, drafts, trash, spam and the private and saved-search
// roots) exist once each; they are created the first time a user's mailbox is touched, so users made by any
// path (sign-up, admin, scripts) get them, and concurrent first touches cannot create two.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders } from "../../../../db/schema/mail.ts";
import { SYSTEM_FOLDER_ORDER, SYSTEM_FOLDER_TYPES, type SystemFolderType } from "../../../../shared/mail/constants.ts";

/** Stored names of system folders; the UI shows translated names by folderType. */
const SYSTEM_NAMES: Record<SystemFolderType, string> = {
  INBOX: "Inbox",
  TOME: "To me",
  SENT: "Sent",
  DRAFTS: "Drafts",
  DELETED: "Trash",
  SPAM: "Spam",
  PRIVATE_ROOT: "My folders",
  SEARCH_ROOT: "Search folders",
  SMART: "Smart mailbox",
};

export type SystemFolderIds = Record<SystemFolderType, number>;

/** The ids of a user's system folders, creating whichever are missing. */
export async function systemFolders(db: DbOrTx, companyId: number, userId: number): Promise<SystemFolderIds> {
  let rows = await select(db, userId);
  if (rows.length < SYSTEM_FOLDER_TYPES.length) {
    await db.insert(mailFolders).values(SYSTEM_FOLDER_TYPES.map((folderType) => ({
      companyId,
      userId,
      folderType,
      name: SYSTEM_NAMES[folderType],
      sortOrder: SYSTEM_FOLDER_ORDER[folderType],
    }))).onConflictDoNothing();
    rows = await select(db, userId);
  }
  return Object.fromEntries(rows.map((r) => [r.folderType, r.id])) as SystemFolderIds;
}

function select(db: DbOrTx, userId: number) {
  return db.select({ id: mailFolders.id, folderType: mailFolders.folderType }).from(mailFolders)
    .where(and(eq(mailFolders.userId, userId), inArray(mailFolders.folderType, [...SYSTEM_FOLDER_TYPES])));
}

/** One of the user's own folders (system, private or saved search); undefined for a foreign or missing id. */
export async function findUserFolder(db: DbOrTx, userId: number, folderId: number) {
  if (!Number.isSafeInteger(folderId) || folderId <= 0) return undefined;
  const [row] = await db.select().from(mailFolders).where(and(eq(mailFolders.id, folderId), eq(mailFolders.userId, userId)));
  return row;
}
