// GET /api/mails/main: the mail summary of the home dashboard's mail widget and the app shell
// (shared/mail/main.ts). Two small queries: the caller's folder counters (kept exact by triggers; a user
// has a handful of folders, mail_folders_user_parent_idx) and the newest inbox page, read from
// mails_folder_list_idx (user, folder, received_at desc, id desc) as the list API reads it.
import { and, eq } from "drizzle-orm";
import { mailFolders, mails } from "../../../../db/schema/mail.ts";
import type { MailMainSummary } from "../../../../shared/mail/main.ts";
import { VIRTUAL_SCOPE_EXCLUDED_TYPES } from "../../../../shared/mail/folders.ts";
import type { Caller } from "../../../lib/context.ts";
import { systemFolders } from "../store/folders.ts";
import * as repo from "./repo.ts";

/** Folders the virtual ALL folder leaves out (shared/mail/folders.ts, as scope.ts and the folder tree count it). */
const LEFT_OUT = new Set<string>(VIRTUAL_SCOPE_EXCLUDED_TYPES);

export async function mainSummary(caller: Caller, size: number): Promise<MailMainSummary> {
  const { db } = caller.deps;
  const { userId, companyId } = caller.auth;
  const folders = await db.select({
    id: mailFolders.id,
    folderType: mailFolders.folderType,
    totalCount: mailFolders.totalCount,
    newCount: mailFolders.newCount,
  }).from(mailFolders).where(and(eq(mailFolders.userId, userId), eq(mailFolders.companyId, companyId)));

  const all = { newCount: 0, totalCount: 0 };
  let inbox: MailMainSummary["inbox"] | undefined;
  for (const f of folders) {
    const counts = { newCount: Math.max(0, f.newCount), totalCount: Math.max(0, f.totalCount) };
    if (f.folderType === "INBOX") inbox = { folderId: f.id, ...counts };
    if (LEFT_OUT.has(f.folderType)) continue;
    all.newCount += counts.newCount;
    all.totalCount += counts.totalCount;
  }
  if (!inbox) {
    // A mailbox never touched yet has no folders: they are made now, as the first look at any folder does.
    return { mails: [], inbox: { folderId: (await systemFolders(db, companyId, userId)).INBOX, newCount: 0, totalCount: 0 }, all };
  }
  // The inbox id as a value (not a sub-select), so the planner reads mails_folder_list_idx for exactly it.
  const items = await repo.listPage(db, and(eq(mails.userId, userId), eq(mails.folderId, inbox.folderId))!, size, 0);
  return { mails: items, inbox, all };
}
