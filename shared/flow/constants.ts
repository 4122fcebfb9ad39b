// Flow (002 §2 "Flow", §3, §4, §5, §9): task statuses and priorities, member authorities and states, view and
// range types, the spec's limits and ours, and the realtime topic. No zod here: router-level web code imports it.

/** 002 §4: REQUESTED (default), IN_PROGRESS, FEEDBACK, COMPLETED, ON_HOLD. */
export const TASK_STATUSES = ["REQUESTED", "IN_PROGRESS", "FEEDBACK", "COMPLETED", "ON_HOLD"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** 002 §4 "Default priority NORMAL"; the other values are ours. */
export const TASK_PRIORITIES = ["URGENT", "HIGH", "NORMAL", "LOW"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/**
 * 002 §3/§6: MASTER, ADMIN, READ "plus other levels": MEMBER is ours, the authority a joining member gets.
 * Edit (tasks, groups) needs anything but READ; members are managed by MASTER and ADMIN; only the MASTER deletes
 * the project and delegates. Exactly one MASTER a project.
 */
export const AUTHORITIES = ["MASTER", "ADMIN", "MEMBER", "READ"] as const;
export type Authority = (typeof AUTHORITIES)[number];
export const canEdit = (a: Authority | null | undefined) => !!a && a !== "READ";
export const canManage = (a: Authority | null | undefined) => a === "MASTER" || a === "ADMIN";

/** A membership's state (002 §4 "Project membership"): invited and waiting for the person, applied and waiting
 *  for the master (private projects), or joined. */
export const MEMBER_STATES = ["JOINED", "INVITED", "APPLIED"] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** 002 §2: LIST and KANBAN; the default from the project's mainViewTab. */
export const FLOW_VIEW_TYPES = ["LIST", "KANBAN"] as const;
export type FlowViewType = (typeof FLOW_VIEW_TYPES)[number];

/** 002 §3 "Task filter rangeType"; weeks are ISO weeks (Monday first), in the company's time zone. */
export const RANGE_TYPES = ["THIS_WEEK", "NEXT_WEEK", "LAST_WEEK", "THIS_MONTH"] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

/** 002 §3 "Folder (project tree): folderType". */
export const FOLDER_TYPES = ["FAVORITE_ROOT", "FILTER_ROOT", "FAVORITE"] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

/** 002 §2 "Default entry: projectId all with filterId my"; the built-in filters of FILTER_ROOT. */
export const ALL_PROJECTS = "all";
export const BUILTIN_FILTERS = ["my", "requested", "all"] as const;
export type BuiltinFilter = (typeof BUILTIN_FILTERS)[number];

/** 002 §3 "a group titled 'default' is displayed as 미지정". */
export const DEFAULT_GROUP_TITLE = "default";

/** 002 §9. */
export const PROJECT_PAGE_SIZE = 20;
export const TASK_PAGE_SIZE = 50;
export const TASK_LIST_PAGE_SIZE = 150;
export const TASK_PAGE_MAX = 200;
export const FILE_MAX_BYTES = 26_214_400;
export const FILE_NAME_MAX = 200;
/** 002 §9 "copied tasks start today, are due in 7 days and have status REQUESTED". */
export const COPY_DUE_DAYS = 7;
/** 002 §4 "A file's state is updated 500 ms after a completed upload". */
export const UPLOAD_STATE_DELAY_MS = 500;
/** 002 §9 "project selection shows a loading state for 350 ms". */
export const PROJECT_LOADING_MS = 350;
export const UPLOAD_STATES = ["WAITING", "UPLOADING", "COMPLETE", "FAIL"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Designed limits. */
export const PROJECT_TITLE_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 1000;
export const GROUP_TITLE_MAX = 100;
export const TASK_TITLE_MAX = 300;
export const TASK_CONTENT_MAX = 1_000_000;
export const CHECKLIST_TITLE_MAX = 200;
export const CHECKLIST_MAX = 100;
export const COMMENT_MAX = 2000;
export const FILES_MAX = 50;
export const ASSIGNEES_MAX = 50;
export const BULK_MAX = 100;
export const TASK_IDS_MAX = 500;
export const INVITE_MAX = 100;
export const GROUPS_MAX = 100;
export const TASKS_MAX = 50_000;
export const SUBTASK_DEPTH_MAX = 1;
export const FILTERS_MAX = 30;
export const FILTER_NAME_MAX = 50;
export const FILTER_ROWS_MAX = 10;
export const SEARCH_WORD_MAX = 100;

/** The calendar's route of a task (002 §2 flow_tasks_action; actionObj JSON with the task open). */
export const taskPath = (projectId: number, taskId: number) =>
  `/flow/${projectId}/tasks/${encodeURIComponent(JSON.stringify({ taskId }))}`;
/** 002 §2 "Attachment viewer". */
export const fileViewPath = (projectId: number, taskId: number, fileId: number) =>
  `/flow/projects/${projectId}/tasks/${taskId}/file/${fileId}/view`;

/** Realtime (ids only): FLOW_CHANGED on the company's topic; open screens refetch through the API, which answers
 *  only what the caller may see. FLOW_MEMBER on the user's topic: an invitation, an application decided.
 *  FLOW_FOLDERS on the user's topic: their own side pane changed (a saved filter, a favourite), for their other
 *  windows and devices. */
export const FLOW_CHANGED = "FLOW_CHANGED";
export const flowTopic = (companyId: number) => `/topic/flow/company/${companyId}`;
export const FLOW_MEMBER = "FLOW_MEMBER";
export const FLOW_FOLDERS = "FLOW_FOLDERS";
export const flowUserTopic = (username: string) => `/topic/flow/user/${username}`;
export type FlowChangeKind = "project" | "members" | "group" | "task" | "detail";
export interface FlowChangedPayload {
  projectId: number;
  kind: FlowChangeKind;
  /** The tasks touched (task, detail) as "12,34" (realtime data holds numbers and strings of at most 64
   *  characters only); "": reload the project's lists (also when too many to name). Read it with taskIdsOf. */
  taskIds: string;
  byUserId: number;
}
/** The task ids of a FLOW_CHANGED payload's taskIds. */
export const taskIdsOf = (taskIds: unknown): number[] =>
  typeof taskIds === "string" ? taskIds.split(",").map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
