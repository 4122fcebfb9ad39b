// The SEARCH keys answered from a message's raw header rather than from columns (search.ts asks for them):
// - HEADER fields without a column, and any field with an empty value ("has the field", RFC 3501 §6.4.4);
// - FROM, TO, CC, BCC: a substring of the whole field, raw or with its encoded words decoded, so every
//   address of the list counts, group names and their members too (the columns keep the parsed addresses
//   only, the From column only the first);
// - SENTBEFORE, SENTON, SENTSINCE: the calendar day the Date header itself names, in its own time zone
//   ("disregarding time and timezone"), as the store's Date reader reads it (store/mail-date.ts); a message
//   without a readable Date header falls back to its internal date's day (UTC).
// The header block is read as the store reads it (store/raw-headers.ts): raw 8-bit text in the charset the
// message declares (EUC-KR from older Korean clients) is found by a UTF-8 search, as it shows on the web.
import { decodeWords } from "postal-mime";
import { readMailDate } from "../../store/mail-date.ts";
import { readableHeaderBlock } from "../../store/raw-headers.ts";
import type { SearchKey } from "./types.ts";

export const ADDRESS_FIELDS = new Set(["from", "to", "cc", "bcc"]);
export const COLUMN_FIELDS = new Set(["from", "to", "cc", "bcc", "subject"]);

export type HeaderKey = Extract<SearchKey, { type: "header" }>;
export type SentKey = Extract<SearchKey, { type: "date" }>;
export type RawKey = HeaderKey | SentKey;

/** Whether a key needs the raw header. */
export function isRawKey(key: SearchKey): boolean {
  if (key.type === "date") return key.which === "sent";
  if (key.type !== "header") return false;
  const field = key.field.toLowerCase();
  return key.value === "" || !COLUMN_FIELDS.has(field) || ADDRESS_FIELDS.has(field);
}

/** The keys of the tree that need the raw header. */
export function rawKeys(key: SearchKey, out: RawKey[] = []): RawKey[] {
  if (isRawKey(key)) out.push(key as RawKey);
  else if (key.type === "not") rawKeys(key.key, out);
  else if (key.type === "or") {
    rawKeys(key.left, out);
    rawKeys(key.right, out);
  } else if (key.type === "and") key.keys.forEach((k) => rawKeys(k, out));
  return out;
}

/** The header bytes read for a search, at most: bounded work per candidate whatever a message holds. */
const HEADER_SEARCH_BYTES = 256 * 1024;

/** The unfolded header fields of a raw message, by lower-case name. */
export function headerFields(raw: Uint8Array): Map<string, string[]> {
  const head = readableHeaderBlock(raw.subarray(0, HEADER_SEARCH_BYTES)).replace(/\r?\n[ \t]+/g, " ");
  const out = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  return out;
}

function decoded(value: string): string {
  try {
    return decodeWords(value);
  } catch {
    return value;
  }
}

/** Whether one message (its header fields and internal date) matches a raw key. */
export function matchesRaw(key: RawKey, fields: Map<string, string[]>, internalDate: Date): boolean {
  if (key.type === "date") {
    const date = fields.get("date")?.[0];
    const day = readMailDate(date)?.day ?? internalDate.toISOString().slice(0, 10);
    return key.op === "before" ? day < key.date : key.op === "on" ? day === key.date : day >= key.date;
  }
  const values = fields.get(key.field.toLowerCase());
  if (!values) return false;
  if (key.value === "") return true;
  const wanted = key.value.toLowerCase();
  return values.some((v) => v.toLowerCase().includes(wanted) || decoded(v).toLowerCase().includes(wanted));
}
