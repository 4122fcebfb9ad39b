// Mails kept in a customer group's history (001 §7 api/customer/history: POST /mail, GET /mail/{id},
// GET /byMailId, GET /mail/attach/{historyId}/{position}, DELETE /mail/{id}). A member who may write the group
// keeps one of their own mails (the mail module gives the copy: mail/reading/copy-out.ts); everyone who reads
// the group opens it and its attachments, also after the keeper deleted their mailbox copy. Keeping the same
// mail twice in one group answers 409.
import { and, eq, sql } from "drizzle-orm";
import { customerHistory } from "../../../../db/schema/contacts.ts";
import type { CustomerHistoryItem, CustomerKeptMail } from "../../../../shared/contacts/customers.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { keptAttachment, type MailCopy, mailCopyOf } from "../../mail/reading/copy-out.ts";
import { loadBook, readable, readableIds, writable } from "./access.ts";
import { itemOf, log } from "./history.ts";
import { announce } from "./realtime.ts";
import * as repo from "./repo.ts";

type KeptRow = repo.HistoryRow & { mail: MailCopy };

async function keptRow(caller: Caller, id: number) {
  const book = await loadBook(caller);
  const row = await repo.findHistory(caller.deps.db, caller.auth.companyId, id);
  if (!row || row.historyType !== "MAIL" || !row.mail) throw notFound();
  readable(book, row.groupId);
  return { book, row: row as KeptRow };
}

/** POST api/customer/history/mail (201) */
export async function keepMail(
  caller: Caller, input: { groupId: number; cardId?: number; mailId: number }, cardInGroup: (id: number, groupId: number) => Promise<boolean>,
): Promise<CustomerHistoryItem> {
  const book = await loadBook(caller);
  writable(book, input.groupId);
  if (input.cardId && !(await cardInGroup(input.cardId, input.groupId))) throw notFound();
  const copy = await mailCopyOf(caller, input.mailId);
  const now = caller.deps.clock.now();
  const row = await caller.deps.db.transaction(async (tx) => {
    await repo.lockBook(tx, caller.auth.companyId);
    const [dup] = await tx.select({ id: customerHistory.id }).from(customerHistory).where(and(
      eq(customerHistory.companyId, caller.auth.companyId), eq(customerHistory.groupId, input.groupId),
      eq(customerHistory.mailId, input.mailId), eq(customerHistory.historyType, "MAIL"),
    ));
    if (dup) throw new AppError(409, "customer.mail_already_kept");
    const { blobKey, headerPrefix, ...shown } = copy;
    const [row] = await tx.insert(customerHistory).values({
      companyId: caller.auth.companyId, groupId: input.groupId, cardId: input.cardId ?? null, historyType: "MAIL", action: "ADD",
      subject: "CARD", content: copy.subject.slice(0, 500), userId: caller.auth.userId, userName: caller.auth.username,
      mailId: input.mailId, mail: shown as unknown as Record<string, unknown>, mailBlobKey: blobKey, mailHeaderPrefix: headerPrefix,
      createdAt: now, updatedAt: now,
    }).returning();
    return row;
  });
  await announce(caller, [input.groupId], input.cardId);
  return itemOf(row, book, caller);
}

/** GET api/customer/history/mail/{id} */
export async function keptMail(caller: Caller, id: number): Promise<CustomerKeptMail> {
  const { row } = await keptRow(caller, id);
  const m = row.mail;
  return {
    id: row.id,
    groupId: row.groupId,
    cardId: row.cardId,
    mailId: row.mailId,
    subject: m.subject,
    fromName: m.fromName,
    fromAddress: m.fromAddress,
    to: m.to,
    cc: m.cc,
    sentTimeMillis: m.sentAt ? Date.parse(m.sentAt) : null,
    receivedTimeMillis: Date.parse(m.receivedAt),
    html: m.html,
    text: m.text,
    attachments: m.attachments.map((a) => ({ position: a.position, name: a.name, size: a.size, contentType: a.contentType })),
    userName: row.userName,
    createdTimeMillis: row.createdAt.getTime(),
  };
}

/** GET api/customer/history/mail/attach/{historyId}/{position} */
export async function keptMailAttachment(caller: Caller, id: number, position: number) {
  const { row } = await keptRow(caller, id);
  if (!row.mailBlobKey) throw notFound();
  const part = await keptAttachment(caller.deps, { blobKey: row.mailBlobKey, headerPrefix: row.mailHeaderPrefix }, position);
  if (!part) throw notFound();
  return part;
}

/** GET api/customer/history/byMailId?mailId=: where the caller's mail is kept, in the groups they read. */
export async function byMailId(caller: Caller, mailId: number): Promise<CustomerHistoryItem[]> {
  const book = await loadBook(caller);
  const ids = readableIds(book);
  if (ids.length === 0) return [];
  const rows = await caller.deps.db.select().from(customerHistory).where(and(
    eq(customerHistory.companyId, caller.auth.companyId), eq(customerHistory.mailId, mailId), eq(customerHistory.historyType, "MAIL"),
    sql`${customerHistory.groupId} = any(${bigintArray(ids)})`,
  ));
  return rows.map((r) => itemOf(r, book, caller));
}

/** DELETE api/customer/history/mail/{id}: READ_WRITE on the group, the keeper or a book admin. */
export async function deleteKeptMail(caller: Caller, id: number): Promise<void> {
  const { book, row } = await keptRow(caller, id);
  writable(book, row.groupId);
  if (!book.admin && row.userId !== caller.auth.userId) throw new AppError(403, "customer.no_permission");
  await caller.deps.db.transaction(async (tx) => {
    await repo.deleteHistory(tx, caller.auth.companyId, id);
    await log(tx, caller, [{ groupId: row.groupId, cardId: row.cardId, action: "DELETE", subject: "CARD", content: `mail: ${row.content}`.slice(0, 100) }]);
  });
  await announce(caller, [row.groupId], row.cardId);
}
