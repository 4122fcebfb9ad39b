// The bell's notices of flow (issue 32, shared/notifications/kinds.ts flow.*), after the write committed and
// never for the actor (notify() leaves them out): a task's assignees gaining someone (flow.assigned), an
// invitation (flow.invited), an application to the project's MASTER (flow.applied), an application decided
// (flow.decided), a comment on a task to its assignees (flow.comment). Links are the web's routes
// (web/src/modules/flow/paths.ts): a task opens in its project's list with taskId; a project is its task list,
// or the project list for someone not (yet) in it. A deleted task's notices go with it (forgetObjects "flow").
import { sql } from "drizzle-orm";
import type { NotificationKind } from "../../../shared/notifications/kinds.ts";
import type { Caller } from "../../lib/context.ts";
import { bigintArray } from "../../lib/sql-array.ts";
import { flowProjectLink, flowTaskLink } from "../../lib/app-links.ts";
import { notify } from "../notifications/notify.ts";

const PROJECTS = "/flow/projects";

async function taskTitles(caller: Caller, taskIds: number[]): Promise<Map<number, { projectId: number; title: string }>> {
  if (!taskIds.length) return new Map();
  const rows = await caller.deps.db.execute<{ id: string; project_id: string; title: string }>(sql`
    select id, project_id, title from flow_tasks where company_id = ${caller.auth.companyId} and id = any(${bigintArray(taskIds)})`);
  return new Map(rows.map((r) => [Number(r.id), { projectId: Number(r.project_id), title: r.title }]));
}

/** flow.assigned: for each task, the people newly among its assignees. */
export async function noticeAssigned(caller: Caller, gained: Map<number, number[]>): Promise<void> {
  try {
    const wanted = [...gained].filter(([, ids]) => ids.some((id) => id !== caller.auth.userId));
    if (!wanted.length) return;
    const titles = await taskTitles(caller, wanted.map(([id]) => id));
    for (const [taskId, userIds] of wanted) {
      const t = titles.get(taskId);
      if (!t) continue;
      await notify(caller.deps, caller.auth.companyId, {
        kind: "flow.assigned", userIds, actorId: caller.auth.userId, title: t.title, link: flowTaskLink(t.projectId, taskId), objectKey: `flow:${taskId}`,
      });
    }
  } catch (e) {
    caller.deps.log.error("flow: recording assignment notices failed", e);
  }
}

/** flow.comment: the task's assignees (the commenter left out). */
export async function noticeComment(caller: Caller, taskId: number, text: string): Promise<void> {
  try {
    const t = (await taskTitles(caller, [taskId])).get(taskId);
    if (!t) return;
    const rows = await caller.deps.db.execute<{ user_id: string }>(sql`select user_id from flow_task_assignees where task_id = ${taskId}`);
    await notify(caller.deps, caller.auth.companyId, {
      kind: "flow.comment", userIds: rows.map((r) => Number(r.user_id)), actorId: caller.auth.userId, title: t.title,
      excerpt: plainText(text), link: flowTaskLink(t.projectId, taskId), objectKey: `flow:${taskId}`,
    });
  } catch (e) {
    caller.deps.log.error("flow: recording a comment notice failed", e);
  }
}

/** flow.invited, flow.applied, flow.decided: about a project. */
export async function noticeProject(
  caller: Caller,
  kind: Extract<NotificationKind, "flow.invited" | "flow.applied" | "flow.decided">,
  projectId: number,
  userIds: number[],
  opts: { member: boolean },
): Promise<void> {
  if (!userIds.length) return;
  try {
    const [p] = await caller.deps.db.execute<{ title: string }>(sql`
      select title from flow_projects where company_id = ${caller.auth.companyId} and id = ${projectId}`);
    if (!p) return;
    await notify(caller.deps, caller.auth.companyId, {
      kind, userIds, actorId: caller.auth.userId, title: p.title, link: opts.member ? flowProjectLink(projectId) : PROJECTS,
      objectKey: `flow-project:${projectId}`,
    });
  } catch (e) {
    caller.deps.log.error(`flow: recording ${kind} failed`, e);
  }
}


/** A comment's text without its markup, for the excerpt. */
function plainText(s: string): string {
  return s.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
