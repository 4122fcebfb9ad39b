// Drive items as shareable objects (share module and share links, moduleType "drive", objectId = the item id):
// the live folders and files of a user's tree. Members get 2 (read) or 3 (read and write); a shared folder's
// permission covers its sub-tree (access.ts). The trash, the roots and shortcuts are not shareable.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { driveItems } from "../../../../db/schema/index.ts";
import type { ShareableResolver } from "../../share/registry.ts";

export { DRIVE_SHARE_TYPE } from "../../../../shared/drive/constants.ts";

async function shareableItem(db: DbOrTx, companyId: number, objectId: string) {
  if (!/^\d{1,15}$/.test(objectId)) return undefined;
  const [row] = await db.select({ ownerUserId: driveItems.ownerUserId, name: driveItems.name }).from(driveItems).where(and(
    eq(driveItems.companyId, companyId), eq(driveItems.id, Number(objectId)), inArray(driveItems.kind, ["folder", "file"]),
    isNull(driveItems.deletedAt),
  ));
  return row;
}

export function driveShareable(db: DbOrTx): ShareableResolver {
  return {
    exists: async (companyId, objectId) => (await shareableItem(db, companyId, objectId)) !== undefined,
    ownerUserId: async (companyId, objectId) => (await shareableItem(db, companyId, objectId))?.ownerUserId ?? null,
    title: async (companyId, objectId) => (await shareableItem(db, companyId, objectId))?.name ?? null,
    allowsTitleOnly: false,
  };
}
