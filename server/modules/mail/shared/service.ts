// Reading a shared mail folder and acting on it as a member (000 §4: a member's reading leaves the owner's
// read status and unread count; §6 read and edit permissions). The owner's mailbox is read through the same
// list, view, attachment and original code as the owner's own reading, with the owner's user id chosen by
// the access check (./access.ts), and only within the shared folder.
import { and, eq, inArray, ne } from "drizzle-orm";
import { mailFolders, mails } from "../../../../db/schema/mail.ts";
import type { MailFolder } from "../../../../shared/mail/folders.ts";
import type { MailListPage, MailView } from "../../../../shared/mail/reading.ts";
import { SHARE_EDIT, SHARE_READ, type SharedMailFolder, type SharingMailFolder } from "../../../../shared/mail/shared.ts";
import { VIRTUAL_FOLDER_IDS } from "../../../../shared/mail/constants.ts";
import type { AppDeps, AuthInfo, Caller } from "../../../lib/context.ts";
import type { Tx } from "../../../../db/client.ts";
import { AppError } from "../../../lib/errors.ts";
import { ownedShares, sharedWith } from "../../share/access.ts";
import { requireUser } from "../../users/service.ts";
import { MAIL_SHARE_MODULE } from "../folders/shareable.ts";
import { trashRows } from "../reading/actions.ts";
import { markReceiptsRead } from "../reading/repo.ts";
import * as readingRepo from "../reading/repo.ts";
import { attachmentResponse, mailNotFound, originalOf, pageAnswer, viewOf } from "../reading/service.ts";
import { foldersWithOwners, requireSharedFolder, type SharedAccess } from "./access.ts";

type UserRef = Pick<AuthInfo, "companyId" | "userId">;

/** What both folder lists say of a shared folder: the folder, its share and its counts. */
function folderEntry(
  f: { id: number; folderType: string; name: string; totalCount: number; newCount: number; usedSize: number },
  shareId: number,
) {
  return {
    folderId: f.id,
    folderType: f.folderType,
    nameFolder: f.name,
    shareId,
    totalCount: Math.max(0, f.totalCount),
    newCount: Math.max(0, f.newCount),
    usedSize: Math.max(0, f.usedSize),
  };
}

/** GET api/mails/shared/folders: folders others share with the caller (read or edit), by owner then name. */
export async function sharedFolders(deps: AppDeps, auth: UserRef): Promise<SharedMailFolder[]> {
  const shares = (await sharedWith(deps, auth, MAIL_SHARE_MODULE)).filter((s) => s.permission >= SHARE_READ);
  const byId = new Map(shares.map((s) => [Number(s.objectId), s]));
  const rows = await foldersWithOwners(deps.db, auth.companyId, [...byId.keys()]);
  return rows.filter((r) => r.folder.userId === byId.get(r.folder.id)?.ownerUserId).map((r) => {
    const s = byId.get(r.folder.id)!;
    return {
      ...folderEntry(r.folder, s.shareId),
      ownerId: r.folder.userId,
      ownerName: r.ownerName,
      ownerUsername: r.ownerUsername,
      permission: s.permission,
    };
  }).sort((a, b) => a.ownerName.localeCompare(b.ownerName) || a.nameFolder.localeCompare(b.nameFolder) || a.folderId - b.folderId);
}

/** GET api/mails/sharing/folders: the caller's own shared folders; none for an org-chart-restricted user. */
export async function sharingFolders(deps: AppDeps, auth: UserRef, restricted?: boolean): Promise<SharingMailFolder[]> {
  if (restricted ?? (await requireUser(deps.db, auth.companyId, auth.userId)).isOrgChartRestricted) return [];
  const shares = await ownedShares(deps, auth, MAIL_SHARE_MODULE);
  const byId = new Map(shares.map((s) => [Number(s.objectId), s]));
  const rows = await foldersWithOwners(deps.db, auth.companyId, [...byId.keys()]);
  return rows.filter((r) => r.folder.userId === auth.userId).map((r) => {
    const s = byId.get(r.folder.id)!;
    return { ...folderEntry(r.folder, s.shareId), memberCount: Number(s.memberCount) };
  }).sort((a, b) => a.nameFolder.localeCompare(b.nameFolder) || a.folderId - b.folderId);
}

function shareNode(parentId: number, id: number | string, name: string, sortOrder: number, counts: SharingMailFolder | SharedMailFolder) {
  return {
    id,
    parentId,
    folderType: "SHARE",
    nameFolder: name,
    color: null,
    icon: "share",
    childCount: 0,
    children: [],
    sortOrder,
    newCount: counts.newCount,
    totalCount: counts.totalCount,
    usedSize: counts.usedSize,
    options: null,
    shareFolders: null,
    shareable: false,
  } satisfies MailFolder;
}

export type SharedTreeNode = MailFolder & { folderId: number; ownerId: number; ownerName?: string; permission?: number };

/**
 * The tree's children of SHARED_ROOT (id: the owner's folder id, which is never one of the caller's) and of
 * SHARING_ROOT (id 'sharing_{folderId}', so the caller's own folder keeps its id in the tree).
 */
export async function shareTreeNodes(deps: AppDeps, auth: UserRef, restricted: boolean) {
  const [shared, sharing] = await Promise.all([sharedFolders(deps, auth), sharingFolders(deps, auth, restricted)]);
  return {
    shared: shared.map((f, i): SharedTreeNode => ({
      ...shareNode(VIRTUAL_FOLDER_IDS.SHARED_ROOT, f.folderId, `${f.nameFolder} (${f.ownerName})`, i + 1, f),
      folderId: f.folderId, ownerId: f.ownerId, ownerName: f.ownerName, permission: f.permission,
    })),
    sharing: sharing.map((f, i): SharedTreeNode => ({
      ...shareNode(VIRTUAL_FOLDER_IDS.SHARING_ROOT, `sharing_${f.folderId}`, f.nameFolder, i + 1, f),
      folderId: f.folderId, ownerId: auth.userId, shareFolders: { shareId: f.shareId, memberCount: f.memberCount },
    })),
  };
}

