// FETCH / UID FETCH: resolves the set to UIDs, loads the messages (raw bytes only when a body, ENVELOPE or
// BODYSTRUCTURE is asked for, in batches), renders each item (message renderer for MIME parts), marks
// \Seen for non-PEEK body fetches through store.markSeen (and then reports FLAGS), and supports
// (CHANGEDSINCE n) of CONDSTORE and UID FETCH's (CHANGEDSINCE n VANISHED) of QRESYNC (qresync.ts). Once
// QRESYNC is enabled every FETCH response carries the UID.
import { Buffer } from "node:buffer";
import { bodyStructure, envelope, type MimeNode, parseMime, section } from "../../message/index.ts";
import type { MessageData, MessageMeta } from "../../store/types.ts";
import { type Args, parseSequenceSet, resolveSet, textOf } from "../args.ts";
import { flagList, internalDate } from "../format.ts";
import { ParseError } from "../parser.ts";
import { bad, type Session } from "../session.ts";
import { type BodyItem, type FetchItems, parseFetchItems } from "./fetch-items.ts";
import { vanishedSince } from "./qresync.ts";

/** Messages loaded with their raw bytes at once. */
const RAW_BATCH = 20;
const META_BATCH = 500;

export async function fetch(s: Session, a: Args, c: { byUid: boolean }): Promise<string> {
  const sel = s.mailbox;
  const set = parseSequenceSet(a.atom("sequence set"));
  const items = parseFetchItems(a.next("fetch items"));
  let changedSince: number | null = null;
  let vanished = false;
  if (!a.done) {
    const mods = a.list("fetch modifiers");
    for (let i = 0; i < mods.length; i++) {
      const name = textOf(mods[i]).toUpperCase();
      if (name === "VANISHED") {
        vanished = true;
        continue;
      }
      if (name !== "CHANGEDSINCE") throw new ParseError(`unknown fetch modifier ${name}`);
      const v = mods[++i];
      if (!v || !/^\d+$/.test(textOf(v))) throw new ParseError("CHANGEDSINCE needs a number");
      changedSince = Number(textOf(v));
    }
  }
  a.end();
  // RFC 7162 §3.2.6: VANISHED only in UID FETCH, with CHANGEDSINCE, once QRESYNC is enabled.
  if (vanished && (!c.byUid || changedSince === null || !s.qresync)) {
    throw bad("VANISHED needs UID FETCH, CHANGEDSINCE and ENABLE QRESYNC");
  }
  if (c.byUid || s.qresync) items.simple.add("UID");
  if (changedSince !== null || items.simple.has("MODSEQ")) {
    s.condstore = true;
    items.simple.add("MODSEQ");
  }
  if (vanished) await vanishedSince(s, sel, set, changedSince!);
  let uids = resolveSet(set, sel.uids, c.byUid);
  if (changedSince !== null) uids = uids.filter((u) => (sel.meta.get(u)?.modseq ?? 0) > changedSince!);

  const needRaw = items.bodies.length > 0 || items.simple.has("ENVELOPE") || items.simple.has("BODYSTRUCTURE") || items.simple.has("BODY");
  const marksSeen = !sel.readOnly && items.bodies.some((b) => b.setsSeen);
  const batch = needRaw ? RAW_BATCH : META_BATCH;
  for (let i = 0; i < uids.length; i += batch) {
    const chunk = uids.slice(i, i + batch);
    const messages = await s.store.load(s.me, sel.info.folderId, chunk, needRaw);
    let seen = new Map<number, MessageMeta>();
    if (marksSeen) {
      const unseen = messages.filter((m) => !m.flags.includes("\\Seen")).map((m) => m.uid);
      if (unseen.length) {
        const changed = await s.store.markSeen(s.me, sel.info.folderId, unseen);
        sel.update(changed);
        seen = new Map(changed.map((m) => [m.uid, m]));
      }
    }
    for (const m of messages) {
      const seq = sel.seqOf(m.uid);
      if (!seq) continue;
      const now = seen.get(m.uid);
      const meta = now ? { ...m, flags: now.flags, modseq: now.modseq } : m;
      if (!now) sel.update([{ uid: m.uid, mailId: m.mailId, flags: m.flags, modseq: m.modseq }]);
      await s.sendBytes(render(seq, { ...meta, flags: sel.flagsOf(m.uid, meta.flags) }, items, !!now));
    }
  }
  return `OK ${c.byUid ? "UID FETCH" : "FETCH"} completed`;
}

function render(seq: number, m: MessageData, items: FetchItems, flagsChanged: boolean): Buffer {
  const parts: (string | Buffer)[] = [];
  const simple = items.simple;
  if (simple.has("UID")) parts.push(`UID ${m.uid}`);
  if (simple.has("FLAGS") || flagsChanged) parts.push(`FLAGS ${flagList(m.flags)}`);
  if (simple.has("MODSEQ")) parts.push(`MODSEQ (${m.modseq})`);
  if (simple.has("INTERNALDATE")) parts.push(`INTERNALDATE ${internalDate(m.internalDate)}`);
  if (simple.has("RFC822.SIZE")) parts.push(`RFC822.SIZE ${m.size}`);
  let node: MimeNode | null = null;
  const tree = () => node ??= parseMime(m.raw ?? new Uint8Array(0));
  if (simple.has("ENVELOPE")) parts.push(`ENVELOPE ${envelope(tree())}`);
  if (simple.has("BODYSTRUCTURE")) parts.push(`BODYSTRUCTURE ${bodyStructure(tree(), true)}`);
  if (simple.has("BODY")) parts.push(`BODY ${bodyStructure(tree(), false)}`);
  for (const b of items.bodies) parts.push(Buffer.concat([Buffer.from(`${b.name} `), bodyBytes(m.raw ?? new Uint8Array(0), tree(), b)]));
  const out: Buffer[] = [Buffer.from(`* ${seq} FETCH (`)];
  parts.forEach((p, i) => {
    if (i) out.push(Buffer.from(" "));
    out.push(typeof p === "string" ? Buffer.from(p, "utf8") : p);
  });
  out.push(Buffer.from(")\r\n"));
  return Buffer.concat(out);
}

function bodyBytes(raw: Uint8Array, node: MimeNode, b: BodyItem): Buffer {
  let bytes = section(raw, node, b.spec);
  if (b.partial) bytes = bytes.subarray(Math.min(b.partial.start, bytes.length), Math.min(b.partial.start + b.partial.length, bytes.length));
  return Buffer.concat([Buffer.from(`{${bytes.length}}\r\n`), Buffer.from(bytes)]);
}
