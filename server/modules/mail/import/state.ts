// The progress of copying one source folder into one user's mailbox (mail_imap_imports): read when a folder
// starts, locked and advanced in the transaction that files each batch of its messages.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailImapImports } from "../../../../db/schema/mail-import.ts";
import { mails } from "../../../../db/schema/mail.ts";
import type { OpenedFolder } from "./imap-source.ts";

export type ImportState = typeof mailImapImports.$inferSelect;

export interface StateKey {
  companyId: number;
  userId: number;
  /** "login@host:port", lower-cased. */
  source: string;
  sourcePath: string;
}

const where = (k: StateKey) =>
  and(eq(mailImapImports.userId, k.userId), eq(mailImapImports.source, k.source), eq(mailImapImports.sourcePath, k.sourcePath));

export async function findState(db: DbOrTx, k: StateKey): Promise<ImportState | undefined> {
  const [row] = await db.select().from(mailImapImports).where(where(k));
  return row;
}

/**
 * The folder's row for this run, made or brought up to the source's UIDVALIDITY. A new row starts at UID 0;
 * when the target folder already holds mail (copied by other means, or under another source name) every
 * message there now is compared before copying (verifyBelowUid = UIDNEXT). A UIDVALIDITY that changed
 * (RFC 3501 §2.3.1.1: the UIDs mean other messages now) starts over at UID 0 the same way, so nothing copied
 * under the old numbering is copied twice.
 */
export async function startState(db: DbOrTx, k: StateKey, folderId: number, box: OpenedFolder, now: Date): Promise<ImportState> {
  const verifyAll = box.uidNext > 0 ? box.uidNext : Number.MAX_SAFE_INTEGER;
  return await db.transaction(async (tx) => {
    const [held] = await tx.select({ id: mails.id }).from(mails).where(and(eq(mails.userId, k.userId), eq(mails.folderId, folderId))).limit(1);
    await tx.insert(mailImapImports).values({
      ...k,
      folderId,
      uidValidity: box.uidValidity,
      lastUid: 0,
      verifyBelowUid: held ? verifyAll : 0,
      updatedAt: now,
    }).onConflictDoNothing();
    const [row] = await tx.select().from(mailImapImports).where(where(k)).for("update");
    const changes: Partial<ImportState> = {};
    if (row.folderId !== folderId) changes.folderId = folderId;
    if (row.uidValidity !== box.uidValidity) Object.assign(changes, { uidValidity: box.uidValidity, lastUid: 0, verifyBelowUid: verifyAll });
    if (!Object.keys(changes).length) return row;
    const [updated] = await tx.update(mailImapImports).set({ ...changes, updatedAt: now }).where(eq(mailImapImports.id, row.id)).returning();
    return updated;
  });
}

/** The row, locked until the transaction ends: one batch of a folder is filed at a time. */
export async function lockState(tx: DbOrTx, id: number): Promise<ImportState> {
  const [row] = await tx.select().from(mailImapImports).where(eq(mailImapImports.id, id)).for("update");
  return row;
}

/** Every UID up to `lastUid` is done; `copied` more messages were filed. */
export async function advanceState(tx: DbOrTx, id: number, lastUid: number, copied: number, now: Date): Promise<void> {
  await tx.update(mailImapImports)
    .set({ lastUid: sql`greatest(${mailImapImports.lastUid}, ${lastUid})`, copiedCount: sql`${mailImapImports.copiedCount} + ${copied}`, updatedAt: now })
    .where(eq(mailImapImports.id, id));
}
