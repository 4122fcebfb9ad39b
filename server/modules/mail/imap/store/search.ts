// SEARCH: a parsed key becomes one condition over the folder's mails with the UIDs in `within`.
// - Flags, dates, sizes and MODSEQ are columns of mails (\Seen = read, \Flagged = important, \Draft also in
//   the Drafts folder, the rest imap_flags); NEW is unseen, OLD is everything and RECENT nothing (no \Recent).
// - FROM, TO, CC, BCC and SUBJECT are case-insensitive substrings (RFC 3501) of the stored message's columns.
// - BODY and TEXT use the web's search index (search/service.ts wordMatches over mails.search_vector, Korean
//   by two-character grams): a mail matches when it is what the web's search finds for the value (every
//   word, as the web matches words), or when the value is a plain substring of the text, which answers what
//   a word index cannot (the middle of a word, punctuation).
// - Any other HEADER field is looked up in the raw header of the candidates (at most IMAP_MESSAGE_MAX_LIMIT
//   of them, the window a mailbox shows at most), and becomes a list of mail ids in the condition.
import { type SQL, sql } from "drizzle-orm";
import { mailMessages, mails } from "../../../../../db/schema/mail.ts";
import { IMAP_MESSAGE_MAX_LIMIT } from "../../../../../shared/mail/clients.ts";
import type { AppDeps } from "../../../../lib/context.ts";
import type { SearchOptions } from "../../../../../shared/mail/search.ts";
import { wordMatches } from "../../search/service.ts";
import { bigints, mailboxFolder } from "./access.ts";
import { canonicalFlag } from "./meta.ts";
import type { ClientUser, SearchKey } from "./types.ts";
import { handOut } from "./uids.ts";

const ADDRESS_FIELDS = new Set(["from", "to", "cc", "bcc"]);
const COLUMN_FIELDS = new Set(["from", "to", "cc", "bcc", "subject"]);

