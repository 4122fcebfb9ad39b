// The rules every task write shares: the task of the project or 404 flow.task_not_found, its group or 404
// flow.group_not_found, assignees JOINED (400 flow.assignee_invalid params.userId), dates in order (409
// flow.start_after_due / flow.due_before_start), the content as kept (HTML through the boards' sanitiser), the
// title's search vector, and the keys that put a task last in a lane.
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { DbOrTx } from "../../../../db/client.ts";
import type { TaskStatus } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";
import { sanitizePostHtml } from "../../board/posts/sanitize.ts";
import { defaultGroup, groupRow, type GroupRow } from "../groups/repo.ts";
import { checkDay } from "./days.ts";
import { joinedAmong, type KeyLane, lastKey, taskRow, type TaskRow } from "./repo.ts";

export const taskNotFound = () => new AppError(404, FLOW_ERRORS.taskNotFound);
export const groupNotFound = () => new AppError(404, FLOW_ERRORS.groupNotFound);
export const subtaskMove = () => new AppError(409, FLOW_ERRORS.subtaskMove);

export async function requireTask(db: DbOrTx, companyId: number, projectId: number, taskId: number, lock = false): Promise<TaskRow> {
  const t = await taskRow(db, companyId, projectId, taskId, lock);
  if (!t) throw taskNotFound();
  return t;
}

/** The project's group `groupId`, or its default group when none is named. */
export async function requireGroup(db: DbOrTx, companyId: number, projectId: number, groupId: number | undefined): Promise<GroupRow> {
  const g = groupId ? await groupRow(db, companyId, projectId, groupId) : await defaultGroup(db, companyId, projectId);
  if (!g) throw groupNotFound();
  return g;
}

/** 400 flow.assignee_invalid (params.userId) for the first who is not a JOINED member; the ids once each. */
export async function checkedAssignees(db: DbOrTx, projectId: number, userIds: number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  const joined = await joinedAmong(db, projectId, ids);
  const bad = ids.find((id) => !joined.has(id));
  if (bad !== undefined) throw new AppError(400, FLOW_ERRORS.assigneeInvalid, { userId: bad });
  return ids;
}

/** A day field as stored: null for "" or none; 400 for a string that is no day. */
export function dayValue(field: string, v: string | undefined | null): string | null {
  if (!v) return null;
  checkDay(field, v);
  return v;
}

export function checkStartBeforeDue(start: string | null, due: string | null): void {
  if (start && due && start > due) throw new AppError(409, FLOW_ERRORS.startAfterDue);
}
export function checkDueAfterStart(start: string | null, due: string | null): void {
  if (start && due && due < start) throw new AppError(409, FLOW_ERRORS.dueBeforeStart);
}

/** The content as kept: HTML sanitised as the boards' posts are, plain text as it is. */
export const contentOf = (content: string, type: "text/html" | "text/plain") =>
  type === "text/html" && content ? sanitizePostHtml(content).html : content;

/** The title's lexemes (search-tokens.ts) as the search_vector literal. */
export const titleVector = (title: string) => vectorLiteral([[lexemes(title, 400), "A"]]);

/** completed_at for a status: now for COMPLETED (kept when it was completed already), else none. */
export const completedFor = (status: TaskStatus, was: TaskRow | null, now: Date) =>
  status === "COMPLETED" ? (was?.status === "COMPLETED" && was.completedAt ? was.completedAt : now) : null;

/** A key after the lane's last. */
export async function keyLast(db: DbOrTx, lane: KeyLane): Promise<string> {
  return generateKeyBetween(await lastKey(db, lane), null);
}

/** `n` keys after the lane's last, in order. */
export async function keysLast(db: DbOrTx, lane: KeyLane, n: number): Promise<string[]> {
  return n ? generateNKeysBetween(await lastKey(db, lane), null, n) : [];
}
