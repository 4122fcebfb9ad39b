// Acting on mails (000 §4 "Mail read and star", "Moving and deleting"): read, star, read all, move (the
// Sent rule), to the trash and back, delete for ever, empty the trash, tags. Each call names its mails; when
// any of them is missing or another user's, the whole call answers 404 and changes nothing. Folder counters
// follow every change through the triggers on mails (never by hand), so they stay exact and never negative.
import { lockTags } from "../folders/tags-repo.ts";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { mailFolders, mailTags, mails } from "../../../../db/schema/mail.ts";
import { SENT_MAIL_TYPES } from "../../../../shared/mail/reading.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { purgeInTransaction } from "./purge.ts";
import { markReceiptsRead } from "./repo.ts";
import { resolveScope } from "./scope.ts";
import { mailNotFound } from "./service.ts";

/** Folder types a mail may be moved into with PUT folderId (spam goes by reporting, drafts by saving). */
const MOVE_TARGETS = ["INBOX", "TOME", "SENT", "PRIVATE", "DELETED"];

/**
 * Locks and answers the caller's mails of these ids (with their folders' types); 404 when any id is not the
 * caller's. The rows are locked alone, then their folders read: locked in one statement with the folder
 * join, a mail a concurrent move had just moved was re-checked against its old folder row and went missing.
 */
async function ownMails(tx: Tx, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const locked = await tx.select({ id: mails.id, folderId: mails.folderId, mailType: mails.mailType })
    .from(mails).where(and(eq(mails.userId, userId), inArray(mails.id, unique))).orderBy(mails.id).for("update");
  if (locked.length !== unique.length) throw mailNotFound();
  const folders = await tx.select({ id: mailFolders.id, folderType: mailFolders.folderType }).from(mailFolders)
    .where(inArray(mailFolders.id, [...new Set(locked.map((r) => r.folderId))]));
  const typeOf = new Map(folders.map((f) => [f.id, f.folderType]));
  return locked.map((r) => ({ ...r, folderType: typeOf.get(r.folderId)! }));
}

export async function setRead(caller: Caller, ids: number[], read: boolean): Promise<{ updated: number }> {
  const now = caller.deps.clock.now();
  return await caller.deps.db.transaction(async (tx) => {
    await ownMails(tx, caller.auth.userId, ids);
    const done = await tx.update(mails).set({ read, readAt: read ? now : null })
      .where(and(eq(mails.userId, caller.auth.userId), inArray(mails.id, ids), ne(mails.read, read))).returning({ id: mails.id });
    if (read) await markReceiptsRead(tx, done.map((d) => d.id), now);
    return { updated: done.length };
  });
}

export async function setImportant(caller: Caller, ids: number[], important: boolean): Promise<{ updated: number }> {
  return await caller.deps.db.transaction(async (tx) => {
    await ownMails(tx, caller.auth.userId, ids);
    const done = await tx.update(mails).set({ important })
      .where(and(eq(mails.userId, caller.auth.userId), inArray(mails.id, ids), ne(mails.important, important))).returning({ id: mails.id });
    return { updated: done.length };
  });
}

/** Every unread mail of a list (any list folderId but a saved search) becomes read. */
export async function readAll(caller: Caller, folderRef: string): Promise<{ updated: number }> {
  const { db, clock } = caller.deps;
  const scope = await resolveScope(db, caller.auth, folderRef);
  if (scope.searchOptions) throw new AppError(400, "mail.read_all_search");
  const done = await db.update(mails).set({ read: true, readAt: clock.now() })
    .where(and(scope.where, eq(mails.read, false))).returning({ id: mails.id });
  return { updated: done.length };
}

async function userFolder(tx: Tx, userId: number, folderId: number) {
  const [f] = await tx.select().from(mailFolders).where(and(eq(mailFolders.id, folderId), eq(mailFolders.userId, userId)));
  return f;
}

async function systemFolderId(tx: Tx, userId: number, type: "DELETED" | "SPAM") {
  const [f] = await tx.select({ id: mailFolders.id }).from(mailFolders)
    .where(and(eq(mailFolders.userId, userId), eq(mailFolders.folderType, type)));
  return f?.id;
}

/**
 * Moves mails into one of the caller's folders. Into Sent only sent-type mails move: none → 400
 * mail.move_sent_none; some → only those, and `skipped` says how many stayed. Into the trash the origin is
 * kept (prevFolderId); out of it, forgotten.
 */
