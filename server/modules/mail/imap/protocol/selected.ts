// The selected mailbox as the session knows it: the snapshot's UIDs (sequence number = position), each
// message's flags and MODSEQ, and the store's fingerprint. sync() finds what changed elsewhere (web, other
// sessions, deliveries) by a new snapshot when the fingerprint moved, and reports it: EXPUNGE (highest
// first; VANISHED once QRESYNC is enabled, RFC 7162 §3.2.10), EXISTS, FETCH (UID FLAGS [MODSEQ]). Where
// EXPUNGE may not be sent (FETCH/STORE/SEARCH by number), removals wait (the UIDs stay in place) and only
// new messages and flag changes are reported.
// It also keeps which messages are \Recent to this session (claimed from the store when first seen: RECENT
// after EXISTS, \Recent in FLAGS) and the keywords announced in FLAGS/PERMANENTFLAGS, announcing them again
// when a new keyword shows up in the mailbox (RFC 3501 §7.2.6).
import type { ClientUser, ImapStore, MailboxInfo, MailboxSnapshot, MessageMeta } from "../store/types.ts";
import { flagList } from "./format.ts";
import { vanishedLines } from "./uid-ranges.ts";

export const SYSTEM_FLAGS = ["\\Answered", "\\Flagged", "\\Deleted", "\\Seen", "\\Draft"];

export class SelectedMailbox {
  uids: number[] = [];
  meta = new Map<number, MessageMeta>();
  fingerprint = "";
  uidValidity = 0;
  uidNext = 0;
  highestModseq = 0;
  /** Removals seen but not yet reported. */
  private deferred = false;
  /** UIDs that are \Recent to this session. */
  recent = new Set<number>();
  /** Keywords announced in the last FLAGS response. */
  keywords = new Set<string>();

  constructor(readonly info: MailboxInfo, readonly readOnly: boolean) {}

  load(snap: MailboxSnapshot, fingerprint: string): void {
    this.uids = snap.messages.map((m) => m.uid);
    this.meta = new Map(snap.messages.map((m) => [m.uid, m]));
    this.fingerprint = fingerprint;
    this.uidValidity = snap.uidValidity;
    this.uidNext = snap.uidNext;
    this.highestModseq = snap.highestModseq;
  }

  /** The untagged FLAGS and PERMANENTFLAGS lines announcing the mailbox's flags and keywords. */
  flagLines(): string[] {
    const flags = [...SYSTEM_FLAGS, ...this.keywords];
    return [`FLAGS ${flagList(flags)}`, `OK [PERMANENTFLAGS ${this.readOnly ? "()" : flagList([...flags, "\\*"])}] Flags permitted`];
  }

  /** FLAGS and PERMANENTFLAGS again when these messages carry a keyword not announced yet; else nothing. */
  keywordLines(messages: MessageMeta[]): string[] {
    let grew = false;
    for (const m of messages) {
      for (const f of m.flags) {
        if (!f.startsWith("\\") && !this.keywords.has(f)) {
          this.keywords.add(f);
          grew = true;
        }
      }
    }
    return grew ? this.flagLines() : [];
  }

  /** A message's flags as this session reports them: \Recent added when it is recent here. */
  flagsOf(uid: number, flags: string[]): string[] {
    return this.recent.has(uid) ? [...flags, "\\Recent"] : flags;
  }

  seqOf(uid: number): number {
    return this.uids.indexOf(uid) + 1;
  }

  /** Keeps the session's view in step with the session's own changes (STORE, FETCH \Seen). */
  update(changed: MessageMeta[]): void {
    for (const m of changed) {
      if (this.meta.has(m.uid)) this.meta.set(m.uid, m);
      if (m.modseq > this.highestModseq) this.highestModseq = m.modseq;
    }
  }

  /**
   * Takes out UIDs that were expunged or moved away; answers the lines that tell the client: EXPUNGE with
   * their sequence numbers, highest first, or (QRESYNC) one VANISHED with their UIDs.
   */
  remove(uids: number[], qresync: boolean): string[] {
    const gone = new Set(uids);
    const seqs: number[] = [];
    const removed: number[] = [];
    for (let i = this.uids.length - 1; i >= 0; i--) {
      if (gone.has(this.uids[i])) {
        seqs.push(i + 1);
        removed.push(this.uids[i]);
        this.meta.delete(this.uids[i]);
        this.recent.delete(this.uids[i]);
      }
    }
    if (removed.length) this.uids = this.uids.filter((u) => !gone.has(u));
    if (!qresync) return seqs.map((seq) => `${seq} EXPUNGE`);
    return removed.length ? vanishedLines(removed.reverse(), false) : [];
  }

  /** The untagged responses for changes made elsewhere since the last look. */
  async sync(
    store: ImapStore,
    user: ClientUser,
    allowExpunge: boolean,
    mode: { condstore: boolean; qresync: boolean },
  ): Promise<string[]> {
    const fingerprint = await store.fingerprint(user, this.info.folderId);
    if (fingerprint === this.fingerprint && !(this.deferred && allowExpunge)) return [];
    const snap = await store.snapshot(user, this.info.folderId, user.config.imapMessageMaxLimit);
    const out: string[] = [];
    const now = new Map(snap.messages.map((m) => [m.uid, m]));
    const gone = this.uids.filter((u) => !now.has(u));
    if (gone.length && allowExpunge) {
      out.push(...this.remove(gone, mode.qresync));
      this.deferred = false;
    } else if (gone.length) {
      this.deferred = true;
    }
    const last = this.uids.length ? this.uids[this.uids.length - 1] : 0;
    const added = snap.messages.filter((m) => m.uid > last);
    for (const m of added) {
      this.uids.push(m.uid);
      this.meta.set(m.uid, m);
    }
    for (const uid of await store.recent(this.info.folderId, added.map((m) => m.uid), !this.readOnly)) this.recent.add(uid);
    out.push(...this.keywordLines(snap.messages));
    // The new count after EXPUNGE or VANISHED too (clients such as imapflow do not count VANISHED down).
    if (added.length || (gone.length && allowExpunge)) out.push(`${this.uids.length} EXISTS`);
    if (added.length) out.push(`${this.recent.size} RECENT`);
    for (const [i, uid] of this.uids.entries()) {
      const before = this.meta.get(uid);
      const after = now.get(uid);
      if (!before || !after || added.includes(after)) continue;
      if (before.modseq !== after.modseq || before.flags.join(" ") !== after.flags.join(" ")) {
        this.meta.set(uid, after);
        out.push(`${i + 1} FETCH (UID ${uid} FLAGS ${flagList(this.flagsOf(uid, after.flags))}${mode.condstore ? ` MODSEQ (${after.modseq})` : ""})`);
      }
    }
    this.fingerprint = fingerprint;
    this.uidNext = snap.uidNext;
    this.highestModseq = Math.max(this.highestModseq, snap.highestModseq);
    this.uidValidity = snap.uidValidity;
    return out;
  }
}
