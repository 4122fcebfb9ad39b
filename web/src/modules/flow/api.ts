// Every call of flow (002 §7 "Flow (base api/flow)"; paths, bodies and answers in the headers of
// shared/flow/projects.ts, tasks.ts and task-details.ts), through the app's API client. Bodies are the schemas'
// input types. Files go through lib/upload.ts (progress and cancel).
import type { z } from "zod";
import type { Page } from "@shared/paging.ts";
import type { Authority, FlowViewType, RangeType, TaskPriority, TaskStatus } from "@shared/flow/constants.ts";
import type { FlowFolder, FlowMember, FlowProject, inviteBody, projectBody } from "@shared/flow/projects.ts";
import type {
  bulkBody, createTaskBody, FlowTask, moveTaskBody, TaskBoard, TaskField, taskFieldBodies, TaskFilter, taskFilterBody, TaskGroup,
  TaskPage,
} from "@shared/flow/tasks.ts";
import type { ChecklistItem, EmlView, TaskComment, TaskFile } from "@shared/flow/task-details.ts";
import { api, authorized, type Query } from "../../lib/api.ts";
import { uploadForm, type UploadHandle } from "../../lib/upload.ts";

export const F = "/api/flow";

export type ProjectInput = z.input<typeof projectBody>;
export type InviteInput = z.input<typeof inviteBody>;
export type CreateTaskInput = z.input<typeof createTaskBody>;
export type BulkInput = z.input<typeof bulkBody>;
export type MoveTaskInput = z.input<typeof moveTaskBody>;
export type TaskFilterInput = z.input<typeof taskFilterBody>;
export type TaskFieldInput<K extends TaskField> = z.input<(typeof taskFieldBodies)[K]>;

// ── Projects, members and the tree (shared/flow/projects.ts) ────────────────────────────────────────────────
export const folders = (signal?: AbortSignal) => api<FlowFolder[]>(`${F}/folders`, { signal });
export const createProject = (body: ProjectInput) => api<FlowProject>(`${F}/projects`, { method: "POST", json: body });
export const updateProject = (id: number, body: ProjectInput) => api<FlowProject>(`${F}/projects/${id}`, { method: "PUT", json: body });
export const deleteProject = (id: number) => api<void>(`${F}/projects/${id}`, { method: "DELETE" });
export const myProjects = (page: number, pageSize?: number, signal?: AbortSignal) =>
  api<Page<FlowProject>>(`${F}/projects/my`, { query: { page, pageSize }, signal });
export interface AllProjectsParams {
  page: number;
  pageSize?: number;
  excludeMyProjects?: boolean;
  excludePrivateProjects?: boolean;
  title?: string;
}
export const allProjects = (p: AllProjectsParams, signal?: AbortSignal) =>
  api<Page<FlowProject>>(`${F}/projects/all`, { query: { ...p, title: p.title || undefined }, signal });
export const getProject = (id: number, signal?: AbortSignal) => api<FlowProject>(`${F}/projects/${id}`, { signal });

const P = (id: number | "all") => `${F}/projects/${id}`;
export const inviteMembers = (id: number, body: InviteInput) => api<FlowMember[]>(`${P(id)}/members/invite`, { method: "POST", json: body });
export const resendInvite = (id: number, memberIds: number[]) => api<unknown>(`${P(id)}/members/invite/resend`, { method: "POST", json: { memberIds } });
export const applyProject = (id: number) => api<FlowProject>(`${P(id)}/members/apply`, { method: "POST" });
export const resendApply = (id: number) => api<unknown>(`${P(id)}/members/apply/resend`, { method: "POST" });
export const setFavorite = (id: number, on: boolean) => api<FlowProject>(`${P(id)}/members/favorite`, { method: "PUT", json: { favoriteStatus: on ? 1 : 0 } });
export const setAuthority = (id: number, memberId: number, authority: Exclude<Authority, "MASTER">) =>
  api<FlowMember>(`${P(id)}/members/authority`, { method: "PUT", json: { memberId, authority } });
