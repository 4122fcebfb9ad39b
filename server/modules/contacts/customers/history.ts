// A customer group's and its cards' history (001 §3 "Customer history item", §7 api/customer/history):
// memos written by members, and the change log written here on every change. 10 a page, newest first.
import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { customerHistory, customerHistoryFiles } from "../../../../db/schema/contacts.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import {
  type CustomerHistoryItem, type HISTORY_ACTIONS, type HISTORY_SEARCH_FIELDS, type HISTORY_SUBJECTS, type historyQuery, MEMO_FILE_MAX_BYTES, MEMO_FILE_NAME_MAX,
  MEMO_FILES_MAX,
} from "../../../../shared/contacts/customers.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { containsPattern } from "../../../lib/like.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { type Book, loadBook, privilegeOf, readable, writable } from "./access.ts";
import { announce } from "./realtime.ts";
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

type FileRef = CustomerHistoryItem["attachments"][number];

export function itemOf(r: repo.HistoryRow, book: Book, caller: Caller, files: FileRef[] = []): CustomerHistoryItem {
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
    attachments: files,
  };
}

/** The history search (001 §7 searchField, searchWords): the items' text, their writer's name, or either. */
function wordIn(field: (typeof HISTORY_SEARCH_FIELDS)[number], pattern: string): SQL {
  if (field === "CONTENT") return ilike(customerHistory.content, pattern);
  if (field === "USER_NAME") return ilike(customerHistory.userName, pattern);
  return or(ilike(customerHistory.content, pattern), ilike(customerHistory.userName, pattern))!;
}

/** GET api/customer/history */
export async function historyList(caller: Caller, q: z.infer<typeof historyQuery>): Promise<Page<CustomerHistoryItem>> {
  const book = await loadBook(caller);
  readable(book, q.groupId);
  const where: SQL = and(
    eq(customerHistory.groupId, q.groupId),
    q.id ? eq(customerHistory.cardId, q.id) : undefined,
    q.historyType !== "ALL" ? eq(customerHistory.historyType, q.historyType) : undefined,
    q.searchWords ? wordIn(q.searchField, containsPattern(q.searchWords)) : undefined,
  )!;
  const { rows, total } = await repo.historyPage(caller.deps.db, caller.auth.companyId, where, q.dir, q.sort === "createdTimeMillis" ? "created" : "updated", q.pageSize, q.page * q.pageSize);
  const files = await filesOf(caller, rows.map((r) => r.id));
  return pageOf(rows.map((r) => itemOf(r, book, caller, files.get(r.id))), total, q);
}

/** A memo's files as the history items carry them, by history id. */
async function filesOf(caller: Caller, ids: number[]): Promise<Map<number, FileRef[]>> {
  const out = new Map<number, FileRef[]>();
  if (ids.length === 0) return out;
  const rows = await caller.deps.db.select().from(customerHistoryFiles).where(and(
    eq(customerHistoryFiles.companyId, caller.auth.companyId), sql`${customerHistoryFiles.historyId} = any(${bigintArray(ids)})`,
  )).orderBy(asc(customerHistoryFiles.position));
  for (const f of rows) {
    const list = out.get(f.historyId) ?? [];
    list.push({ position: f.position, name: f.name, size: f.size, contentType: f.contentType });
    out.set(f.historyId, list);
  }
  return out;
}

export interface MemoFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A file name as stored: NFC, no path, no control characters, at most MEMO_FILE_NAME_MAX characters. */
function fileName(name: string): string {
  // deno-lint-ignore no-control-regex -- control characters are dropped from names
  const base = name.normalize("NFC").toWellFormed().split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "file").slice(0, MEMO_FILE_NAME_MAX);
}

/** POST api/customer/history (201): a memo on a group, or on one of its cards, with its files. */
export async function addMemo(
  caller: Caller, input: { groupId: number; cardId?: number; content: string }, cardInGroup: (id: number, groupId: number) => Promise<boolean>,
  files: MemoFile[] = [],
) {
  const book = await loadBook(caller);
  writable(book, input.groupId);
  if (input.cardId && !(await cardInGroup(input.cardId, input.groupId))) throw notFound();
  if (files.length > MEMO_FILES_MAX) throw new AppError(400, "customer.too_many_files");
  if (files.some((f) => f.bytes.length > MEMO_FILE_MAX_BYTES)) throw new AppError(413, "customer.file_too_large");
  // The bytes first: a blob no row names is collected later, a row never names missing bytes.
  const stored: (MemoFile & { key: string })[] = [];
  for (const f of files) stored.push({ ...f, key: (await caller.deps.blobs.put(f.bytes)).key });
  const now = caller.deps.clock.now();
  const row = await caller.deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(customerHistory).values({
      companyId: caller.auth.companyId, groupId: input.groupId, cardId: input.cardId ?? null, historyType: "MEMO", action: "ADD",
      subject: "MEMO", content: input.content, userId: caller.auth.userId, userName: caller.auth.username, createdAt: now, updatedAt: now,
    }).returning();
    if (stored.length) {
      await tx.insert(customerHistoryFiles).values(stored.map((f, position) => ({
        companyId: caller.auth.companyId, historyId: row.id, position, name: fileName(f.name), size: f.bytes.length,
        contentType: (f.type || "application/octet-stream").slice(0, 200), fileBlobKey: f.key,
      })));
    }
    return row;
  });
  await announce(caller, [input.groupId], input.cardId);
  return itemOf(row, book, caller, (await filesOf(caller, [row.id])).get(row.id));
}

/** GET api/customer/history/attach/{historyId}/{position}: a memo's file, for readers of the group. */
export async function memoFile(caller: Caller, historyId: number, position: number): Promise<{ name: string; bytes: Uint8Array }> {
  const book = await loadBook(caller);
  const row = await repo.findHistory(caller.deps.db, caller.auth.companyId, historyId);
  if (!row) throw notFound();
  readable(book, row.groupId);
  const [f] = await caller.deps.db.select().from(customerHistoryFiles).where(and(
    eq(customerHistoryFiles.companyId, caller.auth.companyId), eq(customerHistoryFiles.historyId, historyId), eq(customerHistoryFiles.position, position),
  ));
  if (!f) throw notFound();
  return { name: f.name, bytes: await caller.deps.blobs.get(f.fileBlobKey) };
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
  const { book, row } = await ownMemo(caller, id);
  await repo.updateHistory(caller.deps.db, caller.auth.companyId, id, content, caller.deps.clock.now());
  await announce(caller, [row.groupId], row.cardId);
  return itemOf((await repo.findHistory(caller.deps.db, caller.auth.companyId, id))!, book, caller, (await filesOf(caller, [id])).get(id));
}

/** DELETE api/customer/history/{id} */
export async function deleteMemo(caller: Caller, id: number) {
  const { row } = await ownMemo(caller, id);
  await caller.deps.db.transaction(async (tx) => {
    await repo.deleteHistory(tx, caller.auth.companyId, id);
    await log(tx, caller, [{ groupId: row.groupId, cardId: row.cardId, action: "DELETE", subject: "MEMO", content: row.content.slice(0, 100) }]);
  });
  await announce(caller, [row.groupId], row.cardId);
}
