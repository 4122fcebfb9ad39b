// Flow's addresses (002 §2 "Flow"), zod-free (router-level code imports it):
//   /flow/projects                                    the project list (flow_projects)
//   /flow/{projectId}/tasks                           a project's tasks, or every project's with projectId all
//                                                     (flow_tasks; the default entry is all with filterId my)
//   /flow/{projectId}/tasks/{actionObj}               with actionObj: JSON of filterId, statuses, priorities,
//                                                     assignees, rangeType, startDate, endDate, includeNoDate,
//                                                     searchWord, viewType, popup (flow_tasks_action); taskId
//                                                     (ours) opens a task's detail, in every project's list
//                                                     with its taskProjectId (ours)
//   /flow/projects/{projectId}/tasks/{taskId}/file/{fileId}/view   the attachment viewer
import type { FlowViewType, RangeType, TaskPriority, TaskStatus } from "@shared/flow/constants.ts";

export interface FlowActionObj {
  filterId?: string;
  statuses?: TaskStatus[];
  priorities?: TaskPriority[];
  assignees?: number[];
  rangeType?: RangeType;
  startDate?: string;
  endDate?: string;
  includeNoDate?: boolean;
  searchWord?: string;
  viewType?: FlowViewType;
  popup?: boolean;
  taskId?: number;
  /** The project of taskId in every project's list (all), where the task may not be among the rows loaded. */
  taskProjectId?: number;
}

export const projectsPath = "/flow/projects";
export const tasksPath = (projectId: number | "all", action?: FlowActionObj) =>
  action && Object.keys(action).length > 0
    ? `/flow/${projectId}/tasks/${encodeURIComponent(JSON.stringify(action))}`
    : `/flow/${projectId}/tasks`;
/** 002 §2 "Default entry: projectId all with filterId my". */
export const flowHome = tasksPath("all", { filterId: "my" });
export const fileViewerPath = (projectId: number, taskId: number, fileId: number) => `/flow/projects/${projectId}/tasks/${taskId}/file/${fileId}/view`;

const STATUS_SET = new Set<string>(["REQUESTED", "IN_PROGRESS", "FEEDBACK", "COMPLETED", "ON_HOLD"]);
const PRIORITY_SET = new Set<string>(["URGENT", "HIGH", "NORMAL", "LOW"]);
const RANGE_SET = new Set<string>(["THIS_WEEK", "NEXT_WEEK", "LAST_WEEK", "THIS_MONTH"]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An actionObj segment read leniently: anything malformed is left out, so a hand-edited address still shows a list. */
export function parseAction(raw: string | undefined): FlowActionObj {
  let o: Record<string, unknown> = {};
  try {
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (v && typeof v === "object" && !Array.isArray(v)) o = v as Record<string, unknown>;
  } catch { /* a malformed address shows the plain list */ }
  const list = <T extends string>(v: unknown, ok: Set<string>) => Array.isArray(v) ? v.filter((x): x is T => typeof x === "string" && ok.has(x)) : undefined;
  const out: FlowActionObj = {};
  if (typeof o.filterId === "string" && /^[a-z0-9]{1,20}$/.test(o.filterId)) out.filterId = o.filterId;
  const statuses = list<TaskStatus>(o.statuses, STATUS_SET);
  if (statuses?.length) out.statuses = statuses;
  const priorities = list<TaskPriority>(o.priorities, PRIORITY_SET);
  if (priorities?.length) out.priorities = priorities;
  if (Array.isArray(o.assignees)) {
    const ids = o.assignees.filter((x): x is number => Number.isSafeInteger(x) && (x as number) > 0);
    if (ids.length) out.assignees = ids;
  }
  if (typeof o.rangeType === "string" && RANGE_SET.has(o.rangeType)) out.rangeType = o.rangeType as RangeType;
  if (typeof o.startDate === "string" && DAY.test(o.startDate)) out.startDate = o.startDate;
  if (typeof o.endDate === "string" && DAY.test(o.endDate)) out.endDate = o.endDate;
  if (typeof o.includeNoDate === "boolean") out.includeNoDate = o.includeNoDate;
  if (typeof o.searchWord === "string" && o.searchWord.trim()) out.searchWord = o.searchWord.trim().slice(0, 100);
  if (o.viewType === "LIST" || o.viewType === "KANBAN") out.viewType = o.viewType;
  if (o.popup === true) out.popup = true;
  if (Number.isSafeInteger(o.taskId) && (o.taskId as number) > 0) out.taskId = o.taskId as number;
  if (out.taskId && Number.isSafeInteger(o.taskProjectId) && (o.taskProjectId as number) > 0) out.taskProjectId = o.taskProjectId as number;
  return out;
}

/** The projectId segment: "all" or a positive id; anything else null. */
export function parseProjectId(raw: string | undefined): number | "all" | null {
  if (raw === "all") return "all";
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** Links and navigations of the island ({...flowLinks.tasks(id, action)} on a Link, or navigate(...)), typed loosely:
 *  the parts mount their routes through untyped route functions. */
const loose = (to: string, params?: Record<string, string>) => ({ to: to as "/flow", params: params as never });
export const flowLinks = {
  projects: () => loose(projectsPath),
  tasks: (projectId: number | "all", action?: FlowActionObj) =>
    action && Object.keys(action).length > 0
      ? loose("/flow/$projectId/tasks/$actionObj", { projectId: String(projectId), actionObj: JSON.stringify(action) })
      : loose("/flow/$projectId/tasks", { projectId: String(projectId) }),
  home: () => loose("/flow/$projectId/tasks/$actionObj", { projectId: "all", actionObj: JSON.stringify({ filterId: "my" }) }),
};
