// A POP3 session's maildrop (RFC 1939): the signed-in user's INBOX, fixed when the session signs in, so the
// message numbers hold for the whole session and mail arriving meanwhile is seen at the next session. Range
// (shared/mail/clients.ts pop3FetchRange): ALL = every inbox mail; NEW = only mails no POP3 client downloaded
// yet (pop3_fetched_at null). Oldest first (received_at, id).
//
// UIDL: the mail's id (mails.id) in decimal. It is unique across the whole server, never reused (bigserial)
// and stays the same across sessions, moves and restores from the trash, so a client that kept a mail never
// downloads it twice. Sizes are the exact octets RETR sends before dot-stuffing (wire.ts normalise), computed
// from the blob on first need and remembered per stored message (its bytes never change).
//
// RETR records the download (pop3_fetched_at, when still null) and, with pop3ReadMark, marks the mail read
// as the web's setRead does (read, read_at, internal read receipts). QUIT applies the DELE marks (UPDATE
// state): with pop3Del the mails go to the trash like the web's trash (reading/actions.ts trashRows); without,
// they stay in the inbox, counted as downloaded so the NEW range no longer offers them. Only mails still in
// the inbox are touched by the UPDATE: one the web moved meanwhile stays where the user put it, and only while
// the session still holds the maildrop lock (maildrop-lock.ts).
// A change the user can see (read mark, mails to the trash) is announced to their open browsers (realtime
// MAIL_CHANGED) once committed, as the IMAP store does (imap/store/index.ts), so the web follows at once.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Buffer } from "node:buffer";
import { mailMessages, mails } from "../../../../db/schema/mail.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { ClientUser } from "../clients/auth.ts";
import { trashRows } from "../reading/actions.ts";
import { markReceiptsRead } from "../reading/repo.ts";
import { systemFolders } from "../store/folders.ts";
import { type MaildropLock, MaildropLockLost } from "./maildrop-lock.ts";
import { normalise } from "./wire.ts";
import { messageBytes } from "../store/message-bytes.ts";

export interface DropMessage {
  mailId: number;
  messageId: number;
  blobKey: string;
  headerPrefix: string | null;
  deleted: boolean;
}

/** Normalised sizes by stored message id, per database (ids are its own); bounded (oldest entries go first). */
const sizeCaches = new WeakMap<AppDeps["db"], Map<number, number>>();
function sizesOf(db: AppDeps["db"]): Map<number, number> {
  let sizes = sizeCaches.get(db);
  if (!sizes) sizeCaches.set(db, sizes = new Map());
  return sizes;
}
const SIZE_CACHE_MAX = 100_000;

export class Maildrop {
  private constructor(
    private readonly deps: AppDeps,
    private readonly user: ClientUser,
    private readonly inboxId: number,
    readonly messages: DropMessage[],
  ) {}

  static async open(deps: AppDeps, user: ClientUser): Promise<Maildrop> {
    const folders = await systemFolders(deps.db, user.companyId, user.userId);
    const where = [eq(mails.userId, user.userId), eq(mails.companyId, user.companyId), eq(mails.folderId, folders.INBOX)];
    if (user.config.pop3FetchRange === "NEW") where.push(isNull(mails.pop3FetchedAt));
    const rows = await deps.db.select({ mailId: mails.id, messageId: mails.messageId, blobKey: mailMessages.blobKey, headerPrefix: mailMessages.headerPrefix })
      .from(mails).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
      .where(and(...where)).orderBy(mails.receivedAt, mails.id);
    return new Maildrop(deps, user, folders.INBOX, rows.map((r) => ({ ...r, deleted: false })));
  }

  /** Message n (1-based) unless out of range or marked deleted. */
  get(n: number): DropMessage | undefined {
    const m = Number.isSafeInteger(n) && n >= 1 ? this.messages[n - 1] : undefined;
    return m && !m.deleted ? m : undefined;
  }

  /** The live (not deleted) messages with their numbers. */
  live(): { n: number; m: DropMessage }[] {
    return this.messages.flatMap((m, i) => m.deleted ? [] : [{ n: i + 1, m }]);
  }

  /** The message as RETR sends it, before dot-stuffing. */
  async content(m: DropMessage): Promise<Buffer> {
    const bytes = normalise(await messageBytes(this.deps.blobs, m));
    remember(sizesOf(this.deps.db), m.messageId, bytes.length);
    return bytes;
  }

  async size(m: DropMessage): Promise<number> {
    return sizesOf(this.deps.db).get(m.messageId) ?? (await this.content(m)).length;
  }

  /** A RETR was answered: the download is recorded and, with pop3ReadMark, the mail is read. */
  async retrieved(m: DropMessage): Promise<void> {
    const { userId, config } = this.user;
    const now = this.deps.clock.now();
    const read = await this.deps.db.transaction(async (tx) => {
      await tx.update(mails).set({ pop3FetchedAt: now })
        .where(and(eq(mails.id, m.mailId), eq(mails.userId, userId), isNull(mails.pop3FetchedAt)));
      if (!config.pop3ReadMark) return [];
      const done = await tx.update(mails).set({ read: true, readAt: now })
        .where(and(eq(mails.id, m.mailId), eq(mails.userId, userId), eq(mails.read, false)))
        .returning({ id: mails.id, folderId: mails.folderId });
      await markReceiptsRead(tx, done.map((d) => d.id), now);
      return done;
    });
    this.announce(read.map((r) => r.folderId));
  }

  /** Tells the user's open browsers these folders changed (never fails the command). */
  private announce(folderIds: number[]): void {
    const folders = [...new Set(folderIds)];
    if (folders.length) void this.deps.realtime.publishMailChanged(this.user.username, folders).catch(() => {});
  }

  /** The UPDATE state: applies the DELE marks while `lock` is still held; answers how many mails it changed. */
  async commit(lock: MaildropLock): Promise<number> {
    const ids = this.messages.filter((m) => m.deleted).map((m) => m.mailId);
    if (!ids.length) return 0;
    const { userId, companyId, config } = this.user;
    const now = this.deps.clock.now();
    const done = await this.deps.db.transaction(async (tx) => {
      if (!(await lock.heldIn(tx))) throw new MaildropLockLost();
      const rows = await tx.select({ id: mails.id, folderId: mails.folderId }).from(mails)
        .where(and(eq(mails.userId, userId), eq(mails.folderId, this.inboxId), inArray(mails.id, ids)))
        .orderBy(mails.id).for("update");
      if (!rows.length) return { count: 0, changed: [] as number[] };
      const rowIds = rows.map((r) => r.id);
      await tx.update(mails).set({ pop3FetchedAt: sql`coalesce(${mails.pop3FetchedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(mails.userId, userId), inArray(mails.id, rowIds)));
      let changed: number[] = [];
      if (config.pop3Del) {
        const trashId = (await systemFolders(tx, companyId, userId)).DELETED;
        await trashRows(tx, userId, rows, trashId);
        changed = [this.inboxId, trashId];
      }
      return { count: rows.length, changed };
    });
    this.announce(done.changed);
    return done.count;
  }
}

function remember(sizes: Map<number, number>, messageId: number, size: number) {
  if (sizes.has(messageId)) return;
  if (sizes.size >= SIZE_CACHE_MAX) sizes.delete(sizes.keys().next().value!);
  sizes.set(messageId, size);
}
