// Folder rules (000 §5 "Folders"): a user creates private folders (a tree under the private root) and saved
// searches (under the search root); only those are renamed, moved and deleted, a delete needing an empty
// folder without sub-folders (mail.9, mail.10, mail.11; anything else mail.12). System folders keep their
// names and places; any real folder takes a colour. Names are trimmed, 1-50 characters without / or \, and
// unique among siblings regardless of case (409). Every id is the caller's own: anything else answers 404.
import { forgetFirstScreen } from "../config/service.ts";
import {
  type FolderCreate, FOLDER_DEPTH_MAX, type FolderSearchUpdate, type MailFolder, SHOWN_VIRTUAL_FOLDERS, TAG_ROOT_ID,
  USER_FOLDER_TYPES, USER_FOLDERS_MAX, VIRTUAL_SCOPE_EXCLUDED_TYPES,
} from "../../../../shared/mail/folders.ts";
import { SYSTEM_FOLDER_TYPES, VIRTUAL_FOLDER_IDS } from "../../../../shared/mail/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { forgetShares, ownedShares } from "../../share/access.ts";
import { forgetLinks } from "../../share-links/service.ts";
import { requireUser } from "../../users/service.ts";
import { shareTreeNodes } from "../shared/service.ts";
import { systemFolders } from "../store/folders.ts";
import * as repo from "./repo.ts";
import { MAIL_SHARE_MODULE } from "./shareable.ts";
import * as tagRepo from "./tags-repo.ts";
import { tagOfFolderId } from "./tags.ts";
import { buildTree, depthOf, findNode, type TreeInput } from "./tree.ts";

const isUserFolder = (t: string) => (USER_FOLDER_TYPES as readonly string[]).includes(t);

/**
 * Loads what the tree needs: folder rows with their counters and, when asked, the tags with theirs. Every
 * count is a trigger-kept counter, so the cost does not grow with the mailbox.
 */
async function loadTree(caller: Caller, want: { tags: boolean }): Promise<{ tree: MailFolder[]; input: TreeInput }> {
  const { deps, auth } = caller;
  const { companyId, userId } = auth;
  // Every query at once (the share nodes as soon as the user row is in): one round trip's wait, not five.
  const userRow = requireUser(deps.db, companyId, userId);
  const [folderRows, user, shares, tags, tagCounts, share, flow] = await Promise.all([
    repo.allFolders(deps.db, companyId, userId),
    userRow,
    ownedShares(deps, auth, MAIL_SHARE_MODULE),
    want.tags ? tagRepo.allTags(deps.db, companyId, userId) : Promise.resolve([]),
    want.tags ? repo.tagCounts(deps.db, userId, VIRTUAL_SCOPE_EXCLUDED_TYPES) : Promise.resolve([]),
    userRow.then((u) => shareTreeNodes(deps, auth, u.isOrgChartRestricted)),
    repo.flowCount(deps.db, companyId, userId, VIRTUAL_SCOPE_EXCLUDED_TYPES),
  ]);
  let rows = folderRows;
  // A user's first look at the mailbox makes the system folders.
  if (SYSTEM_FOLDER_TYPES.some((type) => !rows.some((r) => r.folderType === type))) {
    await systemFolders(deps.db, companyId, userId);
    rows = await repo.allFolders(deps.db, companyId, userId);
  }
  const input: TreeInput = {
    rows,
    tags: tags.map((t) => ({ tag: t.tag, color: t.color })),
    tagCounts,
    shares: new Map(shares.map((s) => [s.objectId, { shareId: s.shareId, memberCount: Number(s.memberCount) }])),
    restricted: user.isOrgChartRestricted,
    flow: flow.useFlow ? flow : undefined,
  };
  input.sharedWithMe = share.shared;
  input.sharing = share.sharing;
  return { tree: buildTree(input), input };
}

/** GET api/folders. */
export async function tree(caller: Caller): Promise<MailFolder[]> {
  return (await loadTree(caller, { tags: true })).tree;
}

