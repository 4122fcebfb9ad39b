// What a list's folderId means as a condition on the caller's mails (000 §3 folder ids): one of their
// folders, a virtual folder (everything but trash, spam and drafts, filtered), a tag, or a saved search. Where the
// folder counters (kept exact by triggers) already know the total, it comes from them, not from count(*).
import { and, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders, mails } from "../../../../db/schema/mail.ts";
import { VIRTUAL_FOLDER_IDS } from "../../../../shared/mail/constants.ts";
import { AppError } from "../../../lib/errors.ts";
import { mailTaskCondition } from "../../flow/mail-tasks/link.ts";
import * as tagsRepo from "../folders/tags-repo.ts";

export interface Scope {
  /** Condition on mails, the caller's user id included. */
  where: SQL;
  /** The number of mails in the scope when the counters know it. */
  knownTotal?: number;
  /** A SEARCH folder: its saved options are run instead of `where`. */
  searchOptions?: Record<string, unknown>;
  /** A real folder of the caller. */
  folder?: typeof mailFolders.$inferSelect;
}

export const folderNotFound = () => new AppError(404, "mail.folder_not_found");

interface FolderCounts {
  leftOut: number[];
  spamId?: number;
  total: number;
  unread: number;
  important: number;
  attach: number;
}

async function counts(db: DbOrTx, userId: number): Promise<FolderCounts> {
  const rows = await db.select({
    id: mailFolders.id,
    folderType: mailFolders.folderType,
    totalCount: mailFolders.totalCount,
    newCount: mailFolders.newCount,
    importantCount: mailFolders.importantCount,
    attachCount: mailFolders.attachCount,
  }).from(mailFolders).where(eq(mailFolders.userId, userId));
  const out: FolderCounts = { leftOut: [], total: 0, unread: 0, important: 0, attach: 0 };
  for (const r of rows) {
    if (r.folderType === "DELETED" || r.folderType === "SPAM" || r.folderType === "DRAFTS") {
      out.leftOut.push(r.id);
      if (r.folderType === "SPAM") out.spamId = r.id;
    } else {
      out.total += r.totalCount;
      out.unread += r.newCount;
      out.important += r.importantCount;
      out.attach += r.attachCount;
    }
  }
  return out;
}

/**
 * Everything of the user but trash, spam and drafts (as the folder tree counts its virtual folders,
 * server/modules/mail/folders/scope.ts), as a condition given the folder ids to leave out.
 */
function outsideTrash(userId: number, excluded: number[]): SQL {
  return excluded.length ? and(eq(mails.userId, userId), notInArray(mails.folderId, excluded))! : eq(mails.userId, userId);
}

/** Resolves a list folder reference ('all', 't_{tag}', a folder id or a virtual id) for the caller. */
export async function resolveScope(db: DbOrTx, owner: { companyId: number; userId: number }, ref: string): Promise<Scope> {
  const { userId } = owner;
  if (ref.startsWith("t_")) {
    const tag = ref.slice(2);
    // A tag folder exists while the tag does (the tree's folders/scope.ts agrees): another one is missing.
    if (!await tagsRepo.find(db, owner.companyId, userId, tag)) throw folderNotFound();
    const c = await counts(db, userId);
    return { where: and(outsideTrash(userId, c.leftOut), sql`${mails.tags} @> array[${tag}]::text[]`)! };
  }
  const n = ref === "all" ? VIRTUAL_FOLDER_IDS.ALL : Number(ref);
  if (!Number.isSafeInteger(n) || n === 0) throw folderNotFound();
  if (n > 0) {
    const [folder] = await db.select().from(mailFolders).where(and(eq(mailFolders.id, n), eq(mailFolders.userId, userId)));
    if (!folder) throw folderNotFound();
    if (folder.folderType === "SEARCH") {
      return { where: eq(mails.userId, userId), searchOptions: folder.options ?? {}, folder };
    }
    return { where: and(eq(mails.userId, userId), eq(mails.folderId, n))!, knownTotal: folder.totalCount, folder };
  }
  const c = await counts(db, userId);
  const base = outsideTrash(userId, c.leftOut);
  switch (n) {
    case VIRTUAL_FOLDER_IDS.ALL:
      return { where: base, knownTotal: c.total };
    case VIRTUAL_FOLDER_IDS.IMPORTANT:
      return { where: and(base, eq(mails.important, true))!, knownTotal: c.important };
    case VIRTUAL_FOLDER_IDS.UNREAD:
      return { where: and(base, eq(mails.read, false))!, knownTotal: c.unread };
    case VIRTUAL_FOLDER_IDS.ATTACH:
      return { where: and(base, eq(mails.hasAttachments, true))!, knownTotal: c.attach };
    case VIRTUAL_FOLDER_IDS.READ:
      return { where: and(base, eq(mails.read, true))!, knownTotal: c.total - c.unread };
    case VIRTUAL_FOLDER_IDS.INTERNAL:
      return { where: and(base, eq(mails.internal, true))! };
    case VIRTUAL_FOLDER_IDS.FLOW:
      // The mails made into tasks (flow's mail-tasks/link.ts), counted.
      return { where: and(base, mailTaskCondition(sql`${mails.id}`, sql`${mails.userId}`))! };
    case VIRTUAL_FOLDER_IDS.SPAM: {
      if (c.spamId === undefined) return { where: sql`false`, knownTotal: 0 };
      const [spam] = await db.select({ totalCount: mailFolders.totalCount }).from(mailFolders).where(eq(mailFolders.id, c.spamId));
      return { where: and(eq(mails.userId, userId), eq(mails.folderId, c.spamId))!, knownTotal: spam?.totalCount ?? 0 };
    }
    default:
      throw folderNotFound();
  }
}
