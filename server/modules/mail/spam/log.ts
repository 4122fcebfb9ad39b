// The spam log (shared/mail/spam-lists.ts): the user's blocked arrivals, newest first; the detail of one
// (headers of the blocked mail, never its content); recovery (the mails back to the inbox as NORMAL mail,
// entries RECOVERED); allow (the senders on the allow list, then recovery); deletion of entries. Mail the
// company's policy blocked (spamReason SYSTEM) is never recovered: the request is refused whole. Allow refuses
// entries blocked for failed sender authentication (AUTH_FAIL): their From is forged, and putting it on the
// allow list would trust the forger (409 mail.spam_auth_fail_allow; recovery of the mail itself stays possible).
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { mailFolders, mailMessages, mails, mailSenderLists, mailSpamLog } from "../../../../db/schema/index.ts";
import { pageOf, type Page } from "../../../../shared/paging.ts";
import type { SpamActionCount, SpamBlockDetail, SpamLogItem } from "../../../../shared/mail/spam-lists.ts";
import type { Caller } from "../../../lib/context.ts";
import type { Tx } from "../../../../db/client.ts";
import { AppError } from "../../../lib/errors.ts";
import { systemFolders } from "../store/folders.ts";

const logNotFound = () => new AppError(404, "mail.spam_log_not_found");

const columns = {
  log: mailSpamLog,
  spamReason: mails.spamReason,
};

function toItem(r: { log: typeof mailSpamLog.$inferSelect; spamReason: string | null }): SpamLogItem {
  return {
    id: r.log.id,
    adrFrom: r.log.adrFrom,
    pattern: r.log.pattern,
    msgSize: r.log.msgSize,
    insertDate: r.log.insertDate.toISOString(),
    subject: r.log.subject,
    status: r.log.status as SpamLogItem["status"],
    mailId: r.log.mailId,
    system: r.spamReason === "SYSTEM",
  };
}

const own = (caller: Caller) => and(eq(mailSpamLog.companyId, caller.auth.companyId), eq(mailSpamLog.userId, caller.auth.userId))!;

export async function listSpamLog(caller: Caller, q: { page: number; pageSize: number }): Promise<Page<SpamLogItem>> {
  const { db } = caller.deps;
  const [rows, [{ n }]] = await Promise.all([
    db.select(columns).from(mailSpamLog).leftJoin(mails, eq(mails.id, mailSpamLog.mailId)).where(own(caller))
      .orderBy(desc(mailSpamLog.insertDate), desc(mailSpamLog.id)).limit(q.pageSize).offset(q.page * q.pageSize),
    db.select({ n: count() }).from(mailSpamLog).where(own(caller)),
  ]);
  return pageOf(rows.map(toItem), n, q);
}

export async function spamLogDetail(caller: Caller, id: number): Promise<SpamBlockDetail> {
  const [r] = await caller.deps.db.select({
    ...columns,
    mail: { receivedAt: mails.receivedAt, folderType: mailFolders.folderType },
    message: {
      fromName: mailMessages.fromName, fromAddress: mailMessages.fromAddress, to: mailMessages.to, cc: mailMessages.cc,
      subject: mailMessages.subject, sentAt: mailMessages.sentAt, messageId: mailMessages.messageIdHeader,
    },
  }).from(mailSpamLog)
    .leftJoin(mails, and(eq(mails.id, mailSpamLog.mailId), eq(mails.userId, caller.auth.userId)))
    .leftJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .leftJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .where(and(own(caller), eq(mailSpamLog.id, id)));
  if (!r) throw logNotFound();
  const m = r.message && r.mail?.receivedAt
    ? {
      fromName: r.message.fromName,
      fromAddress: r.message.fromAddress,
      to: r.message.to,
      cc: r.message.cc,
      subject: r.message.subject,
      sentAt: r.message.sentAt?.toISOString() ?? null,
      receivedAt: r.mail.receivedAt.toISOString(),
      messageId: r.message.messageId,
      spamReason: r.spamReason,
      folderType: r.mail.folderType ?? "",
    }
    : null;
  return { ...toItem(r), mail: m };
}

/** The caller's log entries with these ids, all of them or 404. */
async function entries(tx: Tx, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.select(columns).from(mailSpamLog)
    .leftJoin(mails, and(eq(mails.id, mailSpamLog.mailId), eq(mails.userId, caller.auth.userId)))
    .where(and(own(caller), inArray(mailSpamLog.id, unique))).for("update", { of: mailSpamLog });
  if (rows.length !== unique.length) throw logNotFound();
  if (rows.some((r) => r.spamReason === "SYSTEM")) throw new AppError(403, "mail.system_blocked");
  return rows;
}

/** Moves the entries' still-blocked mails to the inbox and marks the entries RECOVERED. */
async function recover(tx: Tx, caller: Caller, rows: Awaited<ReturnType<typeof entries>>): Promise<number> {
  const { companyId, userId } = caller.auth;
  const mailIds = rows.map((r) => r.log.mailId).filter((id): id is number => id !== null);
  let recovered = 0;
  if (mailIds.length) {
    const { INBOX } = await systemFolders(tx, companyId, userId);
    const moved = await tx.update(mails).set({ folderId: INBOX, prevFolderId: null, mailType: "NORMAL", spamReason: null })
      .where(and(eq(mails.userId, userId), inArray(mails.id, mailIds), isNotNull(mails.spamReason)))
      .returning({ id: mails.id });
    recovered = moved.length;
  }
  const withMail = rows.filter((r) => r.log.mailId !== null).map((r) => r.log.id);
  if (withMail.length) {
    await tx.update(mailSpamLog).set({ status: "RECOVERED" }).where(and(own(caller), inArray(mailSpamLog.id, withMail)));
  }
  return recovered;
}

export function recoverSpam(caller: Caller, ids: number[]): Promise<SpamActionCount> {
  return caller.deps.db.transaction(async (tx) => ({ recovered: await recover(tx, caller, await entries(tx, caller, ids)) }));
}

/** The entries' senders on the caller's allow list (those not on it yet), and their mails recovered. */
export function allowSpam(caller: Caller, ids: number[]): Promise<SpamActionCount> {
  const { companyId, userId } = caller.auth;
  return caller.deps.db.transaction(async (tx) => {
    const rows = await entries(tx, caller, ids);
    if (rows.some((r) => r.log.pattern === "AUTH_FAIL")) throw new AppError(409, "mail.spam_auth_fail_allow");
    const senders = [...new Set(rows.map((r) => r.log.adrFrom.toLowerCase()).filter(Boolean))];
    let allowed = 0;
    if (senders.length) {
      const added = await tx.insert(mailSenderLists)
        .values(senders.map((pattern) => ({ companyId, userId, kind: "ALLOW", pattern })))
        .onConflictDoNothing().returning({ id: mailSenderLists.id });
      allowed = added.length;
    }
    return { recovered: await recover(tx, caller, rows), allowed };
  });
}

export async function deleteSpamLog(caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await caller.deps.db.transaction(async (tx) => {
    const gone = await tx.delete(mailSpamLog).where(and(own(caller), inArray(mailSpamLog.id, unique))).returning({ id: mailSpamLog.id });
    if (gone.length !== unique.length) throw logNotFound();
  });
}

/** After an unblock (PATCH /api/mails/{id}/unblock): the mail's log entries are RECOVERED too. */
export async function markRecovered(caller: Caller, mailId: number): Promise<void> {
  await caller.deps.db.update(mailSpamLog).set({ status: "RECOVERED" })
    .where(and(own(caller), eq(mailSpamLog.mailId, mailId), sql`${mailSpamLog.status} = 'BLOCKED'`));
}
