// COPY, MOVE and EXPUNGE. A MOVE into the mailbox itself gives the messages new UIDs (uids.ts hands them
// out again). A copy is a new mailbox entry sharing the stored message (mail_messages: no bytes
// are copied), with the source's flags and internal date, refused as OVERQUOTA when the user's quota cannot
// take the sizes (as imports check it: store/recipients.ts overQuota). A move changes folder_id (the trigger
// clears uid and modseq); into the Trash it goes the web's way (reading/actions.ts trashRows: the origin is
// kept for restoring, a scheduled send is cancelled), elsewhere the origin is forgotten as the web's move
// does. Both then hand out the new UIDs in the target and answer COPYUID pairs. EXPUNGE deletes the
// \Deleted messages for ever the web's way (reading/purge.ts: receipts, compose states, unreferenced
// messages).
import { and, eq, inArray, sql } from "drizzle-orm";
import { mails } from "../../../../../db/schema/mail.ts";
import { users } from "../../../../../db/schema/users.ts";
import type { Tx } from "../../../../../db/client.ts";
import type { AppDeps } from "../../../../lib/context.ts";
import { trashRows } from "../../reading/actions.ts";
import { purgeInTransaction } from "../../reading/purge.ts";
import { overQuota } from "../../store/recipients.ts";
import { bigints, mailboxFolder } from "./access.ts";
import { type ClientUser, type CopyResult, ImapStoreError } from "./types.ts";
import { handOut } from "./uids.ts";

/** The new UIDs of these mails in the folder, handing them out (again while some row was busy). */
export async function uidsOf(deps: AppDeps, user: ClientUser, folderId: number, ids: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (let attempt = 0; attempt < 20 && found.size < ids.length; attempt++) {
    await handOut(deps.db, user, folderId);
    const rows = await deps.db.execute<{ id: string; uid: string }>(sql`select id, uid from mails
      where folder_id = ${folderId} and id = any(${bigints(ids)}) and uid is not null`);
    for (const r of rows) found.set(Number(r.id), Number(r.uid));
  }
  return found;
}

function pairsOf(sources: { id: number; uid: number }[], newIds: number[], uids: Map<number, number>): [number, number][] {
  return sources.flatMap((s, i) => uids.has(newIds[i]) ? [[s.uid, uids.get(newIds[i])!] as [number, number]] : []);
}

