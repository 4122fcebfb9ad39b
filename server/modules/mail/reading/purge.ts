// Deleting mail for ever: the mailbox rows go (the counters follow by trigger; read receipts of a sender's
// copy and compose states go with them), then each stored message no mail and no queued send refers to any
// more. The message rows are locked first, so two deletions of the last two copies of one message cannot
// both leave it behind. The raw bytes stay in the blob store until the blob collector (server/jobs/
// blob-collector.ts) finds no row refers to them: rows never delete bytes other rows may share.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { mailMessages, mailOutbound, mails } from "../../../../db/schema/mail.ts";

const CHUNK = 1000;

/** Deletes the user's mails matching `where` (a condition on mails); answers how many were deleted. */
export async function purgeInTransaction(tx: Tx, userId: number, where: SQL): Promise<number> {
  const cond = and(eq(mails.userId, userId), where)!;
  const target = await tx.selectDistinct({ messageId: mails.messageId }).from(mails).where(cond);
  const messageIds = target.map((r) => r.messageId).sort((a, b) => a - b);
  for (let i = 0; i < messageIds.length; i += CHUNK) {
    await tx.select({ id: mailMessages.id }).from(mailMessages).where(inArray(mailMessages.id, messageIds.slice(i, i + CHUNK)))
      .orderBy(mailMessages.id).for("update");
  }
  const deleted = await tx.delete(mails).where(cond).returning({ id: mails.id });
  for (let i = 0; i < messageIds.length; i += CHUNK) {
    const chunk = messageIds.slice(i, i + CHUNK);
    // Sends that are over (SENT, FAILED) no longer need the message; one still queued, or a secure-mail link
    // recipients open, keeps it.
    await tx.delete(mailOutbound).where(and(
      inArray(mailOutbound.messageId, chunk),
      sql`${mailOutbound.status} <> 'QUEUED'`,
      sql`not exists (select 1 from mails m where m.message_id = ${mailOutbound.messageId})`,
    ));
    await tx.delete(mailMessages).where(and(
      inArray(mailMessages.id, chunk),
      sql`not exists (select 1 from mails m where m.message_id = ${mailMessages.id})`,
      sql`not exists (select 1 from mail_outbound o where o.message_id = ${mailMessages.id})`,
      sql`not exists (select 1 from mail_secure_links s where s.message_id = ${mailMessages.id} or s.notice_message_id = ${mailMessages.id})`,
    ));
  }
  return deleted.length;
}
