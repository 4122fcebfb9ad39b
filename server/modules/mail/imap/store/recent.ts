// \Recent (RFC 3501 §2.3.2): a message is recent to the first session that is told about it, and to no other.
// Each folder keeps, in mail_folders.imap_recent_uid, the highest UID already given out as recent ("the
// mark"). A session that selects a mailbox or learns of new messages claims the UIDs above it and raises it,
// in one statement under the folder row's lock, so two sessions never both get a UID, on one server instance
// or on several. EXAMINE and STATUS only look.
//
// UIDs are handed out lazily (uids.ts), in increasing order, only when some session looks: a mail filed
// (SMTP, web, another client's COPY) while no session looked gets its UID above the mark and is recent to the
// first session that sees it, across restarts too. A new folder starts at 0: its first mails are recent.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../../db/client.ts";

/** The folder's mark: UIDs above it are recent (not yet given to a session). */
async function recentMark(db: DbOrTx, folderId: number): Promise<number> {
  const [f] = await db.execute<{ mark: string }>(sql`select imap_recent_uid as mark from mail_folders where id = ${folderId}`);
  return f ? Number(f.mark) : Number.MAX_SAFE_INTEGER;
}

/**
 * The UIDs among `uids` that are recent: above the folder's mark. With `claim` they become this caller's
 * (the mark moves past them, atomically against other sessions' claims); without it (EXAMINE, STATUS)
 * nothing changes.
 */
export async function recentAmong(db: DbOrTx, folderId: number, uids: number[], claim: boolean): Promise<number[]> {
  const seen = await recentMark(db, folderId);
  const top = uids.reduce((m, u) => Math.max(m, u), 0);
  if (top <= seen) return [];
  if (!claim) return uids.filter((u) => u > seen);
  // The lock makes a concurrent claim wait and then read the mark this one left (READ COMMITTED reads the
  // newest version of a row it had to wait for). It is taken with nothing else held, so it cannot deadlock.
  const [r] = await db.execute<{ mark: string }>(sql`
    with old as (select imap_recent_uid as mark from mail_folders where id = ${folderId} for no key update),
         raised as (update mail_folders f set imap_recent_uid = ${top} from old
                     where f.id = ${folderId} and old.mark < ${top} returning 1)
    select mark from old`);
  if (!r) return [];
  const mark = Number(r.mark);
  return uids.filter((u) => u > mark);
}