// The flow folder is found only where the company uses flow (the tree has it then).
const VIRTUAL_IDS = new Set<number>([...SHOWN_VIRTUAL_FOLDERS.map((t) => VIRTUAL_FOLDER_IDS[t]), VIRTUAL_FOLDER_IDS.FLOW]);

/** GET api/folders/{id}: a real folder (with its sub-folders), a virtual folder, a root or a tag folder. */
export async function get(caller: Caller, rawId: string): Promise<MailFolder> {
  let key: number | string;
  let want = { tags: false };
  if (/^\d{1,15}$/.test(rawId)) key = Number(rawId);
  else if (/^-\d{1,4}$/.test(rawId)) {
    key = Number(rawId);
    if (key === TAG_ROOT_ID) want = { tags: true };
    else if (!VIRTUAL_IDS.has(key) && key !== VIRTUAL_FOLDER_IDS.SHARED_ROOT && key !== VIRTUAL_FOLDER_IDS.SHARING_ROOT) throw notFound();
  } else if (tagOfFolderId(rawId) !== undefined) {
    key = rawId;
    want = { tags: true };
  } else throw notFound();
  const found = findNode((await loadTree(caller, want)).tree, key);
  if (!found) throw notFound();
  return found;
}

/** The caller's folder by a path id (positive digits); 404 for anything else. */
export function folderIdOf(rawId: string): number {
  if (!/^\d{1,15}$/.test(rawId)) throw notFound();
  return Number(rawId);
}

async function requireFolder(db: DbOrTx, caller: Caller, id: number): Promise<repo.FolderRow> {
  const row = await repo.findFolder(db, caller.auth.companyId, caller.auth.userId, id);
  if (!row) throw notFound();
  return row;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** 409 when a sibling under `parentId` (other than `exceptId`) has the name. */
export function assertNameFree(rows: repo.FolderRow[], parentId: number | null, name: string, exceptId?: number) {
  if (rows.some((r) => r.parentId === parentId && r.id !== exceptId && sameName(r.name, name))) {
    throw new AppError(409, "mail.folder_duplicate");
  }
}

/** Sibling ids of `parentId` in their order, leaving out `exceptId`. */
export function childIds(rows: repo.FolderRow[], parentId: number, exceptId?: number): number[] {
  return rows.filter((r) => r.parentId === parentId && r.id !== exceptId)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((r) => r.id);
}

/** POST api/folders: a private folder (under the private root or a private folder) or a saved search. */
export async function create(caller: Caller, input: FolderCreate): Promise<MailFolder> {
  const { deps, auth } = caller;
  const { companyId, userId } = auth;
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockFolders(tx, userId);
    const system = await systemFolders(tx, companyId, userId);
    const rows = await repo.allFolders(tx, companyId, userId);
    if (rows.filter((r) => isUserFolder(r.folderType)).length >= USER_FOLDERS_MAX) throw new AppError(400, "mail.folder_limit");
    const isPrivate = input.folderType === "PRIVATE";
    const parentId = input.parentId ?? (isPrivate ? system.PRIVATE_ROOT : system.SEARCH_ROOT);
    const parent = rows.find((r) => r.id === parentId);
    if (!parent) throw notFound();
    const allowed = isPrivate ? ["PRIVATE_ROOT", "PRIVATE"] : ["SEARCH_ROOT"];
    if (!allowed.includes(parent.folderType)) throw new AppError(400, "mail.5");
    if (depthOf(rows, parent.id) + 1 > FOLDER_DEPTH_MAX) throw new AppError(400, "mail.folder_too_deep");
    assertNameFree(rows, parent.id, input.nameFolder);
    const last = rows.filter((r) => r.parentId === parent.id).reduce((m, r) => Math.max(m, r.sortOrder), 0);
    const row = await repo.insertFolder(tx, {
      companyId,
      userId,
      parentId: parent.id,
      folderType: input.folderType,
      name: input.nameFolder,
      sortOrder: last + 1,
      options: input.folderType === "SEARCH" ? input.options : null,
      createdAt: deps.clock.now(),
    });
    return row.id;
  });
  return await get(caller, String(id));
}

