// Who may do what in a shared mail folder. Every call asks the share service now (effectivePermission: the
// caller's USER member row and their organisations, sub-organisations included), so a revoked share ends
// access at once. A folder that is not shared with the caller, is their own, is of another company or is
// missing answers 404 mail.folder_not_found alike; enough to see but not to act answers 403 with `denied`.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";
import { SHAREABLE_FOLDER_TYPES } from "../../../../shared/mail/folders.ts";
import { SHARE_READ } from "../../../../shared/mail/shared.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { effectivePermission } from "../../share/access.ts";
import { MAIL_SHARE_MODULE } from "../folders/shareable.ts";

export const sharedFolderNotFound = () => new AppError(404, "mail.folder_not_found");

export type SharedFolderRow = typeof mailFolders.$inferSelect;

export interface SharedAccess {
  folder: SharedFolderRow;
  ownerId: number;
  permission: number;
}

/** Shareable folders of the company by id with their owners' names (the caller checks who may see them). */
export async function foldersWithOwners(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return await db.select({ folder: mailFolders, ownerName: users.accountName, ownerUsername: users.username })
    .from(mailFolders).innerJoin(users, and(eq(users.id, mailFolders.userId), eq(users.companyId, mailFolders.companyId)))
    .where(and(
      eq(mailFolders.companyId, companyId),
      inArray(mailFolders.id, ids),
      inArray(mailFolders.folderType, [...SHAREABLE_FOLDER_TYPES]),
    ));
}

/**
 * The shared folder `folderId` as the caller may use it with at least permission `need` (2 read, 3 edit).
 * `ownerId`, when the client sends it, must be the folder's owner.
 */
export async function requireSharedFolder(
  caller: Caller,
  folderId: number,
  need: number,
  denied: `${string}.${string}`,
  ownerId?: number,
): Promise<SharedAccess> {
  const { deps, auth } = caller;
  const [folder] = await deps.db.select().from(mailFolders).where(and(
    eq(mailFolders.companyId, auth.companyId),
    eq(mailFolders.id, folderId),
    inArray(mailFolders.folderType, [...SHAREABLE_FOLDER_TYPES]),
  ));
  if (!folder || folder.userId === auth.userId) throw sharedFolderNotFound();
  if (ownerId !== undefined && ownerId !== folder.userId) throw sharedFolderNotFound();
  const permission = await effectivePermission(deps, auth, MAIL_SHARE_MODULE, String(folderId));
  if (permission < SHARE_READ) throw sharedFolderNotFound();
  if (permission < need) throw new AppError(403, denied);
  return { folder, ownerId: folder.userId, permission };
}
