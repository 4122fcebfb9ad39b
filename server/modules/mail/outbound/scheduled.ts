// The scheduled-send job: a RESERVE copy in the sender's Sent whose time has come is handed to its recipients
// and becomes SENT. All state is in the database, so a restart loses nothing; the row is held (FOR UPDATE
// SKIP LOCKED) while it is sent, so several instances never send one twice and a cancel waits for the send.
import { and, asc, eq, lte } from "drizzle-orm";
import { mailComposeStates, mailMessages, mails } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";
import { companies } from "../../../../db/schema/companies.ts";
import { mailAliases } from "../../../../db/schema/mail-settings.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { stageDispatch, writeDispatch } from "./dispatch.ts";
import { recipientList } from "../compose/send.ts";
import { recordReceipts } from "../compose/receipts.ts";
import { secureNoticeOf } from "../compose/secure.ts";

/** Sends every due scheduled mail, one at a time; answers how many were sent. */
export async function processScheduled(deps: AppDeps, max = 50): Promise<number> {
  let sent = 0;
  while (sent < max && await sendOneDue(deps)) sent++;
  return sent;
}

/** A due mail whose company's domain is not AVAILABLE waits this long before it is looked at again. */
const DOMAIN_WAIT_MS = 60 * 60_000;

/** A due mail that failed to go out waits this long before the next try, so it never holds up the others. */
const RETRY_FAILED_MS = 5 * 60_000;

async function sendOneDue(deps: AppDeps): Promise<boolean> {
  const now = deps.clock.now();
  let failedId: number | null = null;
  try {
    const done = await sendOneDueIn(deps, now, (id) => failedId = id);
    done.afterCommit?.(deps);
    return done.found;
  } catch (e) {
    if (failedId === null) throw e;
    deps.log.error(`scheduled mail ${failedId} could not be sent; trying again in 5 minutes`, e);
    await deps.db.update(mails).set({ reserveAt: new Date(now.getTime() + RETRY_FAILED_MS) })
      .where(and(eq(mails.id, failedId), eq(mails.mailType, "RESERVE")));
    return true;
  }
}

/**
 * Sends the next due mail in one transaction: its recipients' copies, the queue rows, the receipts and the
 * mail becoming SENT commit together (a crash sends it again later, whole, or not at all). Answers whether a
 * due mail was found, and the work to do once committed (NEW_MAIL events, follow-ups).
 */
async function sendOneDueIn(
  deps: AppDeps,
  now: Date,
  working: (id: number) => void,
): Promise<{ found: boolean; afterCommit?: (deps: AppDeps) => void }> {
  return await transactionWithRetry(deps.db, async (tx) => {
    const [mail] = await tx.select().from(mails)
      .where(and(eq(mails.mailType, "RESERVE"), lte(mails.reserveAt, now)))
      .orderBy(asc(mails.reserveAt)).limit(1)
      // NO KEY UPDATE: rows that refer to this mail (receipts) can still be inserted meanwhile.
      .for("no key update", { skipLocked: true });
    if (!mail) return { found: false };
    working(mail.id);
    const [message] = await tx.select().from(mailMessages).where(eq(mailMessages.id, mail.messageId));
    const [sender] = await tx.select({ username: users.username, status: users.status }).from(users).where(eq(users.id, mail.userId));
    // The sender left (or was disabled) before the time came: the mail is not sent, and stays cancelled.
    if (sender?.status !== "ACTIVE") {
      await tx.update(mails).set({ mailType: "RESERVE_CANCEL" }).where(eq(mails.id, mail.id));
      return { found: true };
    }
    // The company's domain is not usable now (the send check that refuses mail.359): the mail waits and is
    // tried again in an hour, as the administrator will usually put the domain right.
    const [company] = await tx.select({ domainStatus: companies.domainStatus }).from(companies).where(eq(companies.id, mail.companyId));
    if (company?.domainStatus !== "AVAILABLE") {
      await tx.update(mails).set({ reserveAt: new Date(now.getTime() + DOMAIN_WAIT_MS) }).where(eq(mails.id, mail.id));
      deps.log.warn(`scheduled mail ${mail.id} waits: the company's domain is ${company?.domainStatus ?? "missing"}`);
      return { found: true };
    }
    // A secure mail hands over its notice, never the message itself.
    const handed = (await secureNoticeOf(deps, message.id)) ?? message;
    const raw = await deps.blobs.get(handed.blobKey);
    const staged = await stageDispatch(deps, {
      companyId: mail.companyId,
      senderUserId: mail.userId,
      senderAddress: await envelopeSender(tx, mail.userId, sender.username, message.fromAddress),
      raw,
      recipients: recipientList(message),
      now,
    });
    const dispatched = await writeDispatch(tx, staged, handed.id);
    await recordReceipts(deps, mail.companyId, mail.id, dispatched.result, tx);
    await tx.update(mails).set({ mailType: "SENT" }).where(eq(mails.id, mail.id));
    await tx.delete(mailComposeStates).where(eq(mailComposeStates.mailId, mail.id));
    return { found: true, afterCommit: dispatched.afterCommit };
  });
}

/**
 * The envelope sender of a scheduled mail: the From it was written with when that is still the user's (their
 * own address, or an alias they still hold), else their own address.
 */
async function envelopeSender(db: DbOrTx, userId: number, username: string, from: string | null): Promise<string> {
  const written = (from ?? "").toLowerCase();
  if (!written || written === username) return username;
  const [alias] = await db.select({ id: mailAliases.id }).from(mailAliases)
    .where(and(eq(mailAliases.userId, userId), eq(mailAliases.address, written)));
  return alias ? written : username;
}
