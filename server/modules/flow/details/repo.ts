// A task's checklist, comments and files as SQL (no rules here), and the counters on flow_tasks kept beside
// them in the same transaction (checklist_cnt, checklist_done_cnt, comment_cnt, file_cnt). Every query is
// scoped by the company and the task.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { flowChecklist, flowComments, flowTaskFiles } from "../../../../db/schema/flow.ts";

export type ChecklistRow = typeof flowChecklist.$inferSelect;
export type FileRow = typeof flowTaskFiles.$inferSelect;
export interface CommentRow {
  id: number;
  taskId: number;
  userId: number;
  userName: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

export async function checklistOf(db: DbOrTx, companyId: number, taskId: number): Promise<ChecklistRow[]> {
  return await db.select().from(flowChecklist)
    .where(and(eq(flowChecklist.taskId, taskId), eq(flowChecklist.companyId, companyId))).orderBy(asc(flowChecklist.id));
}

export async function checklistRow(db: DbOrTx, companyId: number, taskId: number, id: number): Promise<ChecklistRow | null> {
  const [r] = await db.select().from(flowChecklist)
    .where(and(eq(flowChecklist.id, id), eq(flowChecklist.taskId, taskId), eq(flowChecklist.companyId, companyId)));
  return r ?? null;
}

export async function insertChecklist(db: DbOrTx, v: typeof flowChecklist.$inferInsert): Promise<void> {
  await db.insert(flowChecklist).values(v);
}

export async function updateChecklist(db: DbOrTx, id: number, set: { title?: string; checked?: boolean }): Promise<ChecklistRow> {
  const [r] = await db.update(flowChecklist).set(set).where(eq(flowChecklist.id, id)).returning();
  return r;
}

export async function deleteChecklist(db: DbOrTx, id: number): Promise<void> {
  await db.delete(flowChecklist).where(eq(flowChecklist.id, id));
}

/** The task's checklist counters from its rows. */
export async function recountChecklist(db: DbOrTx, taskId: number): Promise<void> {
  await db.execute(sql`
    update flow_tasks set checklist_cnt = c.n, checklist_done_cnt = c.done
      from (select count(*) as n, count(*) filter (where checked) as done from flow_checklist where task_id = ${taskId}) c
     where id = ${taskId}`);
}

const commentColumns = sql`c.id, c.task_id, c.user_id, u.account_name as user_name, c.content,
  floor(extract(epoch from c.created_at) * 1000)::bigint as created_ms, floor(extract(epoch from c.updated_at) * 1000)::bigint as updated_ms`;
const commentOf = (r: Record<string, unknown>): CommentRow => ({
  id: Number(r.id),
  taskId: Number(r.task_id),
  userId: Number(r.user_id),
  userName: String(r.user_name ?? ""),
  content: String(r.content),
  createdAt: new Date(Number(r.created_ms)),
  updatedAt: new Date(Number(r.updated_ms)),
});

export async function commentsOf(db: DbOrTx, companyId: number, taskId: number): Promise<CommentRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select ${commentColumns} from flow_comments c join users u on u.id = c.user_id
     where c.task_id = ${taskId} and c.company_id = ${companyId} order by c.id`);
  return rows.map(commentOf);
}

export async function commentRow(db: DbOrTx, companyId: number, taskId: number, id: number): Promise<CommentRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`
    select ${commentColumns} from flow_comments c join users u on u.id = c.user_id
     where c.id = ${id} and c.task_id = ${taskId} and c.company_id = ${companyId}`);
  return r ? commentOf(r) : null;
}

export async function insertComment(db: DbOrTx, v: typeof flowComments.$inferInsert): Promise<number> {
  const [r] = await db.insert(flowComments).values(v).returning({ id: flowComments.id });
  await addCount(db, v.taskId, "comment_cnt", 1);
  return r.id;
}

export async function updateComment(db: DbOrTx, id: number, content: string, at: Date): Promise<void> {
  await db.update(flowComments).set({ content, updatedAt: at }).where(eq(flowComments.id, id));
}

export async function deleteComment(db: DbOrTx, taskId: number, id: number): Promise<void> {
  await db.delete(flowComments).where(eq(flowComments.id, id));
  await addCount(db, taskId, "comment_cnt", -1);
}

async function addCount(db: DbOrTx, taskId: number, column: "comment_cnt" | "file_cnt", delta: number): Promise<void> {
  await db.execute(sql`update flow_tasks set ${sql.raw(column)} = greatest(0, ${sql.raw(column)} + ${delta}) where id = ${taskId}`);
}

export async function filesOf(db: DbOrTx, companyId: number, taskId: number): Promise<FileRow[]> {
  return await db.select().from(flowTaskFiles)
    .where(and(eq(flowTaskFiles.taskId, taskId), eq(flowTaskFiles.companyId, companyId))).orderBy(asc(flowTaskFiles.id));
}

export async function fileRow(db: DbOrTx, companyId: number, taskId: number, id: number): Promise<FileRow | null> {
  const [r] = await db.select().from(flowTaskFiles)
    .where(and(eq(flowTaskFiles.id, id), eq(flowTaskFiles.taskId, taskId), eq(flowTaskFiles.companyId, companyId)));
  return r ?? null;
}

export async function fileCount(db: DbOrTx, taskId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from flow_task_files where task_id = ${taskId}`);
  return Number(r.n);
}

export async function insertFile(db: DbOrTx, v: typeof flowTaskFiles.$inferInsert): Promise<FileRow> {
  const [r] = await db.insert(flowTaskFiles).values(v).returning();
  await addCount(db, v.taskId, "file_cnt", 1);
  return r;
}

export async function deleteFile(db: DbOrTx, taskId: number, id: number): Promise<void> {
  await db.delete(flowTaskFiles).where(eq(flowTaskFiles.id, id));
  await addCount(db, taskId, "file_cnt", -1);
}
