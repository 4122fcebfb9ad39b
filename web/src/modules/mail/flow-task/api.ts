// The mail module's calls of flow (shared/flow/mail-tasks.ts): make tasks of mails (POST /api/mails/flow/tasks),
// the caller's mail-task links (GET, to find a linked task's project), and the pickers' lists (GET
// /api/flow/projects/my, /api/flow/projects/{id}/groups). Enabled only where the company uses flow.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MailTaskLink } from "@shared/flow/mail-tasks.ts";
import type { FlowProject } from "@shared/flow/projects.ts";
import type { FlowTask, TaskGroup } from "@shared/flow/tasks.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../../lib/api.ts";
import { userDetailQuery } from "../../../app/queries.ts";

export const makeMailTasks = (body: { projectId: number; groupId: number; mailIds: number[] }) =>
  api<FlowTask[]>("/api/mails/flow/tasks", { method: "POST", json: body });

/** The lists flow's own screens read live under "flow"; these are the mail module's, under "mail-flow". */
export const mailFlowKeys = { all: ["mail-flow"] as const, links: ["mail-flow", "links"] as const };

export const myProjectsForMail = queryOptions({
  queryKey: ["mail-flow", "projects"],
  queryFn: ({ signal }) => api<Page<FlowProject>>("/api/flow/projects/my", { query: { page: 0, pageSize: 200 }, signal }),
});
export const groupsForMail = (projectId: number) =>
  queryOptions({
    queryKey: ["mail-flow", "groups", projectId],
    queryFn: ({ signal }) => api<TaskGroup[]>(`/api/flow/projects/${projectId}/groups`, { signal }),
  });
/** The caller's newest mail-task links (to open a linked mail's task: the mail view carries the task id only). */
export const mailTaskLinksQuery = queryOptions({
  queryKey: mailFlowKeys.links,
  queryFn: ({ signal }) => api<Page<MailTaskLink>>("/api/mails/flow/tasks", { query: { page: 0, pageSize: 200 }, signal }),
});

/** Whether the user's company uses flow (usedModules has "flow"). */
export function useFlowUsed(): boolean {
  return useQuery(userDetailQuery).data?.usedModules.includes("flow") ?? false;
}
