// QRESYNC's memory of expunged UIDs (RFC 7162 §3.2). Every UID that leaves a folder, by whatever path (IMAP
// EXPUNGE/MOVE, the web's move, trash, delete and purge, rules, POP3 DELE, jobs), is recorded by the
// triggers mails_imap_vanished (migrations/0012) as a row of mail_imap_vanished without a MODSEQ. handOut
// (uids.ts) gives the pending ones one new MODSEQ together, under the folder row's lock, so every removal
// raises HIGHESTMODSEQ before any session can see the folder's new state, and never below a MODSEQ a client
// has already seen. The newest VANISHED_KEEP per folder are kept; older ones are dropped and the folder's
// imap_vanished_floor remembers the highest MODSEQ dropped: for a MODSEQ below the floor the store answers
// null (not known any more) and the protocol layer answers as RFC 7162 §3.2.5.2 allows.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../../db/client.ts";
import { mailboxFolder } from "./access.ts";
import type { ClientUser } from "./types.ts";

/** Expunged UIDs kept per folder. */
export const VANISHED_KEEP = 10_000;
/** Pruning waits until this many more have gathered, so it runs once in a while, not on every removal. */
const PRUNE_SLACK = 1_000;

/** Gives the folder's pending removals the MODSEQ `modseq` (in handOut's transaction); whether there were any. */
export async function handOutVanished(tx: Tx, folderId: number, modseq: number): Promise<boolean> {
  const rows = await tx.execute(sql`update mail_imap_vanished set modseq = ${modseq}
    where folder_id = ${folderId} and modseq is null returning 1`);
  return rows.length > 0;
}

/** Drops all but the newest `keep` removals of the folder once there are `slack` more; raises the floor. */
export async function pruneVanished(tx: Tx, folderId: number, keep = VANISHED_KEEP, slack = PRUNE_SLACK): Promise<void> {
  const [over] = await tx.execute<{ modseq: string }>(sql`select modseq from mail_imap_vanished
    where folder_id = ${folderId} and modseq is not null order by modseq desc offset ${keep + slack} limit 1`);
  if (!over) return;
  const [cut] = await tx.execute<{ modseq: string }>(sql`select modseq from mail_imap_vanished
    where folder_id = ${folderId} and modseq is not null order by modseq desc offset ${keep} limit 1`);
  await tx.execute(sql`delete from mail_imap_vanished where folder_id = ${folderId} and modseq <= ${cut.modseq}`);
  await tx.execute(sql`update mail_folders set imap_vanished_floor = greatest(imap_vanished_floor, ${cut.modseq})
    where id = ${folderId}`);
}

/**
 * The UIDs that left the folder with a MODSEQ above `since`, ascending; null when removals that old are no
 * longer known (pruned, or before QRESYNC existed). Read after a snapshot (which handed out the pending ones).
 */
export async function vanishedSince(db: Db, user: ClientUser, folderId: number, since: number): Promise<number[] | null> {
  await mailboxFolder(db, user, folderId);
  const [r] = await db.execute<{ floor: string; uids: string[] }>(sql`
    select f.imap_vanished_floor as floor,
           array(select v.uid from mail_imap_vanished v where v.folder_id = f.id and v.modseq > ${since} order by v.uid) as uids
      from mail_folders f where f.id = ${folderId}`);
  if (!r || since < Number(r.floor)) return null;
  return r.uids.map(Number);
}
