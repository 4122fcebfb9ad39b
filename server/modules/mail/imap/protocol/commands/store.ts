// STORE / UID STORE: FLAGS, +FLAGS, -FLAGS (.SILENT), with (UNCHANGEDSINCE n) of CONDSTORE answering
// [MODIFIED set] for the messages left alone. Untagged FETCH reports the new flags (and MODSEQ once
// CONDSTORE is on; with .SILENT only the MODSEQ, RFC 7162 §3.2), with the UID too once QRESYNC is on.
import { type Args, flagsOf, parseSequenceSet, resolveSet, textOf } from "../args.ts";
import { flagList, numberSet } from "../format.ts";
import { ParseError } from "../parser.ts";
import { no, type Session } from "../session.ts";

export async function store(s: Session, a: Args, c: { byUid: boolean }): Promise<string> {
  const sel = s.mailbox;
  const set = parseSequenceSet(a.atom("sequence set"));
  let unchangedSince: number | undefined;
  if (a.peek()?.t === "list") {
    const mods = a.list("store modifiers");
    if (mods.length !== 2 || textOf(mods[0]).toUpperCase() !== "UNCHANGEDSINCE" || !/^\d+$/.test(textOf(mods[1]))) {
      throw new ParseError("bad store modifier");
    }
    unchangedSince = Number(textOf(mods[1]));
    s.condstore = true;
  }
  const m = /^([+-]?)FLAGS(\.SILENT)?$/i.exec(a.atom("store item"));
  if (!m) throw new ParseError("expected FLAGS, +FLAGS or -FLAGS");
  const op = m[1] === "+" ? "add" : m[1] === "-" ? "remove" : "set";
  const silent = !!m[2];
  const flags = flagsOf(a.peek()?.t === "list" ? a.list("flags") : a.rest());
  a.end();
  if (sel.readOnly) throw no("[READ-ONLY] Mailbox is read-only");
  const uids = resolveSet(set, sel.uids, c.byUid);
  if (!uids.length) return `OK ${c.byUid ? "UID STORE" : "STORE"} completed`;
  const result = await s.store.store(s.me, sel.info.folderId, uids, op, flags, unchangedSince);
  sel.update(result.changed);
  for (const line of sel.keywordLines(result.changed)) await s.send(line);
  for (const meta of result.changed) {
    const seq = sel.seqOf(meta.uid);
    if (!seq) continue;
    const parts: string[] = [];
    if (c.byUid || s.qresync) parts.push(`UID ${meta.uid}`);
    if (!silent) parts.push(`FLAGS ${flagList(sel.flagsOf(meta.uid, meta.flags))}`);
    if (s.condstore) parts.push(`MODSEQ (${meta.modseq})`);
    if (parts.length > (c.byUid || s.qresync ? 1 : 0)) await s.send(`${seq} FETCH (${parts.join(" ")})`);
  }
  const name = c.byUid ? "UID STORE" : "STORE";
  if (result.modified.length) {
    const numbers = c.byUid ? result.modified : result.modified.map((u) => sel.seqOf(u)).filter((n) => n > 0);
    return `OK [MODIFIED ${numberSet(numbers.sort((x, y) => x - y))}] Conditional ${name} failed for some messages`;
  }
  return `OK ${name} completed`;
}
