// Reading a mailbox's state: snapshot (SELECT/EXAMINE, and after every change a session notices), status
// (STATUS), fingerprint (the cheap change check of IDLE and NOOP) and load (FETCH). Each hands out the
// pending UIDs and MODSEQs first (uids.ts), then reads the messages, then the folder's counters: read in
// that order, UIDNEXT is always above every UID listed and HIGHESTMODSEQ at least every MODSEQ listed.
// A mailbox shows at most `limit` (the user's imapMessageMaxLimit) newest messages by UID.
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../../lib/context.ts";
import { bigints, mailboxFolder } from "./access.ts";
import { folderCounters, META_COLUMNS, metaOf, type MetaRow } from "./meta.ts";
import type { ClientUser, MailboxFingerprint, MailboxSnapshot, MessageData } from "./types.ts";
import { handOut } from "./uids.ts";
import { messageBytes } from "../../store/message-bytes.ts";

const clampLimit = (limit: number) => Math.max(1, Math.min(Math.trunc(limit) || 1, 1_000_000));

export function createSnapshots(deps: AppDeps) {
  const { db } = deps;

  const snapshot = async (user: ClientUser, folderId: number, limit: number): Promise<MailboxSnapshot> => {
    const folder = await mailboxFolder(db, user, folderId);
    await handOut(db, user, folderId);
    const rows = await db.execute<MetaRow>(sql`select * from (
        select ${META_COLUMNS} from mails
         where mails.folder_id = ${folderId} and mails.user_id = ${user.userId} and mails.uid is not null
         order by mails.uid desc limit ${clampLimit(limit)}) w
      order by w.uid`);
    const counters = await folderCounters(db, folderId);
    const inDrafts = folder.folderType === "DRAFTS";
    const messages = rows.map((r) => metaOf(r, inDrafts, counters.highestModseq));
    return {
      folderId,
      uidValidity: folder.id,
      uidNext: counters.uidNext,
      highestModseq: counters.highestModseq,
      messages,
      unseen: rows.filter((r) => !r.read).length,
    };
  };

  const status = async (user: ClientUser, folderId: number, limit: number) => {
    const folder = await mailboxFolder(db, user, folderId);
    await handOut(db, user, folderId);
    // Recent: above the folder's mark (recent.ts), looked at without being taken.
    const [w] = await db.execute<{ n: string; unseen: string; size: string; recent: string }>(sql`
      select count(*) as n, count(*) filter (where not w.read) as unseen, coalesce(sum(w.size), 0) as size,
             count(*) filter (where w.uid > (select imap_recent_uid from mail_folders where id = ${folderId})) as recent from (
        select mails.read, mails.size, mails.uid from mails
         where mails.folder_id = ${folderId} and mails.user_id = ${user.userId} and mails.uid is not null
         order by mails.uid desc limit ${clampLimit(limit)}) w`);
    const counters = await folderCounters(db, folderId);
    return {
      messages: Number(w.n),
      recent: Number(w.recent),
      uidNext: counters.uidNext,
      uidValidity: folder.id,
      unseen: Number(w.unseen),
      highestModseq: counters.highestModseq,
      size: Number(w.size),
    };
  };

  /**
   * The folder's counters (total, unread, size: kept by the triggers), UIDNEXT, HIGHESTMODSEQ and the set of
   * pending mails (count and a hash sum of their state, over the partial pending index) and the count of
   * pending removals (vanished.ts): a filing, move, delete or flag change anywhere changes at least one of
   * them. One indexed statement, no hand-out.
   */
  const fingerprint = async (user: ClientUser, folderId: number): Promise<MailboxFingerprint> => {
    await mailboxFolder(db, user, folderId);
    const [f] = await db.execute<Record<string, string>>(sql`
      select f.total_count, f.new_count, f.used_size, f.uid_next, f.highest_modseq, p.n, p.s,
             (select count(*) from mail_imap_vanished v where v.folder_id = f.id and v.modseq is null) as v
        from mail_folders f,
             (select count(*) as n,
                     coalesce(sum(hashtext(concat_ws('|', id, folder_id, read, important, tags::text, imap_flags::text))::bigint), 0) as s
                from mails
               where folder_id = ${folderId} and (uid is null or modseq is null)) p
       where f.id = ${folderId}`);
    return [f.total_count, f.new_count, f.used_size, f.uid_next, f.highest_modseq, f.n, f.s, f.v].join(":");
  };

  const load = async (user: ClientUser, folderId: number, uids: number[], loadRaw: boolean): Promise<MessageData[]> => {
    const folder = await mailboxFolder(db, user, folderId);
    if (!uids.length) return [];
    const rows = await db.execute<MetaRow & { size: number; received_at: string | Date; blob_key: string; header_prefix: string | null }>(sql`
      select ${META_COLUMNS}, mails.size, mails.received_at, mail_messages.blob_key, mail_messages.header_prefix
        from mails join mail_messages on mail_messages.id = mails.message_id
       where mails.folder_id = ${folderId} and mails.user_id = ${user.userId} and mails.uid = any(${bigints(uids)})
       order by mails.uid`);
    const { highestModseq } = await folderCounters(db, folderId);
    const inDrafts = folder.folderType === "DRAFTS";
    const out: MessageData[] = [];
    for (const r of rows) {
      const data: MessageData = {
        ...metaOf(r, inDrafts, highestModseq),
        size: Number(r.size),
        internalDate: new Date(r.received_at),
      };
      if (loadRaw) data.raw = await messageBytes(deps.blobs, { blobKey: r.blob_key, headerPrefix: r.header_prefix });
      out.push(data);
    }
    return out;
  };

  return { snapshot, status, fingerprint, load };
}
