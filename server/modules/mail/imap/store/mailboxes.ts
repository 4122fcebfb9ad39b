// The user's folders as IMAP mailboxes (see access.ts for which ones): listing with "/"-separated names,
// lookup by name, and CREATE / RENAME / DELETE / SUBSCRIBE. Structural changes go through the web's folder
// service (folders/service.ts, folders/move.ts) so the same rules hold: names 1..50 characters without "/"
// or "\" (a "/" in a name therefore can only be the hierarchy delimiter: the web never stores one), unique
// among siblings regardless of case, depth at most FOLDER_DEPTH_MAX, USER_FOLDERS_MAX folders.
//
// Top-level private folders sit beside the system mailboxes; one whose name clashes with a system mailbox
// name (case-insensitively, e.g. a private "Sent" or "inbox") is listed as "<name> (<id>)" so every name
// stays unique. DELETE: like the web, only private folders without sub-folders; the folder's mails go to the
// Trash first (recoverable, remembering where from, as the web's trash does) instead of being refused, since
// an IMAP DELETE removes a mailbox with its messages.
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../../../lib/context.ts";
import { mailFolders, mails } from "../../../../../db/schema/mail.ts";
import { folderName } from "../../../../../shared/mail/folders.ts";
import * as folderRepo from "../../folders/repo.ts";
import { move as moveFolder } from "../../folders/move.ts";
import * as folderService from "../../folders/service.ts";
import { trashRows } from "../../reading/actions.ts";
import { systemFolders } from "../../store/folders.ts";
import { isMailboxType, mailboxFolder, PRIVATE_TYPES, SYSTEM_MAILBOXES } from "./access.ts";
import { callerOf, viaWeb } from "./caller.ts";
import { type ClientUser, ImapStoreError, type MailboxInfo } from "./types.ts";

export const DELIMITER = "/";

/** The mailboxes and their names, from the user's folder rows. */
export function mailboxesOf(rows: folderRepo.FolderRow[], user: ClientUser): MailboxInfo[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const systemNames = new Set(Object.values(SYSTEM_MAILBOXES).map((s) => s.name.toLowerCase()));
  const names = new Map<number, string | null>();
  const nameOf = (row: folderRepo.FolderRow): string | null => {
    if (names.has(row.id)) return names.get(row.id)!;
    let name: string | null = null;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent?.folderType === "PRIVATE_ROOT") {
      name = systemNames.has(row.name.toLowerCase()) ? `${row.name} (${row.id})` : row.name;
    } else if (parent && PRIVATE_TYPES.has(parent.folderType)) {
      const above = nameOf(parent);
      name = above === null ? null : `${above}${DELIMITER}${row.name}`;
    }
    names.set(row.id, name);
    return name;
  };
  const out: MailboxInfo[] = [];
  for (const row of rows) {
    if (!isMailboxType(row.folderType)) continue;
    const system = SYSTEM_MAILBOXES[row.folderType];
    if (row.folderType === "SMART" && !user.config.smartMailbox && row.totalCount === 0) continue;
    const name = system ? system.name : nameOf(row);
    if (name === null) continue;
    out.push({
      folderId: row.id,
      name,
      specialUse: system?.specialUse ?? null,
      subscribed: row.imapSubscribed,
      hasChildren: rows.some((r) => r.parentId === row.id && PRIVATE_TYPES.has(r.folderType)),
      system: !!system,
    });
  }
  return out;
}

/** The canonical form of a name a client sent: INBOX in any case is INBOX; a trailing delimiter is dropped. */
export function canonicalName(name: string): string {
  const trimmed = name.endsWith(DELIMITER) ? name.slice(0, -1) : name;
  return trimmed.toUpperCase() === "INBOX" ? "INBOX" : trimmed;
}