export const delegate = (id: number, memberId: number) => api<FlowProject>(`${P(id)}/delegate`, { method: "PUT", json: { memberId } });
export const acceptInvite = (id: number) => api<FlowProject>(`${P(id)}/members/accept`, { method: "PUT" });
export const approveMembers = (id: number, memberIds: number[]) => api<FlowMember[]>(`${P(id)}/members/approve`, { method: "PUT", json: { memberIds } });
export const removeMembers = (id: number, memberIds: number[]) => api<void>(`${P(id)}/members`, { method: "DELETE", query: { memberIds } });
export const leaveProject = (id: number) => api<void>(`${P(id)}/leave`, { method: "DELETE" });
/** The caller's invitation declined; with memberIds (MASTER/ADMIN) those applications refused. */
export const declineProject = (id: number, memberIds?: number[]) =>
  api<void>(`${P(id)}/decline`, { method: "DELETE", ...(memberIds ? { json: { memberIds } } : {}) });
export const cancelApply = (id: number) => api<void>(`${P(id)}/cancel`, { method: "DELETE" });

// ── Task groups (shared/flow/tasks.ts) ─────────────────────────────────────────────────────────────────────
export const groups = (projectId: number, signal?: AbortSignal) => api<TaskGroup[]>(`${P(projectId)}/groups`, { signal });
export const createGroup = (projectId: number, title: string) => api<TaskGroup>(`${P(projectId)}/groups`, { method: "POST", json: { title } });
export const renameGroup = (projectId: number, id: number, title: string) =>
  api<TaskGroup>(`${P(projectId)}/groups/${id}/title`, { method: "PUT", json: { title } });
export const moveGroup = (projectId: number, id: number, targetGroupId: number, position: "BEFORE" | "AFTER") =>
  api<TaskGroup[]>(`${P(projectId)}/groups/${id}/move`, { method: "PUT", json: { targetGroupId, position } });
export const moveGroupToProject = (projectId: number, id: number, targetProjectId: number) =>
  api<TaskGroup>(`${P(projectId)}/groups/${id}/moveToProject`, { method: "PUT", json: { targetProjectId } });
export const deleteGroup = (projectId: number, id: number) => api<void>(`${P(projectId)}/groups/${id}`, { method: "DELETE" });

// ── Tasks ──────────────────────────────────────────────────────────────────────────────────────────────────
/** The task list's query (taskQuery of shared/flow/tasks.ts), from the actionObj. */
export interface TaskParams {
  viewType: FlowViewType;
  pageSize?: number;
  filterId?: string;
  assignedToMe?: boolean;
  requestedByMe?: boolean;
  title?: string;
  statuses?: TaskStatus[];
  priorities?: TaskPriority[];
  assignees?: number[];
  rangeType?: RangeType;
  startDate?: string;
  endDate?: string;
  includeNoDate?: boolean;
}
const taskQueryOf = (p: TaskParams): Query => ({
  viewType: p.viewType,
  pageSize: p.pageSize,
  filterId: p.filterId,
  assignedToMe: p.assignedToMe || undefined,
  requestedByMe: p.requestedByMe || undefined,
  title: p.title || undefined,
  statuses: p.statuses?.length ? p.statuses : undefined,
  priorities: p.priorities?.length ? p.priorities : undefined,
  assignees: p.assignees?.length ? p.assignees : undefined,
  rangeType: p.rangeType,
  startDate: p.rangeType ? undefined : p.startDate,
  endDate: p.rangeType ? undefined : p.endDate,
  includeNoDate: p.includeNoDate === undefined ? undefined : p.includeNoDate,
});
/** The first page of every lane: across the caller's projects ("all") or of one project. */
export const tasksInitial = (projectId: number | "all", p: TaskParams, signal?: AbortSignal) =>
  api<TaskBoard>(projectId === "all" ? `${F}/tasks/initial` : `${P(projectId)}/tasks/initial`, { query: taskQueryOf(p), signal });
/** The next tasks of one lane after its `after` (TaskLane.after / TaskPage.after): a group's or a status's of a
 *  project; of all, a project's in LIST (projects/{laneProjectId}/tasks) or a status's in KANBAN (projects/all). */
export const laneTasks = (projectId: number | "all", p: TaskParams, lane: { groupId?: number; status?: TaskStatus }, after: string, signal?: AbortSignal) =>
  api<TaskPage>(`${P(projectId)}/tasks`, { query: { ...taskQueryOf(p), groupId: lane.groupId, status: lane.status, after }, signal });
