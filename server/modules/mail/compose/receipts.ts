// Read receipts (000 §3 Receipt user, §7 Receipts) for recipients on this server: one mail_receipts row per
// local recipient of a sent mail, made when it is handed over. Whether it was read is taken from the
// recipient's copy when asked (so nothing in reading has to report back). An unread copy can be cancelled:
// the recipient's copy is removed and the receipt says CANCELED.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailReceipts, mails } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";
import {
  RECEIPT_STATUSES, type ReceiptCancelResult, type ReceiptPage, type ReceiptStatus, type ReceiptSummary, type ReceiptUser,
  type SendResultRecipient,
} from "../../../../shared/mail/compose.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { purgeInTransaction } from "../reading/purge.ts";
import type { DispatchResult } from "../outbound/dispatch.ts";


/**
 * Records the recipients of one sent copy inside the sender's company (delivered: UNREAD; refused here:
 * FAILED with the reason). Another company on this server is as external as any: no read state, and its
 * mailboxes are never reachable through a receipt (cancelling one removes the recipient's copy).
 */
export async function recordReceipts(
  deps: AppDeps,
  companyId: number,
  senderMailId: number,
  result: DispatchResult,
  db: DbOrTx = deps.db,
) {
  const now = deps.clock.now();
  type Row = { status: string; recipientMailId: number | null; recipientUserId: number | null; replyCode: string | null; r: SendResultRecipient };
  const rows = result.recipients.flatMap((r): Row[] => {
    const copy = result.localCopies.get(r.address);
    if (copy && copy.companyId === companyId) return [{ status: "UNREAD", recipientMailId: copy.mailId, recipientUserId: copy.userId, replyCode: null, r }];
    if (r.status === "FAILED") return [{ status: "FAILED", recipientMailId: null, recipientUserId: null, replyCode: r.reason, r }];
    return [];
  });
  if (!rows.length) return;
  await db.insert(mailReceipts).values(rows.map((x) => ({
    companyId,
    senderMailId,
    recipientMailId: x.recipientMailId,
    recipientUserId: x.recipientUserId,
    address: x.r.address,
    name: x.r.name,
    status: x.status,
    replyCode: x.replyCode,
    updatedAt: now,
  })));
}

/** The receipts of the caller's own sent mail; a mail that is not theirs is 404. */
async function receiptsOf(db: DbOrTx, userId: number, senderMailId: number, status?: string) {
  const [own] = await db.select({ id: mails.id }).from(mails).where(and(eq(mails.id, senderMailId), eq(mails.userId, userId)));
  if (!own) throw new AppError(404, "common.404");
  const copy = sql`(select m.read from mails m where m.id = ${mailReceipts.recipientMailId})`;
  const copyReadAt = sql<Date | null>`(select m.read_at from mails m where m.id = ${mailReceipts.recipientMailId})`;
  // A colleague written as a bare address has no name in the mail: their account's name is shown instead.
  const accountName = sql<string | null>`(select ${users.accountName} from ${users} where ${users.id} = ${mailReceipts.recipientUserId})`;
  const rows = await db.select({
    id: mailReceipts.id,
    name: sql<string>`coalesce(nullif(${mailReceipts.name}, ''), ${accountName}, '')`,
    address: mailReceipts.address,
    stored: mailReceipts.status,
    replyCode: mailReceipts.replyCode,
    updatedAt: mailReceipts.updatedAt,
    read: sql<boolean | null>`${copy}`,
    readAt: copyReadAt,
    recipientMailId: mailReceipts.recipientMailId,
    recipientUserId: mailReceipts.recipientUserId,
  }).from(mailReceipts).where(eq(mailReceipts.senderMailId, senderMailId)).orderBy(asc(mailReceipts.id));
  const list = rows.map((r) => {
    const receiptStatus: ReceiptStatus = r.stored === "UNREAD" && r.read ? "READ" : r.stored as ReceiptStatus;
    const updated = receiptStatus === "READ" && r.readAt ? new Date(r.readAt) : r.updatedAt;
    return {
      user: {
        id: r.id,
        name: r.name,
        address: r.address,
        receiptStatus,
        replyCode: r.replyCode,
        updateTimeMillis: updated.getTime(),
        cancelable: receiptStatus === "UNREAD" && r.read === false,
      } satisfies ReceiptUser,
      recipientMailId: r.recipientMailId,
      recipientUserId: r.recipientUserId,
    };
  });
  return status ? list.filter((x) => x.user.receiptStatus === status) : list;
}