export async function move(caller: Caller, ids: number[], targetFolderId: number): Promise<{ moved: number; skipped: number }> {
  const userId = caller.auth.userId;
  return await caller.deps.db.transaction(async (tx) => {
    const rows = await ownMails(tx, userId, ids);
    const target = await userFolder(tx, userId, targetFolderId);
    if (!target) throw new AppError(404, "mail.folder_not_found");
    if (!MOVE_TARGETS.includes(target.folderType)) throw new AppError(400, "mail.move_target_invalid");
    let movable = rows;
    if (target.folderType === "SENT") {
      movable = rows.filter((r) => (SENT_MAIL_TYPES as readonly string[]).includes(r.mailType));
      if (!movable.length) throw new AppError(400, "mail.move_sent_none");
    }
    const toMove = movable.filter((r) => r.folderId !== target.id);
    if (target.folderType === "DELETED") await trashRows(tx, userId, toMove, target.id);
    else if (toMove.length) {
      await tx.update(mails).set({ folderId: target.id, prevFolderId: null })
        .where(and(eq(mails.userId, userId), inArray(mails.id, toMove.map((r) => r.id))));
    }
    return { moved: toMove.length, skipped: rows.length - movable.length };
  });
}

/** To the trash, remembering where from; a scheduled mail's send is cancelled on the way (000 §4). */
export async function trashRows(tx: Tx, userId: number, rows: { id: number; folderId: number }[], trashId: number) {
  if (!rows.length) return;
  await tx.update(mails).set({
    folderId: trashId,
    prevFolderId: sql`${mails.folderId}`,
    mailType: sql`case when ${mails.mailType} = 'RESERVE' then 'RESERVE_CANCEL' else ${mails.mailType} end`,
    reserveAt: sql`case when ${mails.mailType} = 'RESERVE' then null else ${mails.reserveAt} end`,
  }).where(and(eq(mails.userId, userId), inArray(mails.id, rows.map((r) => r.id))));
}

/** Mails in the trash or spam are deleted for ever; the others go to the trash. */
export async function deleteStatus(caller: Caller, ids: number[]): Promise<{ trashed: number; deleted: number }> {
  const userId = caller.auth.userId;
  return await caller.deps.db.transaction(async (tx) => {
    const rows = await ownMails(tx, userId, ids);
    const forever = rows.filter((r) => r.folderType === "DELETED" || r.folderType === "SPAM");
    const toTrash = rows.filter((r) => r.folderType !== "DELETED" && r.folderType !== "SPAM");
    if (toTrash.length) {
      const trashId = await systemFolderId(tx, userId, "DELETED");
      if (trashId === undefined) throw new AppError(404, "mail.folder_not_found");
      await trashRows(tx, userId, toTrash, trashId);
    }
    const deleted = forever.length ? await purgeInTransaction(tx, userId, inArray(mails.id, forever.map((r) => r.id))) : 0;
    return { trashed: toTrash.length, deleted };
  });
}

/** DELETE /api/mails: for ever, wherever the mails are. */
export async function deleteForever(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
  const userId = caller.auth.userId;
  return await caller.deps.db.transaction(async (tx) => {
    await ownMails(tx, userId, ids);
    return { deleted: await purgeInTransaction(tx, userId, inArray(mails.id, ids)) };
  });
}

/** Empties the caller's trash (or spam) folder. */
export async function clean(caller: Caller, folderId: number): Promise<{ deleted: number }> {
  const userId = caller.auth.userId;
  return await caller.deps.db.transaction(async (tx) => {
    const folder = await userFolder(tx, userId, folderId);
    if (!folder) throw new AppError(404, "mail.folder_not_found");
    if (folder.folderType !== "DELETED" && folder.folderType !== "SPAM") throw new AppError(400, "mail.clean_target_invalid");
    return { deleted: await purgeInTransaction(tx, userId, eq(mails.folderId, folder.id)) };
  });
}

/**
 * Adds or removes a tag on mails. Adding needs a tag the user has (mail_tags: created through the tag
 * dialog, where the naming rules of 000 §5 apply); removing works for any name, so a mail can lose a tag
 * whose definition is already gone.
 */
export async function tags(caller: Caller, type: "add" | "delete", tag: string, ids: number[]): Promise<{ updated: number }> {
  const userId = caller.auth.userId;
  return await caller.deps.db.transaction(async (tx) => {
    // Adding takes the tag dialog's lock first (before any mail row, in the order renames take them), so a
    // rename or delete of the tag cannot slip between the check and the update.
    if (type === "add") await lockTags(tx, userId);
    await ownMails(tx, userId, ids);
    if (type === "add") {
      const [known] = await tx.select({ id: mailTags.id }).from(mailTags).where(and(eq(mailTags.userId, userId), eq(mailTags.tag, tag)));
      if (!known) throw new AppError(404, "mail.tag_not_found");
      const done = await tx.update(mails).set({ tags: sql`array_append(${mails.tags}, ${tag}::text)` })
        .where(and(eq(mails.userId, userId), inArray(mails.id, ids), sql`not (${mails.tags} @> array[${tag}]::text[])`))
        .returning({ id: mails.id });
      return { updated: done.length };
    }
    const done = await tx.update(mails).set({ tags: sql`array_remove(${mails.tags}, ${tag}::text)` })
      .where(and(eq(mails.userId, userId), inArray(mails.id, ids), sql`${mails.tags} @> array[${tag}]::text[]`))
      .returning({ id: mails.id });
    return { updated: done.length };
  });
}
