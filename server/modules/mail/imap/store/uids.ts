// The lazy hand-out of IMAP UIDs and MODSEQs. Mails are filed, moved and changed everywhere (SMTP, web,
// rules, jobs) without knowing about IMAP; the trigger mails_imap_changes (migrations/0007) clears uid and
// modseq whenever a mail moves or its flags change. Before any read of a mailbox's state the store calls
// handOut(): in ONE transaction it
//   1. locks the folder row FOR NO KEY UPDATE (the lock mode the counter triggers of migrations/0003 take,
//      so it never conflicts with the KEY SHARE an INSERT into mails takes for its foreign key);
//   2. takes the folder's pending mails (uid or modseq null; the partial index mails_imap_pending_idx finds
//      them) FOR UPDATE SKIP LOCKED, in (received_at, id) order;
//   3. gives each mail without a UID the next UID from uid_next, and each of them a MODSEQ from
//      highest_modseq + 1 upward, and the removals recorded since (vanished.ts) one more MODSEQ together,
//      then advances uid_next and highest_modseq.
// Only committed rows are seen (READ COMMITTED, and a delivery still running holds the folder's counter
// lock until it commits, so step 1 waits for it), and UIDs come from the locked counter, so UIDs become
// visible in increasing order: a client never sees a UID lower than one it has already seen.
//
// Deadlocks: everyone else locks mail rows first and folder rows after (web actions lock their mails in id
// order, then the counter triggers lock folders in id order, then users). handOut takes one folder lock
// while holding nothing, and after it never waits: mail rows it cannot lock at once are skipped (SKIP
// LOCKED; they stay pending and get theirs next time, after their own change commits), and its UPDATE of
// uid/modseq changes no counter, so the counter trigger locks nothing. Waiting only with empty hands, on a
// single lock, it cannot be part of a wait cycle. A skipped mail that already has a UID but no MODSEQ is
// reported with the folder's highest MODSEQ until it gets its own (which is higher).
//
// Cheap when nothing is pending: one index probe on mails_imap_pending_idx and mail_imap_vanished_pending_idx,
// no transaction, no lock. When only removals are pending it does not even wait for the folder lock.
import { sql } from "drizzle-orm";
import type { Db } from "../../../../../db/client.ts";
import { bigints } from "./access.ts";
import type { ClientUser } from "./types.ts";
import { handOutVanished, pruneVanished } from "./vanished.ts";

/** Whether the folder has mails waiting for a UID or MODSEQ, and removals waiting for a MODSEQ (vanished.ts). */
export async function pendingIn(db: Db, folderId: number): Promise<{ mails: boolean; removals: boolean }> {
  const [r] = await db.execute<{ mails: boolean; removals: boolean }>(sql`select
      exists (select 1 from mails where folder_id = ${folderId} and (uid is null or modseq is null)) as mails,
      exists (select 1 from mail_imap_vanished where folder_id = ${folderId} and modseq is null) as removals`);
  return r;
}

/** Hands out pending UIDs and MODSEQs of one of the user's folders (checked by the caller). */
export async function handOut(db: Db, user: ClientUser, folderId: number): Promise<void> {
  const pendingNow = await pendingIn(db, folderId);
  if (!pendingNow.mails && !pendingNow.removals) return;
  // Removals alone never wait: a snapshot already leaves the removed mails out, and their MODSEQ, handed
  // out by a later look, is then still above every MODSEQ a client saw (vanished.ts).
  const wait = pendingNow.mails ? sql`` : sql`skip locked`;
  await db.transaction(async (tx) => {
    const [folder] = await tx.execute<{ uid_next: string; highest_modseq: string }>(sql`
      select uid_next, highest_modseq from mail_folders
       where id = ${folderId} and user_id = ${user.userId} and company_id = ${user.companyId}
       for no key update ${wait}`);
    if (!folder) return;
    const pending = await tx.execute<{ id: string; uid: string | null }>(sql`
      select id, uid from mails
       where folder_id = ${folderId} and user_id = ${user.userId} and (uid is null or modseq is null)
       order by received_at, id
       for update skip locked`);
    let uidNext = Number(folder.uid_next);
    let modseq = Number(folder.highest_modseq);
    const ids: number[] = [];
    const uids: number[] = [];
    const modseqs: number[] = [];
    for (const row of pending) {
      ids.push(Number(row.id));
      uids.push(row.uid === null ? uidNext++ : Number(row.uid));
      modseqs.push(++modseq);
    }
    if (ids.length) {
      await tx.execute(sql`update mails m set uid = x.uid, modseq = x.modseq
        from unnest(${bigints(ids)}, ${bigints(uids)}, ${bigints(modseqs)}) as x(id, uid, modseq)
        where m.id = x.id`);
    }
    // The removals recorded since the last hand-out share one new MODSEQ (RFC 7162 §3.2).
    if (await handOutVanished(tx, folderId, modseq + 1)) {
      modseq++;
      await pruneVanished(tx, folderId);
    } else if (!ids.length) return;
    await tx.execute(sql`update mail_folders set uid_next = ${uidNext}, highest_modseq = ${modseq} where id = ${folderId}`);
  });
}