/** GET api/mail/{mailId}/receipt: counts by status and every recipient. */
export async function receiptSummary(caller: Caller, mailId: number): Promise<ReceiptSummary> {
  const list = await receiptsOf(caller.deps.db, caller.auth.userId, mailId);
  const counts = Object.fromEntries(RECEIPT_STATUSES.map((s) => [s, list.filter((x) => x.user.receiptStatus === s).length])) as ReceiptSummary["counts"];
  return { mailId, total: list.length, counts, receipts: list.map((x) => x.user) };
}

/** GET api/mail/receipt/{receiptId} (the sent mail's id): one page, optionally of one status. */
export async function receiptPage(
  caller: Caller,
  mailId: number,
  q: { receiptStatus?: string; page: number; pageSize: number },
): Promise<ReceiptPage> {
  const list = await receiptsOf(caller.deps.db, caller.auth.userId, mailId, q.receiptStatus);
  const start = q.page * q.pageSize;
  return {
    content: list.slice(start, start + q.pageSize).map((x) => x.user),
    totalElements: list.length,
    totalPages: Math.ceil(list.length / q.pageSize),
  };
}

/**
 * PUT api/mail/receipt/{id} (targetAddress) and PUT .../{id}/all: removes unread recipient copies. One
 * named recipient who has read it already (or was never delivered) is 409; "all" cancels what it can.
 */
export async function cancelReceipts(caller: Caller, mailId: number, targetAddress: string | null): Promise<ReceiptCancelResult> {
  const { deps, auth } = caller;
  /** Each recipient whose copy went, with its folder: told after the commit, so an open list drops the mail. */
  const changed = new Map<string, number[]>();
  const result = await deps.db.transaction(async (tx) => {
    let list = await receiptsOf(tx, auth.userId, mailId);
    if (targetAddress !== null) {
      list = list.filter((x) => x.user.address === targetAddress.trim().toLowerCase());
      if (!list.length) throw new AppError(404, "common.404");
      if (!list.some((x) => x.user.cancelable)) throw new AppError(409, "mail.receipt_not_cancelable");
    }
    const cancel = list.filter((x) => x.user.cancelable && x.recipientMailId && x.recipientUserId);
    // Only copies in the caller's own company are ever removed (receipts are only recorded for those).
    const own = new Map((cancel.length
      ? await tx.select({ id: users.id, username: users.username }).from(users)
        .where(and(eq(users.companyId, auth.companyId), inArray(users.id, cancel.map((x) => x.recipientUserId!))))
      : []).map((u) => [u.id, u.username]));
    let canceled = 0;
    for (const x of cancel) {
      const username = own.get(x.recipientUserId!);
      if (username === undefined) continue;
      const [copy] = await tx.select({ folderId: mails.folderId }).from(mails).where(eq(mails.id, x.recipientMailId!));
      // Only while still unread: the condition is checked again on the row being removed.
      const gone = await purgeInTransaction(tx, x.recipientUserId!, and(eq(mails.id, x.recipientMailId!), eq(mails.read, false))!);
      if (!gone) continue;
      canceled++;
      if (copy) changed.set(username, [...changed.get(username) ?? [], copy.folderId]);
      await tx.update(mailReceipts).set({ status: "CANCELED", recipientMailId: null, updatedAt: deps.clock.now() })
        .where(eq(mailReceipts.id, x.user.id));
    }
    if (targetAddress !== null && !canceled) throw new AppError(409, "mail.receipt_not_cancelable");
    return { canceled };
  });
  for (const [username, folderIds] of changed) void deps.realtime.publishMailChanged(username, folderIds).catch(() => {});
  return result;
}
