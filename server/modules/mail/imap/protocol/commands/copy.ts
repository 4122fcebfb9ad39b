// COPY / UID COPY and MOVE / UID MOVE (RFC 6851) with UIDPLUS COPYUID: COPY answers it in the tagged OK,
// MOVE in an untagged OK before the EXPUNGE (or, with QRESYNC, VANISHED) responses of the moved messages.
import { type Args, parseSequenceSet, resolveSet } from "../args.ts";
import { numberSet } from "../format.ts";
import { no, type Session } from "../session.ts";

async function target(s: Session, a: Args) {
  const set = parseSequenceSet(a.atom("sequence set"));
  const name = a.mailbox();
  a.end();
  const box = await s.store.findMailbox(s.me, name);
  if (!box) throw no("[TRYCREATE] No such mailbox");
  return { set, box };
}

function copyUid(r: { uidValidity: number; pairs: [number, number][] }): string {
  return `COPYUID ${r.uidValidity} ${numberSet(r.pairs.map((p) => p[0]))} ${numberSet(r.pairs.map((p) => p[1]))}`;
}

export async function copy(s: Session, a: Args, c: { byUid: boolean }): Promise<string> {
  const sel = s.mailbox;
  const { set, box } = await target(s, a);
  const uids = resolveSet(set, sel.uids, c.byUid);
  const name = c.byUid ? "UID COPY" : "COPY";
  if (!uids.length) return `OK ${name} completed`;
  const r = await s.store.copy(s.me, sel.info.folderId, uids, box.folderId);
  return r.pairs.length ? `OK [${copyUid(r)}] ${name} completed` : `OK ${name} completed`;
}

export async function move(s: Session, a: Args, c: { byUid: boolean }): Promise<string> {
  const sel = s.mailbox;
  const { set, box } = await target(s, a);
  if (sel.readOnly) throw no("[READ-ONLY] Mailbox is read-only");
  const uids = resolveSet(set, sel.uids, c.byUid);
  const name = c.byUid ? "UID MOVE" : "MOVE";
  if (!uids.length) return `OK ${name} completed`;
  await s.sync(true); // pending EXPUNGEs first: the numbers below are then the client's
  const r = await s.store.move(s.me, sel.info.folderId, uids, box.folderId);
  if (r.pairs.length) await s.send(`OK [${copyUid(r)}] Moved`);
  for (const line of sel.remove(r.pairs.map((p) => p[0]), s.qresync)) await s.send(line);
  return `OK ${name} completed`;
}