/** PUT api/folders/{id}/nameFolder: private and search folders only (mail.7 for the others). */
export async function rename(caller: Caller, id: number, name: string): Promise<MailFolder> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await repo.lockFolders(tx, auth.userId);
    const row = await requireFolder(tx, caller, id);
    if (!isUserFolder(row.folderType)) throw new AppError(403, "mail.7");
    if (row.name === name) return;
    assertNameFree(await repo.allFolders(tx, auth.companyId, auth.userId), row.parentId, name, row.id);
    await repo.updateFolder(tx, auth.companyId, auth.userId, id, { name });
  });
  return await get(caller, String(id));
}

/** PUT api/folders/{id}/color: any of the caller's real folders; null clears it. */
export async function setColor(caller: Caller, id: number, color: string | null): Promise<MailFolder> {
  const { deps, auth } = caller;
  await requireFolder(deps.db, caller, id);
  await repo.updateFolder(deps.db, auth.companyId, auth.userId, id, { color });
  return await get(caller, String(id));
}

/** PUT api/folders/{id}/search: a saved search's options (and name). */
export async function updateSearch(caller: Caller, id: number, input: FolderSearchUpdate): Promise<MailFolder> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await repo.lockFolders(tx, auth.userId);
    const row = await requireFolder(tx, caller, id);
    if (row.folderType !== "SEARCH") throw new AppError(400, "mail.8");
    const name = input.nameFolder ?? row.name;
    if (name !== row.name) assertNameFree(await repo.allFolders(tx, auth.companyId, auth.userId), row.parentId, name, row.id);
    await repo.updateFolder(tx, auth.companyId, auth.userId, id, { name, options: input.options });
  });
  return await get(caller, String(id));
}

function foreignKeyViolation(e: unknown): { constraint?: string } | undefined {
  const err = e as { code?: string; constraint_name?: string; cause?: { code?: string; constraint_name?: string } };
  const pg = err?.code ? err : err?.cause;
  return pg?.code === "23503" ? { constraint: pg.constraint_name } : undefined;
}

/**
 * DELETE api/folders/{id}: an empty private or search folder without sub-folders; its shares and links end, and
 * it stops being the user's first-screen folder.
 */
export async function remove(caller: Caller, id: number): Promise<void> {
  const { deps, auth } = caller;
  const { companyId, userId } = auth;
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockFolders(tx, userId);
      const rows = await repo.allFolders(tx, companyId, userId);
      const row = rows.find((r) => r.id === id);
      if (!row) throw notFound();
      if (!isUserFolder(row.folderType)) throw new AppError(403, "mail.9");
      if (rows.some((r) => r.parentId === id)) throw new AppError(409, "mail.10");
      if (await repo.holdsMails(tx, userId, id)) throw new AppError(409, "mail.11");
      if (!(await repo.deleteFolder(tx, companyId, userId, id))) throw new AppError(409, "mail.12");
      await forgetShares(tx, companyId, MAIL_SHARE_MODULE, [String(id)]);
      await forgetLinks(tx, companyId, MAIL_SHARE_MODULE, [String(id)]);
      await forgetFirstScreen(tx, userId, id);
      if (row.parentId !== null) await repo.setChildOrder(tx, companyId, userId, row.parentId, childIds(rows, row.parentId, id));
    });
  } catch (e) {
    // A mail filed into the folder (or another row pointing at it) between the checks and the delete.
    const fk = foreignKeyViolation(e);
    if (fk) throw new AppError(409, fk.constraint?.startsWith("mails_") ? "mail.11" : "mail.12");
    throw e;
  }
}

/** PUT api/folders/sync: every counter of the caller's folders recounted from the mails. */
export async function sync(caller: Caller): Promise<MailFolder[]> {
  const { deps, auth } = caller;
  await systemFolders(deps.db, auth.companyId, auth.userId);
  await deps.db.transaction((tx) => repo.recount(tx, auth.companyId, auth.userId));
  return await tree(caller);
}
