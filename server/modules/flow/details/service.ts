// A task's checklist and comments (shared/flow/task-details.ts; 002 §6 "Comments may be edited or deleted only
// by the permitted user (403: 해당 댓글에 대한 권한이 없습니다.)"). Adding and changing need the edit right on the
// project (a READ member: 403 flow.no_permission); a comment is edited by its author only and deleted by its
// author or the project's MASTER/ADMIN (else 403 flow.comment_forbidden). The task's counters move in the same
// transaction; FLOW_CHANGED (detail) after the commit.
import type { z } from "zod";
import { canManage, CHECKLIST_MAX } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { ChecklistItem, checklistAddBody, checklistPutBody, commentBody, TaskComment } from "../../../../shared/flow/task-details.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type ProjectAccess, requireEdit, requireJoined } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { noticeComment } from "../notices.ts";
import { requireTask } from "../tasks/rules.ts";
import { checklistItemOf, commentOf } from "./present.ts";
import * as repo from "./repo.ts";

const checklistNotFound = () => new AppError(404, FLOW_ERRORS.checklistNotFound);
const commentNotFound = () => new AppError(404, FLOW_ERRORS.commentNotFound);
const commentForbidden = () => new AppError(403, FLOW_ERRORS.commentForbidden);

/** Runs `work` on the task (its row locked: the counters) with the needed right, then publishes. */
async function onTask<T>(caller: Caller, projectId: number, taskId: number, edit: boolean, work: (tx: Tx, access: ProjectAccess) => Promise<T>): Promise<T> {
  const out = await caller.deps.db.transaction(async (tx) => {
    const access = edit ? await requireEdit(tx, caller, projectId) : await requireJoined(tx, caller, projectId);
    await requireTask(tx, caller.auth.companyId, projectId, taskId, true);
    return await work(tx, access);
  });
  await publishFlowChanged(caller, { projectId, kind: "detail", taskIds: [taskId] });
  return out;
}

/** POST checklist: the whole list after it. */
export async function addChecklist(caller: Caller, projectId: number, taskId: number, b: z.infer<typeof checklistAddBody>): Promise<ChecklistItem[]> {
  const { companyId } = caller.auth;
  return await onTask(caller, projectId, taskId, true, async (tx) => {
    const list = await repo.checklistOf(tx, companyId, taskId);
    if (list.length >= CHECKLIST_MAX) throw new AppError(409, FLOW_ERRORS.checklistMax);
    await repo.insertChecklist(tx, { companyId, taskId, title: b.title, checked: false, createdAt: caller.deps.clock.now() });
    await repo.recountChecklist(tx, taskId);
    return (await repo.checklistOf(tx, companyId, taskId)).map(checklistItemOf);
  });
}

/** PUT checklist { checklistId, title?, checked? }. */
export async function putChecklist(caller: Caller, projectId: number, taskId: number, b: z.infer<typeof checklistPutBody>): Promise<ChecklistItem> {
  const { companyId } = caller.auth;
  return await onTask(caller, projectId, taskId, true, async (tx) => {
    const row = await repo.checklistRow(tx, companyId, taskId, b.checklistId);
    if (!row) throw checklistNotFound();
    const set: { title?: string; checked?: boolean } = {};
    if (b.title !== undefined) set.title = b.title;
    if (b.checked !== undefined) set.checked = b.checked;
    if (!Object.keys(set).length) return checklistItemOf(row);
    const out = await repo.updateChecklist(tx, row.id, set);
    await repo.recountChecklist(tx, taskId);
    return checklistItemOf(out);
  });
}

/** DELETE checklist/{id}. */
export async function deleteChecklist(caller: Caller, projectId: number, taskId: number, id: number): Promise<void> {
  const { companyId } = caller.auth;
  await onTask(caller, projectId, taskId, true, async (tx) => {
    const row = await repo.checklistRow(tx, companyId, taskId, id);
    if (!row) throw checklistNotFound();
    await repo.deleteChecklist(tx, row.id);
    await repo.recountChecklist(tx, taskId);
  });
}

/** POST comments. */
export async function addComment(caller: Caller, projectId: number, taskId: number, b: z.infer<typeof commentBody>): Promise<TaskComment> {
  const { companyId, userId } = caller.auth;
  const comment = await onTask(caller, projectId, taskId, true, async (tx, access) => {
    const now = caller.deps.clock.now();
    const id = await repo.insertComment(tx, { companyId, taskId, userId, content: b.content, createdAt: now, updatedAt: now });
    return commentOf((await repo.commentRow(tx, companyId, taskId, id))!, userId, access.authority);
  });
  await noticeComment(caller, taskId, b.content);
  return comment;
}

/** PUT comments/{id}: the author only. */
export async function editComment(caller: Caller, projectId: number, taskId: number, id: number, b: z.infer<typeof commentBody>): Promise<TaskComment> {
  const { companyId, userId } = caller.auth;
  return await onTask(caller, projectId, taskId, false, async (tx, access) => {
    const row = await repo.commentRow(tx, companyId, taskId, id);
    if (!row) throw commentNotFound();
    if (row.userId !== userId) throw commentForbidden();
    await repo.updateComment(tx, id, b.content, caller.deps.clock.now());
    return commentOf((await repo.commentRow(tx, companyId, taskId, id))!, userId, access.authority);
  });
}

/** DELETE comments/{id}: the author, or the project's MASTER/ADMIN. */
export async function deleteComment(caller: Caller, projectId: number, taskId: number, id: number): Promise<void> {
  const { companyId, userId } = caller.auth;
  await onTask(caller, projectId, taskId, false, async (tx, access) => {
    const row = await repo.commentRow(tx, companyId, taskId, id);
    if (!row) throw commentNotFound();
    if (row.userId !== userId && !canManage(access.authority)) throw commentForbidden();
    await repo.deleteComment(tx, taskId, id);
  });
}
