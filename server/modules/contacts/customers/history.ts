// A customer group's and its cards' history (001 §3 "Customer history item", §7 api/customer/history):
// memos written by members, and the change log written here on every change. 10 a page, newest first.
import { and, eq, ilike, type SQL } from "drizzle-orm";
import { customerHistory } from "../../../../db/schema/contacts.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { CustomerHistoryItem, HISTORY_ACTIONS, HISTORY_SUBJECTS, historyQuery } from "../../../../shared/contacts/customers.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { containsPattern } from "../../../lib/like.ts";
import { type Book, loadBook, privilegeOf, readable, writable } from "./access.ts";
import * as repo from "./repo.ts";

type Action = (typeof HISTORY_ACTIONS)[number];
type Subject = (typeof HISTORY_SUBJECTS)[number];

export interface LogEntry {
  groupId: number;
  cardId?: number | null;
  action: Action;
  subject: Subject;
  /** What changed, in a few words (a card's or group's name). */
  content: string;
}

/** Writes change-log entries in the caller's name (inside the change's transaction). */
export async function log(db: DbOrTx, caller: Caller, entries: LogEntry[]) {
  const now = caller.deps.clock.now();
  await repo.insertHistory(db, entries.map((e) => ({
    companyId: caller.auth.companyId,
    groupId: e.groupId,
    cardId: e.cardId ?? null,
    historyType: "LOG",
    action: e.action,
    subject: e.subject,
    content: e.content.slice(0, 500),
    userId: caller.auth.userId,
    userName: caller.auth.username,
    createdAt: now,
    updatedAt: now,
  })));
}

export function itemOf(r: repo.HistoryRow, book: Book, caller: Caller): CustomerHistoryItem {
  const g = book.groups.find((x) => x.id === r.groupId);
  return {
    id: r.id,
    groupId: r.groupId,
    cardId: r.cardId,
    historyType: r.historyType as CustomerHistoryItem["historyType"],
    action: r.action as Action,
    subject: r.subject as Subject,
    content: r.content,
    userId: r.userId,
    userName: r.userName,
    createdTimeMillis: r.createdAt.getTime(),
    updatedTimeMilli: r.updatedAt.getTime(),
    editable: r.historyType !== "LOG" && !!g && privilegeOf(book, g) === "READ_WRITE" && (book.admin || r.userId === caller.auth.userId),
    mailId: r.mailId,
  };
}

/** GET api/customer/history */
export async function historyList(caller: Caller, q: z.infer<typeof historyQuery>): Promise<Page<CustomerHistoryItem>> {
  const book = await loadBook(caller);
  readable(book, q.groupId);
  const where: SQL = and(
    eq(customerHistory.groupId, q.groupId),
    q.id ? eq(customerHistory.cardId, q.id) : undefined,
    q.historyType !== "ALL" ? eq(customerHistory.historyType, q.historyType) : undefined,
    q.searchWords ? ilike(customerHistory.content, containsPattern(q.searchWords)) : undefined,
  )!;
  const { rows, total } = await repo.historyPage(caller.deps.db, caller.auth.companyId, where, q.dir, q.sort === "createdTimeMillis" ? "created" : "updated", q.pageSize, q.page * q.pageSize);
  return pageOf(rows.map((r) => itemOf(r, book, caller)), total, q);
}

/** POST api/customer/history (201): a memo on a group, or on one of its cards. */
export async function addMemo(caller: Caller, input: { groupId: number; cardId?: number; content: string }, cardInGroup: (id: number, groupId: number) => Promise<boolean>) {
  const book = await loadBook(caller);
  writable(book, input.groupId);
  if (input.cardId && !(await cardInGroup(input.cardId, input.groupId))) throw notFound();
  const now = caller.deps.clock.now();
  const [row] = await caller.deps.db.insert(customerHistory).values({
    companyId: caller.auth.companyId, groupId: input.groupId, cardId: input.cardId ?? null, historyType: "MEMO", action: "ADD",
    subject: "MEMO", content: input.content, userId: caller.auth.userId, userName: caller.auth.username, createdAt: now, updatedAt: now,
  }).returning();
  return itemOf(row, book, caller);
}

async function ownMemo(caller: Caller, id: number) {
  const book = await loadBook(caller);
  const row = await repo.findHistory(caller.deps.db, caller.auth.companyId, id);
  if (!row) throw notFound();
  readable(book, row.groupId);
  if (row.historyType !== "MEMO") throw new AppError(403, "customer.no_permission");
  writable(book, row.groupId);
  if (!book.admin && row.userId !== caller.auth.userId) throw new AppError(403, "customer.no_permission");
  return { book, row };
}

/** PATCH api/customer/history: the author (or a book admin) edits a memo. */
export async function patchMemo(caller: Caller, id: number, content: string) {
  const { book } = await ownMemo(caller, id);
  await repo.updateHistory(caller.deps.db, caller.auth.companyId, id, content, caller.deps.clock.now());
  return itemOf((await repo.findHistory(caller.deps.db, caller.auth.companyId, id))!, book, caller);
}

/** DELETE api/customer/history/{id} */
export async function deleteMemo(caller: Caller, id: number) {
  const { row } = await ownMemo(caller, id);
  await caller.deps.db.transaction(async (tx) => {
    await repo.deleteHistory(tx, caller.auth.companyId, id);
    await log(tx, caller, [{ groupId: row.groupId, cardId: row.cardId, action: "DELETE", subject: "MEMO", content: row.content.slice(0, 100) }]);
  });
}
