// STORE and the implicit \Seen of a FETCH BODY[]: flags set, added or removed on messages by UID. \Seen and
// \Flagged land in mails.read (with read_at and read receipts, as the web's setRead does) and
// mails.important, so the web shows them at once; the rest goes to mails.imap_flags (meta.ts); \Recent and
// an implied \Draft in the Drafts folder are never stored. The mails are locked in id order first (as the
// web's actions lock theirs), CONDSTORE's UNCHANGEDSINCE is checked against each locked row, the changed
// rows are written, and after the commit the new MODSEQs are handed out before the answer is read.
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../../lib/context.ts";
import { markReceiptsRead } from "../../reading/repo.ts";
import { bigints, mailboxFolder } from "./access.ts";
import { canonicalFlag, metasByIds } from "./meta.ts";
import type { ClientUser, MessageMeta, StoreOperation, StoreResult } from "./types.ts";
import { handOut } from "./uids.ts";

type Row = {
  id: string;
  uid: string;
  modseq: string | null;
  read: boolean;
  important: boolean;
  imap_flags: string[];
};

export function createFlags(deps: AppDeps) {
  const { db } = deps;

  const store = async (
    user: ClientUser,
    folderId: number,
    uids: number[],
    op: StoreOperation,
    flags: string[],
    unchangedSince?: number,
  ): Promise<StoreResult> => {
    const folder = await mailboxFolder(db, user, folderId);
    if (!uids.length) return { changed: [], modified: [] };
    const inDrafts = folder.folderType === "DRAFTS";
    const wanted = [...new Set(flags.map(canonicalFlag))].filter((f) => f !== "\\Recent" && !(inDrafts && f === "\\Draft"));
    const has = (f: string) => wanted.includes(f);
    const others = wanted.filter((f) => f !== "\\Seen" && f !== "\\Flagged");
    // Messages a MODSEQ was never handed out to cannot be compared: hand out first.
    if (unchangedSince !== undefined) await handOut(db, user, folderId);
    const now = deps.clock.now();

    const { changedIds, modified } = await db.transaction(async (tx) => {
      const rows = await tx.execute<Row>(sql`select id, uid, modseq, read, important, imap_flags from mails
        where folder_id = ${folderId} and user_id = ${user.userId} and uid = any(${bigints(uids)})
        order by id for update`);
      const modified: number[] = [];
      const ids: number[] = [];
      const reads: boolean[] = [];
      const importants: boolean[] = [];
      const imapFlags: string[][] = [];
      for (const r of rows) {
        // A row changed since its MODSEQ was handed out (null) has a newer, not yet numbered change.
        if (unchangedSince !== undefined && (r.modseq === null || Number(r.modseq) > unchangedSince)) {
          modified.push(Number(r.uid));
          continue;
        }
        let read = r.read;
        let important = r.important;
        let kept = r.imap_flags;
        if (op === "set") {
          read = has("\\Seen");
          important = has("\\Flagged");
          kept = others;
        } else if (op === "add") {
          read ||= has("\\Seen");
          important ||= has("\\Flagged");
          kept = [...kept, ...others.filter((f) => !kept.includes(f))];
        } else {
          if (has("\\Seen")) read = false;
          if (has("\\Flagged")) important = false;
          kept = kept.filter((f) => !others.includes(f));
        }
        const sameFlags = kept.length === r.imap_flags.length && kept.every((f) => r.imap_flags.includes(f));
        if (read === r.read && important === r.important && sameFlags) continue;
        ids.push(Number(r.id));
        reads.push(read);
        importants.push(important);
        imapFlags.push(kept);
      }
      if (ids.length) {
        await tx.execute(sql`update mails m set
            read = x.read,
            read_at = case when x.read = m.read then m.read_at when x.read then ${now.toISOString()}::timestamptz else null end,
            important = x.important,
            imap_flags = array(select jsonb_array_elements_text(x.flags))
          from unnest(${bigints(ids)}, ${`{${reads.join(",")}}`}::boolean[], ${`{${importants.join(",")}}`}::boolean[],
                      array(select jsonb_array_elements(${JSON.stringify(imapFlags)}::jsonb))) as x(id, read, important, flags)
          where m.id = x.id and m.user_id = ${user.userId}`);
        const newlyRead = ids.filter((id, i) => reads[i] && !rows.find((r) => Number(r.id) === id)!.read);
        await markReceiptsRead(tx, newlyRead, now);
      }
      return { changedIds: ids, modified };
    });

    if (!changedIds.length) return { changed: [], modified };
    await handOut(db, user, folderId);
    return { changed: await metasByIds(db, folderId, changedIds, inDrafts), modified };
  };

  const markSeen = async (user: ClientUser, folderId: number, uids: number[]): Promise<MessageMeta[]> =>
    (await store(user, folderId, uids, "add", ["\\Seen"])).changed;

  return { store, markSeen };
}
