// Mail folders as shareable objects (moduleType MAIL, objectId = the folder id): a user's private folders and
// Sent box. Inbox, To-me, Drafts and the search root may not be shared (000 §5); Trash and Spam hold mail on
// its way out, and roots and saved searches hold none of their own, so they are not shareable either.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders } from "../../../../db/schema/mail.ts";
import { SHAREABLE_FOLDER_TYPES } from "../../../../shared/mail/folders.ts";
import type { ShareableResolver } from "../../share/registry.ts";

export const MAIL_SHARE_MODULE = "MAIL";

async function shareableFolder(db: DbOrTx, companyId: number, objectId: string) {
  if (!/^\d{1,15}$/.test(objectId)) return undefined;
  const [row] = await db.select({ userId: mailFolders.userId, name: mailFolders.name }).from(mailFolders).where(and(
    eq(mailFolders.companyId, companyId),
    eq(mailFolders.id, Number(objectId)),
    inArray(mailFolders.folderType, [...SHAREABLE_FOLDER_TYPES]),
  ));
  return row;
}

export function mailFolderShareable(db: DbOrTx): ShareableResolver {
  return {
    exists: async (companyId, objectId) => (await shareableFolder(db, companyId, objectId)) !== undefined,
    ownerUserId: async (companyId, objectId) => (await shareableFolder(db, companyId, objectId))?.userId ?? null,
    title: async (companyId, objectId) => (await shareableFolder(db, companyId, objectId))?.name ?? null,
    allowsTitleOnly: false,
  };
}