function likeOf(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A condition on the mail's stored message, looked up by its key. */
function onMessage(cond: SQL): SQL {
  return sql`exists (select 1 from ${mailMessages} where ${mailMessages.id} = ${mails.messageId} and ${cond} offset 0)`;
}

function addressesLike(field: string, p: string): SQL {
  const col = field === "to" ? mailMessages.to : field === "cc" ? mailMessages.cc : mailMessages.bcc;
  return sql`exists (select 1 from jsonb_array_elements(${col}) e where e->>'name' ilike ${p} or e->>'address' ilike ${p})`;
}

function columnHeader(field: string, value: string): SQL {
  const p = likeOf(value);
  if (field === "subject") return onMessage(sql`${mailMessages.subject} ilike ${p}`);
  if (field === "from") return onMessage(sql`(${mailMessages.fromName} ilike ${p} or ${mailMessages.fromAddress} ilike ${p})`);
  return onMessage(addressesLike(field, p));
}

/** The web's index match for the value over these parts, or the plain substring of `substring`. */
function indexed(value: string, type: "all" | "content", substring: SQL): SQL {
  const words = wordMatches({ query: value, type } as SearchOptions);
  if (!words.length) return substring;
  const index = sql`(${mails.searchVector} @@ ${words.map((w) => `(${w.tsquery})`).join(" & ")}::tsquery ${
    sql.join(words.map((w) => w.check ? sql` and ${w.check}` : sql``), sql``)
  })`;
  return sql`(${index} or ${substring})`;
}

function textSubstring(value: string): SQL {
  const p = likeOf(value);
  return onMessage(sql`(${mailMessages.subject} ilike ${p} or ${mailMessages.textBody} ilike ${p}
    or ${mailMessages.fromName} ilike ${p} or ${mailMessages.fromAddress} ilike ${p}
    or ${addressesLike("to", p)} or ${addressesLike("cc", p)})`);
}

function dateOf(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "1970-01-01";
}

/** The raw-header matches of the key's HEADER fields other than the column ones: key → matching mail ids. */
type HeaderHits = Map<SearchKey, number[]>;

function conditionOf(key: SearchKey, inDrafts: boolean, hits: HeaderHits): SQL {
  switch (key.type) {
    case "all":
    case "old":
      return sql`true`;
    case "recent":
      return sql`false`;
    case "new":
      return sql`not ${mails.read}`;
    case "uids":
      return sql`${mails.uid} = any(${bigints(key.uids)})`;
    case "flag": {
      const flag = canonicalFlag(key.flag);
      let cond: SQL;
      if (flag === "\\Seen") cond = sql`${mails.read}`;
      else if (flag === "\\Flagged") cond = sql`${mails.important}`;
      else if (flag === "\\Recent") cond = sql`false`;
      else if (flag === "\\Draft" && inDrafts) cond = sql`true`;
      else cond = sql`${flag}::text = any(${mails.imapFlags})`;
      return key.set ? cond : sql`not (${cond})`;
    }
    case "header": {
      const field = key.field.toLowerCase();
      if (COLUMN_FIELDS.has(field) && (key.value !== "" || !ADDRESS_FIELDS.has(field))) return columnHeader(field, key.value);
      return sql`${mails.id} = any(${bigints(hits.get(key) ?? [])})`;
    }
    case "body":
      return indexed(key.value, "content", onMessage(sql`${mailMessages.textBody} ilike ${likeOf(key.value)}`));
    case "text":
      return indexed(key.value, "all", textSubstring(key.value));
    case "date": {
      const day = dateOf(key.date);
      const col = key.which === "internal" ? sql`(${mails.receivedAt} at time zone 'UTC')::date` : sql`(${mailMessages.sentAt} at time zone 'UTC')::date`;
      const op = key.op === "before" ? sql`<` : key.op === "on" ? sql`=` : sql`>=`;
      const cond = sql`${col} ${op} ${day}::date`;
      return key.which === "internal" ? cond : onMessage(cond);
    }
    case "size":
      return key.op === "larger" ? sql`${mails.size} > ${key.size}` : sql`${mails.size} < ${key.size}`;
    case "modseq":
      return sql`coalesce(${mails.modseq}, 9223372036854775807) >= ${key.modseq}`;
    case "not":
      return sql`not (${conditionOf(key.key, inDrafts, hits)})`;
    case "or":
      return sql`((${conditionOf(key.left, inDrafts, hits)}) or (${conditionOf(key.right, inDrafts, hits)}))`;
    case "and":
      return key.keys.length ? sql`(${sql.join(key.keys.map((k) => sql`(${conditionOf(k, inDrafts, hits)})`), sql` and `)})` : sql`true`;
  }
}

/** HEADER keys answered from the raw header (fields without a column, or an empty value = "has the field"). */
function rawHeaderKeys(key: SearchKey, out: Extract<SearchKey, { type: "header" }>[] = []) {
  if (key.type === "header") {
    const field = key.field.toLowerCase();
    if (!COLUMN_FIELDS.has(field) || (key.value === "" && ADDRESS_FIELDS.has(field))) out.push(key);
  } else if (key.type === "not") rawHeaderKeys(key.key, out);
  else if (key.type === "or") {
    rawHeaderKeys(key.left, out);
    rawHeaderKeys(key.right, out);
  } else if (key.type === "and") key.keys.forEach((k) => rawHeaderKeys(k, out));
  return out;
}

/** The unfolded header fields of a raw message, by lower-case name. */
export function headerFields(raw: Uint8Array): Map<string, string[]> {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(raw.subarray(0, Math.min(raw.length, 256 * 1024)));
  const end = text.search(/\r?\n\r?\n/);
  const head = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const out = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  return out;
}

export function createSearch(deps: AppDeps) {
  const { db } = deps;
  return async (user: ClientUser, folderId: number, key: SearchKey, within: number[]): Promise<number[]> => {
    const folder = await mailboxFolder(db, user, folderId);
    if (!within.length) return [];
    await handOut(db, user, folderId);
    const scope = sql`${mails.folderId} = ${folderId} and ${mails.userId} = ${user.userId} and ${mails.uid} = any(${bigints(within)})`;
    const hits: HeaderHits = new Map();
    const headerKeys = rawHeaderKeys(key);
    if (headerKeys.length) {
      const candidates = await db.execute<{ id: string; blob_key: string }>(sql`select ${mails.id} as id, ${mailMessages.blobKey} as blob_key
        from ${mails} join ${mailMessages} on ${mailMessages.id} = ${mails.messageId}
        where ${scope} order by ${mails.uid} desc limit ${IMAP_MESSAGE_MAX_LIMIT}`);
      for (const k of headerKeys) hits.set(k, []);
      for (const c of candidates) {
        const fields = headerFields(await deps.blobs.get(c.blob_key));
        for (const k of headerKeys) {
          const values = fields.get(k.field.toLowerCase());
          if (values && values.some((v) => v.toLowerCase().includes(k.value.toLowerCase()))) hits.get(k)!.push(Number(c.id));
        }
      }
    }
    const rows = await db.execute<{ uid: string }>(sql`select ${mails.uid} as uid from ${mails}
      where ${scope} and (${conditionOf(key, folder.folderType === "DRAFTS", hits)}) order by ${mails.uid}`);
    return rows.map((r) => Number(r.uid));
  };
}
