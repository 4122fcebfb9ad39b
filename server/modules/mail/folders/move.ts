// Moving a folder by drag and drop (000 §4): before or next to a sibling-to-be, or inner (into) a folder.
// Only private and saved-search folders move; never onto themselves or into their own sub-folders; private
// folders stay under the private root or other private folders, saved searches under the search root. The
// siblings left and joined are renumbered 1..n, so sort orders stay consistent.
import { FOLDER_DEPTH_MAX, FOLDER_MOVE_POSITIONS, type FolderMovePosition, type MailFolder } from "../../../../shared/mail/folders.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import * as repo from "./repo.ts";
import { assertNameFree, childIds, tree } from "./service.ts";
import { depthOf, heightOf, subtreeIds } from "./tree.ts";

const ALLOWED_PARENTS: Record<string, string[]> = {
  PRIVATE: ["PRIVATE_ROOT", "PRIVATE"],
  SEARCH: ["SEARCH_ROOT"],
};

const invalid = () => new AppError(400, "mail.folder_move_invalid");

/** Path ids: the moved folder must be a real id (else 404); a virtual or tag target cannot take folders. */
function targetIdOf(raw: string): number {
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  if (/^-\d{1,4}$/.test(raw) || raw.startsWith("t_")) throw invalid();
  throw notFound();
}

/** PUT api/folders/move/{id}/{targetId}/{position}; answers the tree. */
export async function move(caller: Caller, rawId: string, rawTarget: string, rawPosition: string): Promise<MailFolder[]> {
  if (!/^\d{1,15}$/.test(rawId)) throw notFound();
  const id = Number(rawId);
  const targetId = targetIdOf(rawTarget);
  const position = rawPosition.toLowerCase() as FolderMovePosition;
  if (!FOLDER_MOVE_POSITIONS.includes(position)) throw invalid();
  const { deps, auth } = caller;
  const { companyId, userId } = auth;

  await deps.db.transaction(async (tx) => {
    await repo.lockFolders(tx, userId);
    const rows = await repo.allFolders(tx, companyId, userId);
    const moving = rows.find((r) => r.id === id);
    const target = rows.find((r) => r.id === targetId);
    if (!moving || !target) throw notFound();
    const allowed = ALLOWED_PARENTS[moving.folderType];
    if (!allowed) throw invalid();
    if (subtreeIds(rows, moving.id).has(target.id)) throw new AppError(400, "mail.folder_move_into_self");

    const parent = position === "inner" ? target : rows.find((r) => r.id === target.parentId);
    if (!parent || !allowed.includes(parent.folderType)) throw invalid();
    if (depthOf(rows, parent.id) + heightOf(rows, moving.id) > FOLDER_DEPTH_MAX) throw new AppError(400, "mail.folder_too_deep");
    if (parent.id !== moving.parentId) assertNameFree(rows, parent.id, moving.name, moving.id);

    const order = childIds(rows, parent.id, moving.id);
    const at = position === "inner" ? order.length : order.indexOf(target.id) + (position === "next" ? 1 : 0);
    order.splice(at, 0, moving.id);

    await repo.updateFolder(tx, companyId, userId, moving.id, { parentId: parent.id, sortOrder: at + 1 });
    await repo.setChildOrder(tx, companyId, userId, parent.id, order);
    if (moving.parentId !== null && moving.parentId !== parent.id) {
      await repo.setChildOrder(tx, companyId, userId, moving.parentId, childIds(rows, moving.parentId, moving.id));
    }
  });
  return await tree(caller);
}