export const getTask = (projectId: number, taskId: number, signal?: AbortSignal) => api<FlowTask>(`${P(projectId)}/tasks/${taskId}`, { signal });
export const subTasks = (projectId: number, taskId: number, signal?: AbortSignal) => api<FlowTask[]>(`${P(projectId)}/tasks/sub/${taskId}`, { signal });
export const createTask = (projectId: number, body: CreateTaskInput) => api<FlowTask>(`${P(projectId)}/tasks`, { method: "POST", json: body });
export const bulkCreate = (projectId: number, body: BulkInput) => api<FlowTask[]>(`${P(projectId)}/tasks/bulk`, { method: "POST", json: body });
export const copyTasks = (projectId: number, taskIds: number[]) => api<FlowTask[]>(`${P(projectId)}/tasks/copy`, { method: "POST", json: { taskIds } });
export const moveTask = (projectId: number, taskId: number, viewType: FlowViewType, body: MoveTaskInput) =>
  api<FlowTask>(`${P(projectId)}/tasks/${taskId}/move/${viewType}`, { method: "PUT", json: body });
export const deleteTasks = (projectId: number, taskIds: number[]) => api<void>(`${P(projectId)}/tasks`, { method: "DELETE", json: { taskIds } });
export const deleteAllTasks = (projectId: number, groupId: number) => api<void>(`${P(projectId)}/tasks/all`, { method: "DELETE", json: { groupId } });
/** One field of a task (PUT projects/{p}/tasks/{t}/{field}). */
export const putTaskField = <K extends TaskField>(projectId: number, taskId: number, field: K, body: TaskFieldInput<K>) =>
  api<FlowTask>(`${P(projectId)}/tasks/${taskId}/${field}`, { method: "PUT", json: body });
export const moveTasksToProject = (projectId: number, body: { targetProjectId: number; targetGroupId: number; taskIds: number[] }) =>
  api<FlowTask[]>(`${P(projectId)}/tasks/project-group`, { method: "PUT", json: body });
/** Saved task filters; projectId "all" saves one for every project. */
export const saveFilter = (projectId: number | "all", body: TaskFilterInput) =>
  api<TaskFilter>(`${F}/projects/${projectId}/tasks/filters`, { method: "POST", json: body });
export const deleteFilter = (projectId: number | "all", filterId: number) =>
  api<void>(`${F}/projects/${projectId}/tasks/filters/${filterId}`, { method: "DELETE" });

// ── A task's checklist, comments and files (shared/flow/task-details.ts) ──────────────────────────────────────
const TD = (projectId: number, taskId: number) => `${P(projectId)}/tasks/${taskId}`;
export const addChecklist = (projectId: number, taskId: number, title: string) =>
  api<ChecklistItem[]>(`${TD(projectId, taskId)}/checklist`, { method: "POST", json: { title } });
export const putChecklist = (projectId: number, taskId: number, body: { checklistId: number; title?: string; checked?: boolean }) =>
  api<ChecklistItem>(`${TD(projectId, taskId)}/checklist`, { method: "PUT", json: body });
export const deleteChecklist = (projectId: number, taskId: number, checklistId: number) =>
  api<void>(`${TD(projectId, taskId)}/checklist/${checklistId}`, { method: "DELETE" });
export const addComment = (projectId: number, taskId: number, content: string) =>
  api<TaskComment>(`${TD(projectId, taskId)}/comments`, { method: "POST", json: { content } });
export const editComment = (projectId: number, taskId: number, commentId: number, content: string) =>
  api<TaskComment>(`${TD(projectId, taskId)}/comments/${commentId}`, { method: "PUT", json: { content } });
export const deleteComment = (projectId: number, taskId: number, commentId: number) =>
  api<void>(`${TD(projectId, taskId)}/comments/${commentId}`, { method: "DELETE" });
export const uploadTaskFile = (projectId: number, taskId: number, file: File, onProgress: (loaded: number) => void): UploadHandle<TaskFile> =>
  uploadForm<TaskFile>(`${TD(projectId, taskId)}/upload`, () => {
    const f = new FormData();
    f.set("part", file, file.name);
    return f;
  }, onProgress);
/** A file's bytes (TaskFile.url), with the session's bearer. */
export const taskFileBytes = (url: string) => authorized(url);
export const deleteTaskFile = (projectId: number, taskId: number, fileId: number) =>
  api<void>(`${TD(projectId, taskId)}/file/${fileId}`, { method: "DELETE" });
export const emlView = (projectId: number, taskId: number, fileId: number, signal?: AbortSignal) =>
  api<EmlView>(`${TD(projectId, taskId)}/file/${fileId}/view/eml`, { signal });
