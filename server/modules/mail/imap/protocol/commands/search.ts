// SEARCH / UID SEARCH: every RFC 3501 §6.4.4 key and MODSEQ (RFC 7162) parsed into the store's SearchKey,
// sequence and UID sets resolved to UIDs here; CHARSET UTF-8 / US-ASCII. Answers sequence numbers or UIDs,
// and with MODSEQ the highest MODSEQ of the found messages.
import type { SearchKey } from "../../store/types.ts";
import { type Args, isSequenceSet, parseSequenceSet, resolveSet, textOf } from "../args.ts";
import { ParseError, type Token } from "../parser.ts";
import { no, type Session } from "../session.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "1-Feb-1994" → "1994-02-01". */
export function searchDate(text: string): string {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) : -1;
  if (!m || month < 0) throw new ParseError(`bad date ${text}`);
  return `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1].padStart(2, "0")}`;
}

const FLAG_KEYS: Record<string, [string, boolean]> = {
  ANSWERED: ["\\Answered", true], UNANSWERED: ["\\Answered", false],
  DELETED: ["\\Deleted", true], UNDELETED: ["\\Deleted", false],
  DRAFT: ["\\Draft", true], UNDRAFT: ["\\Draft", false],
  FLAGGED: ["\\Flagged", true], UNFLAGGED: ["\\Flagged", false],
  SEEN: ["\\Seen", true], UNSEEN: ["\\Seen", false],
};
const DATE_KEYS: Record<string, ["internal" | "sent", "before" | "on" | "since"]> = {
  BEFORE: ["internal", "before"], ON: ["internal", "on"], SINCE: ["internal", "since"],
  SENTBEFORE: ["sent", "before"], SENTON: ["sent", "on"], SENTSINCE: ["sent", "since"],
};
const ADDRESS_KEYS = new Set(["FROM", "TO", "CC", "BCC", "SUBJECT"]);

export interface ParsedSearch {
  key: SearchKey;
  usesModseq: boolean;
}

/** Parses the keys (after CHARSET) against the mailbox's UIDs (for sets). */
export function parseSearch(tokens: Token[], uids: number[]): ParsedSearch {
  let i = 0;
  let usesModseq = false;
  const text = (what: string): string => {
    const t = tokens[i++];
    if (!t) throw new ParseError(`missing ${what}`);
    return textOf(t);
  };
  const one = (): SearchKey => {
    const t = tokens[i++];
    if (!t) throw new ParseError("missing search key");
    if (t.t === "list") {
      const inner = parseSearch(t.v, uids);
      usesModseq ||= inner.usesModseq;
      return inner.key;
    }
    if (t.t === "string") throw new ParseError("unexpected string in search");
    const word = t.v.toUpperCase();
    if (isSequenceSet(t.v)) return { type: "uids", uids: resolveSet(parseSequenceSet(t.v), uids, false) };
    if (FLAG_KEYS[word]) return { type: "flag", flag: FLAG_KEYS[word][0], set: FLAG_KEYS[word][1] };
    if (DATE_KEYS[word]) return { type: "date", which: DATE_KEYS[word][0], op: DATE_KEYS[word][1], date: searchDate(text("date")) };
    if (ADDRESS_KEYS.has(word)) return { type: "header", field: word, value: text("string") };
    switch (word) {
      case "ALL": return { type: "all" };
      case "NEW": return { type: "new" };
      case "OLD": return { type: "old" };
      case "RECENT": return { type: "recent" };
      case "KEYWORD": return { type: "flag", flag: text("keyword"), set: true };
      case "UNKEYWORD": return { type: "flag", flag: text("keyword"), set: false };
      case "HEADER": {
        const field = text("header field");
        return { type: "header", field, value: text("string") };
      }
      case "BODY": return { type: "body", value: text("string") };
      case "TEXT": return { type: "text", value: text("string") };
      case "LARGER":
      case "SMALLER": {
        const n = text("size");
        if (!/^\d+$/.test(n)) throw new ParseError("size must be a number");
        return { type: "size", op: word === "LARGER" ? "larger" : "smaller", size: Number(n) };
      }
      case "UID": return { type: "uids", uids: resolveSet(parseSequenceSet(text("UID set")), uids, true) };
      case "NOT": return { type: "not", key: one() };
      case "OR": {
        const left = one();
        return { type: "or", left, right: one() };
      }
      case "MODSEQ": {
        // MODSEQ ["/flags/\\Seen" all|priv|shared] n: the entry is accepted and ignored (one MODSEQ per message).
        if (tokens[i]?.t === "string") i += 2;
        const n = text("modseq");
        if (!/^\d+$/.test(n)) throw new ParseError("MODSEQ needs a number");
        usesModseq = true;
        return { type: "modseq", modseq: Number(n) };
      }
      default: throw new ParseError(`unknown search key ${t.v}`);
    }
  };
  const keys: SearchKey[] = [];
  while (i < tokens.length) keys.push(one());
  if (!keys.length) throw new ParseError("no search keys");
  return { key: keys.length === 1 ? keys[0] : { type: "and", keys }, usesModseq };
}

/**
 * RECENT, NEW, OLD and KEYWORD \\Recent are this session's business (the store does not know what it was
 * told): they become UID sets of the session's recent messages.
 */
export function resolveRecent(key: SearchKey, recent: number[]): SearchKey {
  const isRecent: SearchKey = { type: "uids", uids: recent };
  switch (key.type) {
    case "recent": return isRecent;
    case "new": return { type: "and", keys: [isRecent, { type: "flag", flag: "\\Seen", set: false }] };
    case "old": return { type: "not", key: isRecent };
    case "flag": return key.flag.toLowerCase() === "\\recent" ? (key.set ? isRecent : { type: "not", key: isRecent }) : key;
    case "not": return { type: "not", key: resolveRecent(key.key, recent) };
    case "or": return { type: "or", left: resolveRecent(key.left, recent), right: resolveRecent(key.right, recent) };
    case "and": return { type: "and", keys: key.keys.map((k) => resolveRecent(k, recent)) };
    default: return key;
  }
}

export async function search(s: Session, a: Args, c: { byUid: boolean }): Promise<string> {
  const sel = s.mailbox;
  const tokens = a.rest();
  if (tokens[0]?.t === "atom" && tokens[0].v.toUpperCase() === "RETURN") throw no("ESEARCH is not supported");
  if (tokens[0]?.t === "atom" && tokens[0].v.toUpperCase() === "CHARSET") {
    const charset = tokens[1] ? textOf(tokens[1]).toUpperCase() : "";
    if (charset !== "UTF-8" && charset !== "US-ASCII") throw no("[BADCHARSET (UTF-8 US-ASCII)] Unsupported charset");
    tokens.splice(0, 2);
  }
  const parsed = parseSearch(tokens, sel.uids);
  if (parsed.usesModseq) s.condstore = true;
  const found = await s.store.search(s.me, sel.info.folderId, resolveRecent(parsed.key, [...sel.recent]), sel.uids);
  const numbers = c.byUid ? found : found.map((u) => sel.seqOf(u)).filter((n) => n > 0);
  let line = `SEARCH${numbers.map((n) => " " + n).join("")}`;
  if (parsed.usesModseq && found.length) {
    const highest = Math.max(...found.map((u) => sel.meta.get(u)?.modseq ?? 0));
    line += ` (MODSEQ ${highest})`;
  }
  await s.send(line);
  return `OK ${c.byUid ? "UID SEARCH" : "SEARCH"} completed`;
}
