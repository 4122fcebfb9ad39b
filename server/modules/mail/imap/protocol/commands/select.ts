// SELECT / EXAMINE (with (CONDSTORE) or (QRESYNC (...)): commands/qresync.ts), CLOSE (expunges silently
// unless read-only), UNSELECT, EXPUNGE and UID EXPUNGE (UIDPLUS). A SELECT/EXAMINE while a mailbox is
// selected first says [CLOSED] (RFC 7162 §3.2.11): what follows is about the new mailbox.
import { type Args, parseSequenceSet, resolveSet, textOf } from "../args.ts";
import { SelectedMailbox } from "../selected.ts";
import { bad, no, type Session } from "../session.ts";
import { parseQresync, type QresyncParam, resync } from "./qresync.ts";

async function open(s: Session, a: Args, readOnly: boolean): Promise<string> {
  const name = a.mailbox();
  let qresync: QresyncParam | null = null;
  if (!a.done) {
    const params = a.list("select parameters");
    for (let i = 0; i < params.length; i++) {
      const param = textOf(params[i]).toUpperCase();
      if (param === "CONDSTORE") s.condstore = true;
      else if (param === "QRESYNC") {
        if (!s.qresync) throw bad("QRESYNC is not enabled: ENABLE QRESYNC first");
        qresync = parseQresync(params[++i]);
      }
    }
  }
  a.end();
  // A failed SELECT leaves no mailbox selected (RFC 3501 §6.3.1).
  const closed = s.selected !== null;
  s.selected = null;
  s.state = "auth";
  if (closed) await s.send("OK [CLOSED] Previous mailbox closed");
  const box = await s.store.findMailbox(s.me, name);
  if (!box) throw no("[NONEXISTENT] No such mailbox");
  const fingerprint = await s.store.fingerprint(s.me, box.folderId);
  const snap = await s.store.snapshot(s.me, box.folderId, s.me.config.imapMessageMaxLimit);
  const sel = new SelectedMailbox(box, readOnly);
  sel.load(snap, fingerprint);
  sel.keywordLines(snap.messages);
  for (const line of sel.flagLines()) await s.send(line);
  // EXAMINE only looks: the messages stay recent for the next session that selects the mailbox.
  sel.recent = new Set(await s.store.recent(box.folderId, sel.uids, !readOnly));
  await s.send(`${snap.messages.length} EXISTS`);
  await s.send(`${sel.recent.size} RECENT`);
  const firstUnseen = snap.messages.findIndex((m) => !m.flags.includes("\\Seen"));
  if (firstUnseen >= 0) await s.send(`OK [UNSEEN ${firstUnseen + 1}] First unseen`);
  await s.send(`OK [UIDVALIDITY ${snap.uidValidity}] UIDs valid`);
  await s.send(`OK [UIDNEXT ${snap.uidNext}] Predicted next UID`);
  await s.send(`OK [HIGHESTMODSEQ ${snap.highestModseq}] Highest`);
  // A different UIDVALIDITY: the client's cache is void, the parameter is ignored (RFC 7162 §3.2.5.2).
  if (qresync && qresync.uidValidity === snap.uidValidity) {
    await resync(s, sel, qresync, snap.messages.length >= s.me.config.imapMessageMaxLimit);
  }
  s.selected = sel;
  s.state = "selected";
  return `OK [${readOnly ? "READ-ONLY" : "READ-WRITE"}] ${readOnly ? "EXAMINE" : "SELECT"} completed`;
}

export const select = (s: Session, a: Args) => open(s, a, false);
export const examine = (s: Session, a: Args) => open(s, a, true);

export async function close(s: Session, a: Args): Promise<string> {
  a.end();
  const sel = s.mailbox;
  s.selected = null;
  s.state = "auth";
  if (!sel.readOnly) await s.store.expunge(s.me, sel.info.folderId);
  return "OK CLOSE completed";
}

export function unselect(s: Session, a: Args): Promise<string> {
  a.end();
  s.selected = null;
  s.state = "auth";
  return Promise.resolve("OK UNSELECT completed");
}

async function doExpunge(s: Session, uids?: number[]): Promise<void> {
  const sel = s.mailbox;
  if (sel.readOnly) throw no("[READ-ONLY] Mailbox is read-only");
  // Pending changes first, so the sequence numbers below are the ones the client knows.
  await s.sync(true);
  const removed = await s.store.expunge(s.me, sel.info.folderId, uids);
  for (const line of sel.remove(removed, s.qresync)) await s.send(line);
}

export async function expunge(s: Session, a: Args): Promise<string> {
  a.end();
  await doExpunge(s);
  return "OK EXPUNGE completed";
}

export async function uidExpunge(s: Session, a: Args): Promise<string> {
  const set = parseSequenceSet(a.atom("UID set"));
  a.end();
  const uids = resolveSet(set, s.mailbox.uids, true);
  if (uids.length) await doExpunge(s, uids);
  return "OK UID EXPUNGE completed";
}
