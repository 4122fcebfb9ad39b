// Reading one task (shared/flow/tasks.ts GET projects/{p}/tasks/{t}: with its subtasks, checklist, comments and
// files) and a task's subtasks (GET projects/{p}/tasks/sub/{t}). JOINED members of the project, any authority.
import type { FlowTask } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireJoined } from "../access.ts";
import { checklistItemOf, commentOf, fileOf } from "../details/present.ts";
import { checklistOf, commentsOf, filesOf } from "../details/repo.ts";
import * as repo from "./repo.ts";
import { requireTask } from "./rules.ts";

export async function getTask(caller: Caller, projectId: number, taskId: number): Promise<FlowTask> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const access = await requireJoined(db, caller, projectId);
  await requireTask(db, companyId, projectId, taskId);
  const [[task], subTasks, checklist, comments, files] = await Promise.all([
    repo.tasksAnswered(db, companyId, [taskId], { content: true }),
    repo.subTasks(db, companyId, taskId),
    checklistOf(db, companyId, taskId),
    commentsOf(db, companyId, taskId),
    filesOf(db, companyId, taskId),
  ]);
  return {
    ...task,
    subTasks,
    checklist: checklist.map(checklistItemOf),
    comments: comments.map((c) => commentOf(c, userId, access.authority)),
    files: files.map((f) => fileOf(f, projectId)),
  };
}

export async function getSubTasks(caller: Caller, projectId: number, taskId: number): Promise<FlowTask[]> {
  const { db } = caller.deps;
  await requireJoined(db, caller, projectId);
  await requireTask(db, caller.auth.companyId, projectId, taskId);
  return await repo.subTasks(db, caller.auth.companyId, taskId);
}