export function createMailboxes(deps: AppDeps) {
  const list = async (user: ClientUser): Promise<MailboxInfo[]> => {
    await systemFolders(deps.db, user.companyId, user.userId);
    return mailboxesOf(await folderRepo.allFolders(deps.db, user.companyId, user.userId), user);
  };

  const find = async (user: ClientUser, name: string): Promise<MailboxInfo | null> => {
    const wanted = canonicalName(name);
    return (await list(user)).find((m) => m.name === wanted) ?? null;
  };

  const partOf = (part: string): string => {
    const parsed = folderName.safeParse(part);
    if (!parsed.success || parsed.data !== part) {
      throw new ImapStoreError("CANNOT", `Invalid folder name: ${parsed.error?.issues[0]?.message ?? "spaces around the name"}`);
    }
    return parsed.data;
  };

  /**
   * A mailbox a client CREATEs (and the parents made for it) is not subscribed: as on other IMAP servers,
   * the client SUBSCRIBEs what it wants in LSUB. Folders made in the web stay subscribed (the column's
   * default), so clients listing subscriptions see them.
   */
  const unsubscribed = async (user: ClientUser, folderId: number) => {
    await deps.db.update(mailFolders).set({ imapSubscribed: false })
      .where(and(eq(mailFolders.id, folderId), eq(mailFolders.userId, user.userId), eq(mailFolders.companyId, user.companyId)));
  };

  /** The folder id for the parent path `parts` (created where missing); the private root for []. */
  const parentFor = async (user: ClientUser, parts: string[]): Promise<number> => {
    let parentId = (await systemFolders(deps.db, user.companyId, user.userId)).PRIVATE_ROOT;
    for (let i = 0; i < parts.length; i++) {
      const path = parts.slice(0, i + 1).join(DELIMITER);
      const found = await find(user, path);
      if (found && found.system) throw new ImapStoreError("CANNOT", "System mailboxes cannot hold sub-folders");
      if (found) parentId = found.folderId;
      else {
        const caller = await callerOf(deps, user);
        const made = await viaWeb(() => folderService.create(caller, { folderType: "PRIVATE", nameFolder: partOf(parts[i]), parentId }));
        parentId = made.id as number;
        await unsubscribed(user, parentId);
      }
    }
    return parentId;
  };

  const splitName = (name: string): string[] => {
    const parts = canonicalName(name).split(DELIMITER);
    if (parts.some((p) => p === "")) throw new ImapStoreError("CANNOT", "Empty name part");
    parts.forEach(partOf);
    return parts;
  };

  const infoOf = async (user: ClientUser, folderId: number): Promise<MailboxInfo> => {
    const found = (await list(user)).find((m) => m.folderId === folderId);
    if (!found) throw new ImapStoreError("NONEXISTENT", "No such mailbox");
    return found;
  };

  const create = async (user: ClientUser, name: string): Promise<MailboxInfo> => {
    if (await find(user, name)) throw new ImapStoreError("ALREADYEXISTS", "Mailbox already exists");
    const parts = splitName(name);
    const parentId = await parentFor(user, parts.slice(0, -1));
    const caller = await callerOf(deps, user);
    const made = await viaWeb(() => folderService.create(caller, { folderType: "PRIVATE", nameFolder: parts.at(-1)!, parentId }));
    await unsubscribed(user, made.id as number);
    return await infoOf(user, made.id as number);
  };

  const rename = async (user: ClientUser, folderId: number, newName: string): Promise<MailboxInfo> => {
    const row = await mailboxFolder(deps.db, user, folderId);
    if (!PRIVATE_TYPES.has(row.folderType)) throw new ImapStoreError("CANNOT", "System mailboxes cannot be renamed");
    const existing = await find(user, newName);
    if (existing && existing.folderId !== folderId) throw new ImapStoreError("ALREADYEXISTS", "Mailbox already exists");
    const parts = splitName(newName);
    const parentId = await parentFor(user, parts.slice(0, -1));
    const caller = await callerOf(deps, user);
    const leaf = parts.at(-1)!;
    if (parentId !== row.parentId) {
      // Renamed first when the new parent already holds the old name, so the move finds the name free.
      await viaWeb(() => folderService.rename(caller, folderId, leaf));
      await viaWeb(() => moveFolder(caller, String(folderId), String(parentId), "inner"));
    } else if (leaf !== row.name) {
      await viaWeb(() => folderService.rename(caller, folderId, leaf));
    }
    return await infoOf(user, folderId);
  };

  const remove = async (user: ClientUser, folderId: number): Promise<void> => {
    const row = await mailboxFolder(deps.db, user, folderId);
    if (!PRIVATE_TYPES.has(row.folderType)) throw new ImapStoreError("CANNOT", "System mailboxes cannot be deleted");
    const rows = await folderRepo.allFolders(deps.db, user.companyId, user.userId);
    if (rows.some((r) => r.parentId === folderId)) throw new ImapStoreError("CANNOT", "The mailbox has sub-folders");
    const trashId = (await systemFolders(deps.db, user.companyId, user.userId)).DELETED;
    await deps.db.transaction(async (tx) => {
      const held = await tx.select({ id: mails.id, folderId: mails.folderId }).from(mails)
        .where(and(eq(mails.userId, user.userId), eq(mails.folderId, folderId))).orderBy(mails.id).for("update");
      await trashRows(tx, user.userId, held, trashId);
    });
    const caller = await callerOf(deps, user);
    await viaWeb(() => folderService.remove(caller, folderId));
  };

  const setSubscribed = async (user: ClientUser, folderId: number, subscribed: boolean): Promise<void> => {
    await mailboxFolder(deps.db, user, folderId);
    await deps.db.update(mailFolders).set({ imapSubscribed: subscribed })
      .where(and(eq(mailFolders.id, folderId), eq(mailFolders.userId, user.userId), eq(mailFolders.companyId, user.companyId)));
  };

  return { list, find, create, rename, remove, setSubscribed };
}
