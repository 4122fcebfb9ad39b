// SEARCH: a parsed key becomes one condition over the folder's mails with the UIDs in `within`.
// - Flags, internal dates, sizes and MODSEQ are columns of mails (\Seen = read, \Flagged = important, \Draft
//   also in the Drafts folder, the rest imap_flags). RECENT, NEW and OLD are resolved by the session (it knows
//   what is recent to it: protocol/commands/search.ts resolveRecent); here NEW is unseen, OLD everything.
// - SUBJECT is a case-insensitive substring (RFC 3501) of the stored subject; FROM, TO, CC and BCC of the
//   stored addresses or of the whole raw field (search-raw.ts: every address, groups too).
// - BODY and TEXT use the web's search index (search/service.ts wordMatches over mails.search_vector, Korean
//   by two-character grams): a mail matches when it is what the web's search finds for the value (every
//   word, as the web matches words), or when the value is a plain substring of the text, which answers what
//   a word index cannot (the middle of a word, punctuation).
// - Any other HEADER field, an empty value ("has the field"), the address fields and the SENT* dates (the
//   Date header's own day) are looked up in the raw header of the candidates (search-raw.ts; at most
//   IMAP_MESSAGE_MAX_LIMIT of them, the window a mailbox shows at most): a list of mail ids in the condition.
import { type SQL, sql } from "drizzle-orm";
import { mailMessages, mails } from "../../../../../db/schema/mail.ts";
import { IMAP_MESSAGE_MAX_LIMIT } from "../../../../../shared/mail/clients.ts";
import type { AppDeps } from "../../../../lib/context.ts";
import { containsPattern } from "../../../../lib/like.ts";
import type { SearchOptions } from "../../../../../shared/mail/search.ts";
import { wordMatches } from "../../search/service.ts";
import { bigints, mailboxFolder } from "./access.ts";
import { canonicalFlag } from "./meta.ts";
import { headerFields, isRawKey, matchesRaw, type RawKey, rawKeys } from "./search-raw.ts";
import type { ClientUser, SearchKey } from "./types.ts";
import { handOut } from "./uids.ts";
import { messageBytes } from "../../store/message-bytes.ts";



/** A condition on the mail's stored message, looked up by its key. */
function onMessage(cond: SQL): SQL {
  return sql`exists (select 1 from ${mailMessages} where ${mailMessages.id} = ${mails.messageId} and ${cond} offset 0)`;
}

function addressesLike(field: string, p: string): SQL {
  const col = field === "to" ? mailMessages.to : field === "cc" ? mailMessages.cc : mailMessages.bcc;
  return sql`exists (select 1 from jsonb_array_elements(${col}) e where e->>'name' ilike ${p} or e->>'address' ilike ${p})`;
}

function columnHeader(field: string, value: string): SQL {
  const p = containsPattern(value);
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
  const p = containsPattern(value);
  return onMessage(sql`(${mailMessages.subject} ilike ${p} or ${mailMessages.textBody} ilike ${p}
    or ${mailMessages.fromName} ilike ${p} or ${mailMessages.fromAddress} ilike ${p}
    or ${addressesLike("to", p)} or ${addressesLike("cc", p)})`);
}

function dateOf(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "1970-01-01";
}

/** The raw-header matches of the keys search-raw.ts answers: key → matching mail ids. */
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
      const rawHits = sql`${mails.id} = any(${bigints(hits.get(key) ?? [])})`;
      if (!isRawKey(key)) return columnHeader(key.field.toLowerCase(), key.value);
      if (key.value === "") return rawHits;
      // An address field: the parsed addresses (decoded names) or the whole raw field.
      return key.field.toLowerCase() === "subject" ? rawHits : sql`(${columnHeader(key.field.toLowerCase(), key.value)} or ${rawHits})`;
    }
    case "body":
      return indexed(key.value, "content", onMessage(sql`${mailMessages.textBody} ilike ${containsPattern(key.value)}`));
    case "text":
      return indexed(key.value, "all", textSubstring(key.value));
    case "date": {
      if (key.which === "sent") return sql`${mails.id} = any(${bigints(hits.get(key) ?? [])})`;
      const op = key.op === "before" ? sql`<` : key.op === "on" ? sql`=` : sql`>=`;
      return sql`(${mails.receivedAt} at time zone 'UTC')::date ${op} ${dateOf(key.date)}::date`;
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

export function createSearch(deps: AppDeps) {
  const { db } = deps;
  return async (user: ClientUser, folderId: number, key: SearchKey, within: number[]): Promise<number[]> => {
    const folder = await mailboxFolder(db, user, folderId);
    if (!within.length) return [];
    await handOut(db, user, folderId);
    const scope = sql`${mails.folderId} = ${folderId} and ${mails.userId} = ${user.userId} and ${mails.uid} = any(${bigints(within)})`;
    const hits: HeaderHits = new Map();
    const raw: RawKey[] = rawKeys(key).map((k) => k.type === "date" ? { ...k, date: dateOf(k.date) } : k);
    const byKey = new Map(rawKeys(key).map((k, i) => [k as SearchKey, raw[i]]));
    if (raw.length) {
      const candidates = await db.execute<{ id: string; blob_key: string; header_prefix: string | null; received_at: string | Date }>(sql`select ${mails.id} as id,
          ${mailMessages.blobKey} as blob_key, ${mailMessages.headerPrefix} as header_prefix, ${mails.receivedAt} as received_at
        from ${mails} join ${mailMessages} on ${mailMessages.id} = ${mails.messageId}
        where ${scope} order by ${mails.uid} desc limit ${IMAP_MESSAGE_MAX_LIMIT}`);
      for (const k of byKey.keys()) hits.set(k, []);
      for (const c of candidates) {
        const fields = headerFields(await messageBytes(deps.blobs, { blobKey: c.blob_key, headerPrefix: c.header_prefix }));
        for (const [k, r] of byKey) if (matchesRaw(r, fields, new Date(c.received_at))) hits.get(k)!.push(Number(c.id));
      }
    }
    const rows = await db.execute<{ uid: string }>(sql`select ${mails.uid} as uid from ${mails}
      where ${scope} and (${conditionOf(key, folder.folderType === "DRAFTS", hits)}) order by ${mails.uid}`);
    return rows.map((r) => Number(r.uid));
  };
}
