// IMAP flags of a mail, from where the suite keeps them: \Seen is mails.read and \Flagged mails.important
// (so the web and IMAP show the same state), \Draft is implied in the Drafts folder, and everything else a
// client sets (\Answered, \Deleted, \Draft elsewhere, $Forwarded, keywords) is kept in mails.imap_flags.
// \Recent is never stored (every session sees no message as recent).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../../db/client.ts";
import { bigints } from "./access.ts";
import type { MessageMeta } from "./types.ts";

const SYSTEM_FLAGS = ["\\Seen", "\\Flagged", "\\Draft", "\\Answered", "\\Deleted", "\\Recent"];

/** A flag as stored: system flags in their canonical case, keywords as given. */
export function canonicalFlag(flag: string): string {
  return SYSTEM_FLAGS.find((f) => f.toLowerCase() === flag.toLowerCase()) ?? flag;
}

export type MetaRow = {
  id: string | number;
  uid: string | number;
  modseq: string | number | null;
  read: boolean;
  important: boolean;
  imap_flags: string[];
};

/** The columns (of mails, unaliased) a MetaRow is read from. */
export const META_COLUMNS = sql`mails.id, mails.uid, mails.modseq, mails.read, mails.important, mails.imap_flags`;

export function flagsOf(row: Pick<MetaRow, "read" | "important" | "imap_flags">, inDrafts: boolean): string[] {
  const out: string[] = [];
  if (row.read) out.push("\\Seen");
  if (row.important) out.push("\\Flagged");
  if (inDrafts) out.push("\\Draft");
  for (const f of row.imap_flags) if (!out.includes(f)) out.push(f);
  return out;
}

/** A row's MessageMeta; a MODSEQ not handed out yet (its row was busy: uids.ts) reads as the folder's highest. */
export function metaOf(row: MetaRow, inDrafts: boolean, highestModseq: number): MessageMeta {
  return {
    uid: Number(row.uid),
    mailId: Number(row.id),
    modseq: row.modseq === null ? highestModseq : Number(row.modseq),
    flags: flagsOf(row, inDrafts),
  };
}

/** The folder's highest MODSEQ and UIDNEXT as committed now. */
export async function folderCounters(db: DbOrTx, folderId: number): Promise<{ uidNext: number; highestModseq: number }> {
  const [f] = await db.execute<{ uid_next: string; highest_modseq: string }>(
    sql`select uid_next, highest_modseq from mail_folders where id = ${folderId}`,
  );
  return { uidNext: Number(f?.uid_next ?? 1), highestModseq: Number(f?.highest_modseq ?? 1) };
}

/** The metas of these mails of the folder (those with a UID), ascending by UID. */
export async function metasByIds(db: DbOrTx, folderId: number, ids: number[], inDrafts: boolean): Promise<MessageMeta[]> {
  if (!ids.length) return [];
  const rows = await db.execute<MetaRow>(sql`select ${META_COLUMNS} from mails
    where mails.folder_id = ${folderId} and mails.id = any(${bigints(ids)}) and mails.uid is not null order by mails.uid`);
  const { highestModseq } = await folderCounters(db, folderId);
  return rows.map((r) => metaOf(r, inDrafts, highestModseq));
}
