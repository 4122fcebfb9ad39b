// Which mails a folder of the tree holds, for the mail list: the same definitions the tree counts with, so
// a folder's counts and its list always agree.
//   folderScope(db, companyId, userId, rawId) with rawId a route folder id:
//     a real folder id       → { kind: "folder", folder, where: mails in it } (SEARCH: { kind: "search", options })
//     -1..-4 or 'all'         → { kind: "virtual", folderType, where } over every folder but Trash, Spam, Drafts
//     't_{tag}' (own tag)     → { kind: "tag", tag, where } over the same folders
//   undefined for anything else (the caller answers 404).
import { and, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mails } from "../../../../db/schema/mail.ts";
import { VIRTUAL_FOLDER_IDS } from "../../../../shared/mail/constants.ts";
import { type MailSearchOptions, SHOWN_VIRTUAL_FOLDERS, type ShownVirtualFolder } from "../../../../shared/mail/folders.ts";
import { systemFolders } from "../store/folders.ts";
import * as repo from "./repo.ts";
import * as tagRepo from "./tags-repo.ts";
import { tagOfFolderId } from "./tags.ts";

export type FolderScope =
  | { kind: "folder"; folder: repo.FolderRow; where: SQL }
  | { kind: "search"; folder: repo.FolderRow; options: MailSearchOptions }
  | { kind: "virtual"; folderType: ShownVirtualFolder; where: SQL }
  | { kind: "tag"; tag: string; where: SQL };

const VIRTUAL_CONDITION: Record<ShownVirtualFolder, SQL | undefined> = {
  ALL: undefined,
  IMPORTANT: sql`${mails.important}`,
  UNREAD: sql`not ${mails.read}`,
  ATTACH: sql`${mails.hasAttachments}`,
};

async function inScope(db: DbOrTx, companyId: number, userId: number): Promise<SQL> {
  const f = await systemFolders(db, companyId, userId);
  return and(eq(mails.userId, userId), notInArray(mails.folderId, [f.DELETED, f.SPAM, f.DRAFTS]))!;
}

export async function folderScope(db: DbOrTx, companyId: number, userId: number, rawId: string): Promise<FolderScope | undefined> {
  if (/^\d{1,15}$/.test(rawId)) {
    const folder = await repo.findFolder(db, companyId, userId, Number(rawId));
    if (!folder) return undefined;
    if (folder.folderType === "SEARCH") return { kind: "search", folder, options: folder.options as MailSearchOptions };
    return { kind: "folder", folder, where: and(eq(mails.userId, userId), eq(mails.folderId, folder.id))! };
  }
  const virtual = rawId === "all" ? "ALL" : SHOWN_VIRTUAL_FOLDERS.find((t) => String(VIRTUAL_FOLDER_IDS[t]) === rawId);
  if (virtual) {
    const base = await inScope(db, companyId, userId);
    const extra = VIRTUAL_CONDITION[virtual];
    return { kind: "virtual", folderType: virtual, where: extra ? and(base, extra)! : base };
  }
  const tag = tagOfFolderId(rawId);
  if (tag !== undefined && (await tagRepo.find(db, companyId, userId, tag))) {
    return { kind: "tag", tag, where: and(await inScope(db, companyId, userId), sql`${mails.tags} @> array[${tag}::text]`)! };
  }
  return undefined;
}
