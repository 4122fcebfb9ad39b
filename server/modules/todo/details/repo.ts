// SQL of an item's detail (db/schema/todo.ts): the item row with its counters, checklist entries, files and
// comments, and the counters kept on todo_items (checklist_cnt, checklist_done_cnt, attach_cnt, comment_cnt)
// recounted from the rows in the same transaction as every change. Scoped by the company and the item.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { todoChecklist, todoComments, todoItemFiles, todoItems } from "../../../../db/schema/todo.ts";

export type ItemRow = typeof todoItems.$inferSelect;
export type ChecklistRow = typeof todoChecklist.$inferSelect;
export type FileRow = typeof todoItemFiles.$inferSelect;
export type CommentRow = typeof todoComments.$inferSelect & { userName: string | null };

/** The item of the board and company; `lock` takes it FOR UPDATE (changes of its detail one at a time). */
export async function itemOfBoard(db: DbOrTx, companyId: number, boardId: number, itemId: number, lock = false): Promise<ItemRow | null> {
  const q = db.select().from(todoItems)
    .where(and(eq(todoItems.id, itemId), eq(todoItems.boardId, boardId), eq(todoItems.companyId, companyId)));
  const [r] = lock ? await q.for("no key update") : await q;
  return r ?? null;
}

export async function writeContent(db: DbOrTx, itemId: number, content: string, now: Date): Promise<void> {
  await db.update(todoItems).set({ content, updatedAt: now }).where(eq(todoItems.id, itemId));
}

/** Recounts the item's counters from its rows. */
export async function recount(db: DbOrTx, itemId: number): Promise<void> {
  await db.execute(sql`update todo_items i set
      checklist_cnt = (select count(*) from todo_checklist c where c.item_id = i.id),
      checklist_done_cnt = (select count(*) from todo_checklist c where c.item_id = i.id and c.checked),
      attach_cnt = (select count(*) from todo_item_files f where f.item_id = i.id),
      comment_cnt = (select count(*) from todo_comments m where m.item_id = i.id)
    where i.id = ${itemId}`);
}

export async function checklistOf(db: DbOrTx, itemId: number): Promise<ChecklistRow[]> {
  return await db.select().from(todoChecklist).where(eq(todoChecklist.itemId, itemId)).orderBy(asc(todoChecklist.id));
}

export async function insertChecklist(db: DbOrTx, row: typeof todoChecklist.$inferInsert): Promise<void> {
  await db.insert(todoChecklist).values(row);
}

/** Changes an entry of the item; null when it is not the item's. */
export async function updateChecklist(db: DbOrTx, itemId: number, id: number, patch: { title?: string; checked?: boolean }): Promise<ChecklistRow | null> {
  const [r] = await db.update(todoChecklist).set(patch).where(and(eq(todoChecklist.id, id), eq(todoChecklist.itemId, itemId))).returning();
  return r ?? null;
}

export async function deleteChecklist(db: DbOrTx, itemId: number, id: number): Promise<boolean> {
  const r = await db.delete(todoChecklist).where(and(eq(todoChecklist.id, id), eq(todoChecklist.itemId, itemId))).returning({ id: todoChecklist.id });
  return r.length > 0;
}

export async function filesOf(db: DbOrTx, itemId: number): Promise<FileRow[]> {
  return await db.select().from(todoItemFiles).where(eq(todoItemFiles.itemId, itemId)).orderBy(asc(todoItemFiles.id));
}

export async function fileOfItem(db: DbOrTx, itemId: number, id: number): Promise<FileRow | null> {
  const [r] = await db.select().from(todoItemFiles).where(and(eq(todoItemFiles.id, id), eq(todoItemFiles.itemId, itemId)));
  return r ?? null;
}

export async function insertFile(db: DbOrTx, row: typeof todoItemFiles.$inferInsert): Promise<FileRow> {
  const [r] = await db.insert(todoItemFiles).values(row).returning();
  return r;
}

export async function deleteFile(db: DbOrTx, itemId: number, id: number): Promise<boolean> {
  const r = await db.delete(todoItemFiles).where(and(eq(todoItemFiles.id, id), eq(todoItemFiles.itemId, itemId))).returning({ id: todoItemFiles.id });
  return r.length > 0;
}

const commentColumns = {
  id: todoComments.id, companyId: todoComments.companyId, itemId: todoComments.itemId, userId: todoComments.userId,
  content: todoComments.content, createdAt: todoComments.createdAt, updatedAt: todoComments.updatedAt,
  userName: sql<string | null>`(select display_name from users u where u.id = ${todoComments.userId})`,
};

export async function commentsOf(db: DbOrTx, itemId: number): Promise<CommentRow[]> {
  return await db.select(commentColumns).from(todoComments).where(eq(todoComments.itemId, itemId)).orderBy(asc(todoComments.id));
}

export async function commentOfItem(db: DbOrTx, itemId: number, id: number): Promise<CommentRow | null> {
  const [r] = await db.select(commentColumns).from(todoComments).where(and(eq(todoComments.id, id), eq(todoComments.itemId, itemId)));
  return r ?? null;
}

export async function insertComment(db: DbOrTx, row: typeof todoComments.$inferInsert): Promise<number> {
  const [r] = await db.insert(todoComments).values(row).returning({ id: todoComments.id });
  return r.id;
}

export async function updateComment(db: DbOrTx, id: number, content: string, now: Date): Promise<void> {
  await db.update(todoComments).set({ content, updatedAt: now }).where(eq(todoComments.id, id));
}

export async function deleteComment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(todoComments).where(eq(todoComments.id, id));
}

/** The uploader's quota, locked until the transaction ends (check, then insert). */
export async function lockedQuota(db: DbOrTx, companyId: number, userId: number): Promise<{ total: number; used: number }> {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId} for no key update`);
  return r ? { total: Number(r.total), used: Number(r.used) } : { total: 0, used: 0 };
}
