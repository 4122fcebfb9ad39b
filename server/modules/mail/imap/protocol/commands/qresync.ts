// QRESYNC (RFC 7162 §3.2): the SELECT/EXAMINE parameter (QRESYNC (uidvalidity modseq [known-uids
// [seq-match-data]])) and what it answers after the usual responses: VANISHED (EARLIER) for the known UIDs
// that are gone and FETCH (UID FLAGS MODSEQ) for the messages changed since `modseq`; and the VANISHED
// (EARLIER) of UID FETCH ... (CHANGEDSINCE n VANISHED). The store keeps expunged UIDs for a while
// (store/vanished.ts); for a MODSEQ older than that, every known UID not in the mailbox is reported, above
// the last UID whose sequence number the client's seq-match-data shows unchanged (§3.2.5.2). UIDs below the
// newest imapMessageMaxLimit messages a mailbox shows are gone from it, and reported so too.
import { type SequenceSet, parseSequenceSet, textOf } from "../args.ts";
import { flagList } from "../format.ts";
import { ParseError, type Token } from "../parser.ts";
import type { SelectedMailbox } from "../selected.ts";
import type { Session } from "../session.ts";
import { clip, missing, type Ranges, rangesOf, rangesOfUids, union, vanishedLines, within } from "../uid-ranges.ts";

export interface QresyncParam {
  uidValidity: number;
  modseq: number;
  knownUids: SequenceSet | null;
  /** Pairs of (sequence number, UID) the client knows, ascending. */
  seqMatch: [number, number][] | null;
}

/** Most numbers a seq-match-data set may name. */
const MAX_MATCH = 100_000;

function numberOf(t: Token | undefined, what: string, min: number): number {
  const v = t && t.t === "atom" ? t.v : "";
  if (!/^\d{1,19}$/.test(v) || Number(v) < min) throw new ParseError(`QRESYNC: bad ${what}`);
  return Number(v);
}

function expand(t: Token): number[] {
  const out: number[] = [];
  for (const [a, b] of parseSequenceSet(textOf(t))) {
    if (a === Infinity || b === Infinity) throw new ParseError("QRESYNC: * is not allowed in seq-match-data");
    for (let n = Math.min(a, b); n <= Math.max(a, b); n++) {
      if (out.length >= MAX_MATCH) throw new ParseError("QRESYNC: seq-match-data is too large");
      out.push(n);
    }
  }
  return out;
}

/** The list after the QRESYNC select parameter. */
export function parseQresync(t: Token | undefined): QresyncParam {
  if (!t || t.t !== "list") throw new ParseError("QRESYNC needs a parenthesised list");
  const v = t.v;
  const p: QresyncParam = { uidValidity: numberOf(v[0], "uidvalidity", 1), modseq: numberOf(v[1], "mod-sequence", 0), knownUids: null, seqMatch: null };
  let i = 2;
  if (v[i]?.t === "atom") p.knownUids = parseSequenceSet(textOf(v[i++]));
  if (v[i]?.t === "list") {
    const m = (v[i++] as { v: Token[] }).v;
    if (m.length !== 2) throw new ParseError("QRESYNC: seq-match-data is (sequence-set uid-set)");
    const seqs = expand(m[0]), uids = expand(m[1]);
    if (seqs.length !== uids.length) throw new ParseError("QRESYNC: seq-match-data sets differ in length");
    p.seqMatch = seqs.map((seq, k) => [seq, uids[k]]);
  }
  if (i !== v.length) throw new ParseError("QRESYNC: unexpected data");
  return p;
}

/** The highest UID up to which the client's sequence numbers still match the mailbox's (0: none). */
function matchedUpTo(uids: number[], pairs: [number, number][] | null): number {
  let upTo = 0;
  for (const [seq, uid] of pairs ?? []) {
    if (uids[seq - 1] !== uid) break;
    upTo = uid;
  }
  return upTo;
}

/** After SELECT/EXAMINE's responses, when the UIDVALIDITY is the client's: VANISHED (EARLIER) and FETCH. */
export async function resync(s: Session, sel: SelectedMailbox, p: QresyncParam, windowFull: boolean): Promise<void> {
  const known: Ranges = rangesOf(p.knownUids ?? [[1, Infinity]], sel.uidNext - 1);
  const vanished = await s.store.vanished(s.me, sel.info.folderId, p.modseq);
  let gone: Ranges = vanished
    ? rangesOfUids(within(vanished.filter((u) => !sel.meta.has(u)), known))
    : missing(clip(known, matchedUpTo(sel.uids, p.seqMatch) + 1, Infinity), sel.uids);
  // The mailbox shows only the newest messages: older UIDs the client knows are gone from it.
  if (windowFull && sel.uids.length) gone = union(gone, clip(known, 1, sel.uids[0] - 1));
  for (const line of vanishedLines(gone, true)) await s.send(line);
  for (const [i, uid] of sel.uids.entries()) {
    const m = sel.meta.get(uid)!;
    if (m.modseq <= p.modseq || !within([uid], known).length) continue;
    await s.send(`${i + 1} FETCH (UID ${uid} FLAGS ${flagList(sel.flagsOf(uid, m.flags))} MODSEQ (${m.modseq}))`);
  }
}

/** UID FETCH ... (CHANGEDSINCE n VANISHED): the UIDs of the set expunged since n, before the FETCH responses. */
export async function vanishedSince(s: Session, sel: SelectedMailbox, set: SequenceSet, since: number): Promise<void> {
  const ranges = rangesOf(set, sel.uidNext - 1);
  const vanished = await s.store.vanished(s.me, sel.info.folderId, since);
  // UIDs still in the session's view are reported (VANISHED) by the update after the command.
  const gone = vanished ? rangesOfUids(within(vanished.filter((u) => !sel.meta.has(u)), ranges)) : missing(ranges, sel.uids);
  for (const line of vanishedLines(gone, true)) await s.send(line);
}