/** GET api/share/mails: a page of the shared folder, newest first. */
export async function list(caller: Caller, folderId: number, page: number, pageSize: number, ownerId?: number): Promise<MailListPage> {
  const access = await requireSharedFolder(caller, folderId, SHARE_READ, "common.403", ownerId);
  const where = and(eq(mails.userId, access.ownerId), eq(mails.folderId, folderId))!;
  const items = await readingRepo.listPage(caller.deps.db, where, pageSize, page * pageSize);
  return pageAnswer(items, Math.max(0, access.folder.totalCount), page, pageSize);
}

/** The mail as a member may reach it: in a folder shared with them; anything else 404 mail.not_found. */
export async function sharedMail(caller: Caller, mailId: number, ownerId?: number, folderId?: number): Promise<SharedAccess> {
  const [mail] = await caller.deps.db.select({ userId: mails.userId, folderId: mails.folderId }).from(mails)
    .where(and(eq(mails.id, mailId), eq(mails.companyId, caller.auth.companyId)));
  if (!mail || (folderId !== undefined && folderId !== mail.folderId)) throw mailNotFound();
  try {
    return await requireSharedFolder(caller, mail.folderId, SHARE_READ, "common.403", ownerId);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw mailNotFound();
    throw e;
  }
}

/**
 * GET api/share/mails/view/{id}: a mail of a shared folder, or (attachPosition) the message attached to it; the
 * owner's read status and counters stay as they are.
 */
export async function view(caller: Caller, mailId: number, ownerId?: number, folderId?: number, attachPosition?: readonly number[]): Promise<MailView> {
  const access = await sharedMail(caller, mailId, ownerId, folderId);
  const grant = { userId: caller.auth.userId, sharedFolderId: access.folder.id };
  return await viewOf(caller.deps, access.ownerId, mailId, { grant, attachPosition }, false);
}

export async function attachment(caller: Caller, mailId: number, position: number, ownerId?: number): Promise<Response> {
  const access = await sharedMail(caller, mailId, ownerId);
  return await attachmentResponse(caller.deps, access.ownerId, mailId, position);
}

export async function original(caller: Caller, mailId: number, mode: string, ownerId?: number): Promise<Response> {
  const access = await sharedMail(caller, mailId, ownerId);
  return await originalOf(caller.deps, access.ownerId, mailId, mode);
}

interface Target {
  mailIds: number[];
  folderId: number;
  ownerId?: number;
}

/**
 * Runs `act` on the owner's mails of these ids, locked, after the edit check; 404 mail.not_found (nothing
 * changed) when any id is not in the shared folder.
 */
async function onSharedMails<T>(
  caller: Caller,
  t: Target,
  denied: `${string}.${string}`,
  act: (tx: Tx, access: SharedAccess, ids: number[]) => Promise<T>,
): Promise<T> {
  const access = await requireSharedFolder(caller, t.folderId, SHARE_EDIT, denied, t.ownerId);
  const ids = [...new Set(t.mailIds)];
  return await caller.deps.db.transaction(async (tx) => {
    const rows = await tx.select({ id: mails.id }).from(mails)
      .where(and(eq(mails.userId, access.ownerId), eq(mails.folderId, t.folderId), inArray(mails.id, ids)))
      .orderBy(mails.id).for("update");
    if (rows.length !== ids.length) throw mailNotFound();
    return await act(tx, access, ids);
  });
}

/** PUT api/share/mails/readStatus (edit): the owner's mails become read or unread; counters follow by trigger. */
export function setRead(caller: Caller, t: Target, read: boolean): Promise<{ updated: number }> {
  const now = caller.deps.clock.now();
  return onSharedMails(caller, t, "mail.share_read_status_denied", async (tx, access, ids) => {
    const done = await tx.update(mails).set({ read, readAt: read ? now : null })
      .where(and(eq(mails.userId, access.ownerId), inArray(mails.id, ids), ne(mails.read, read))).returning({ id: mails.id });
    if (read) await markReceiptsRead(tx, done.map((d) => d.id), now);
    return { updated: done.length };
  });
}

/** PUT api/share/mails/importantStatus (edit). */
export function setImportant(caller: Caller, t: Target, important: boolean): Promise<{ updated: number }> {
  return onSharedMails(caller, t, "mail.share_star_denied", async (tx, access, ids) => {
    const done = await tx.update(mails).set({ important })
      .where(and(eq(mails.userId, access.ownerId), inArray(mails.id, ids), ne(mails.important, important))).returning({ id: mails.id });
    return { updated: done.length };
  });
}

/** PUT api/share/mails/deleteStatus (edit): to the owner's trash, remembering the folder (they may restore). */
export function trash(caller: Caller, t: Target): Promise<{ trashed: number }> {
  return onSharedMails(caller, t, "mail.share_edit_denied", async (tx, access, ids) => {
    const [bin] = await tx.select({ id: mailFolders.id }).from(mailFolders)
      .where(and(eq(mailFolders.userId, access.ownerId), eq(mailFolders.folderType, "DELETED")));
    if (!bin) throw mailNotFound();
    await trashRows(tx, access.ownerId, ids.map((id) => ({ id, folderId: t.folderId })), bin.id);
    return { trashed: ids.length };
  });
}