export function createCopyMove(deps: AppDeps) {
  const { db } = deps;

  /** The source mails still there, by UID. */
  const sourceRows = async (tx: Tx, user: ClientUser, folderId: number, uids: number[]) => {
    const rows = await tx.execute<{ id: string; uid: string; size: number }>(sql`select id, uid, size from mails
      where folder_id = ${folderId} and user_id = ${user.userId} and uid = any(${bigints(uids)}) order by uid`);
    return rows.map((r) => ({ id: Number(r.id), uid: Number(r.uid), size: Number(r.size) }));
  };

  const copy = async (user: ClientUser, folderId: number, uids: number[], targetFolderId: number): Promise<CopyResult> => {
    await mailboxFolder(db, user, folderId);
    const target = await mailboxFolder(db, user, targetFolderId);
    if (!uids.length) return { uidValidity: target.id, pairs: [] };
    const [box] = await db.select({ totalQuota: users.totalQuota, usedSize: users.usedSize }).from(users).where(eq(users.id, user.userId));
    const copied = await db.transaction(async (tx) => {
      // The stored messages are locked first (KEY SHARE), in the order purgeInTransaction locks them: an
      // expunge elsewhere either committed before (its rows are gone from the next read) or waits for this
      // copy (and then keeps the message the copy refers to). Without it the insert could point at a
      // message a concurrent expunge just deleted (a foreign-key violation).
      await tx.execute(sql`select id from mail_messages where id in (select message_id from mails
          where folder_id = ${folderId} and user_id = ${user.userId} and uid = any(${bigints(uids)}))
        order by id for key share`);
      const sources = await sourceRows(tx, user, folderId, uids);
      if (!sources.length) return { sources, fresh: [] as number[] };
      if (overQuota(box, sources.reduce((n, s) => n + s.size, 0))) throw new ImapStoreError("OVERQUOTA", "The mailbox quota is full");
      const ids = await tx.execute<{ id: string }>(
        sql`select nextval(pg_get_serial_sequence('mails', 'id')) as id from generate_series(1, ${sources.length})`,
      );
      const fresh = ids.map((r) => Number(r.id));
      const mailType = target.folderType === "DRAFTS" ? sql`'DRAFT'` : sql`case when m.mail_type = 'RESERVE' then 'RESERVE_CANCEL' else m.mail_type end`;
      await tx.execute(sql`insert into mails (id, company_id, user_id, folder_id, message_id, mail_type, read, read_at,
          important, tags, received_at, size, has_attachments, internal, thread_key, search_vector, imap_flags)
        select x.new_id, m.company_id, m.user_id, ${target.id}, m.message_id, ${mailType}, m.read, m.read_at,
          m.important, m.tags, m.received_at, m.size, m.has_attachments, m.internal, m.thread_key, m.search_vector, m.imap_flags
          from unnest(${bigints(sources.map((s) => s.id))}, ${bigints(fresh)}) as x(src, new_id)
          join mails m on m.id = x.src and m.user_id = ${user.userId}`);
      return { sources, fresh };
    });
    // Every requested message was expunged elsewhere before the copy (RFC 2180 §4.4.1; dovecot's answer).
    if (!copied.sources.length) throw new ImapStoreError("EXPUNGEISSUED", "Some of the requested messages no longer exist");
    const { sources, fresh } = copied;
    return { uidValidity: target.id, pairs: pairsOf(sources, fresh, await uidsOf(deps, user, target.id, fresh)) };
  };

  const move = async (user: ClientUser, folderId: number, uids: number[], targetFolderId: number): Promise<CopyResult> => {
    await mailboxFolder(db, user, folderId);
    const target = await mailboxFolder(db, user, targetFolderId);
    const moved = await db.transaction(async (tx) => {
      const locked = await tx.execute<{ id: string; uid: string }>(sql`select id, uid from mails
        where folder_id = ${folderId} and user_id = ${user.userId} and uid = any(${bigints(uids)}) order by id for update`);
      const rows = locked.map((r) => ({ id: Number(r.id), uid: Number(r.uid), folderId }));
      if (!rows.length) return rows;
      // Into the same mailbox (RFC 6851 allows it; dovecot does it): the message stays, under a new UID.
      if (target.id === folderId) {
        await tx.execute(sql`update mails set uid = null, modseq = null where user_id = ${user.userId} and id = any(${bigints(rows.map((r) => r.id))})`);
      } else if (target.folderType === "DELETED") await trashRows(tx, user.userId, rows, target.id);
      else {
        await tx.update(mails).set({
          folderId: target.id,
          prevFolderId: target.folderType === "SPAM" ? folderId : null,
          mailType: target.folderType === "DRAFTS" ? "DRAFT" : sql`case when ${mails.mailType} = 'DRAFT' then 'NORMAL' else ${mails.mailType} end`,
        }).where(and(eq(mails.userId, user.userId), inArray(mails.id, rows.map((r) => r.id))));
      }
      return rows.sort((a, b) => a.uid - b.uid);
    });
    const newIds = moved.map((r) => r.id);
    return { uidValidity: target.id, pairs: pairsOf(moved, newIds, await uidsOf(deps, user, target.id, newIds)) };
  };

  const expunge = async (user: ClientUser, folderId: number, uids?: number[]): Promise<number[]> => {
    await mailboxFolder(db, user, folderId);
    return await db.transaction(async (tx) => {
      const only = uids ? sql`and uid = any(${bigints(uids)})` : sql``;
      const rows = await tx.execute<{ id: string; uid: string }>(sql`select id, uid from mails
        where folder_id = ${folderId} and user_id = ${user.userId} and uid is not null
          and ${"\\Deleted"}::text = any(imap_flags) ${only} order by id for update`);
      if (!rows.length) return [];
      await purgeInTransaction(tx, user.userId, and(eq(mails.folderId, folderId), inArray(mails.id, rows.map((r) => Number(r.id))))!);
      return rows.map((r) => Number(r.uid)).sort((a, b) => a - b);
    });
  };

  return { copy, move, expunge };
}
