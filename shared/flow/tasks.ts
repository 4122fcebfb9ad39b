// Flow task groups, tasks, lists and saved task filters (002 §3 "Task group", "Task", "Task filter", "Bulk
// create"; §4 "Flow task status"; §5; §7; §8). Calls under /api/flow (reading needs JOINED, any authority;
// changing needs an authority other than READ: 403 flow.no_permission; not joined: 403 flow.not_member):
//
//   GET    projects/{p}/groups         TaskGroup[] by sortOrder (the default group first)
//   POST   projects/{p}/groups         groupBody → 201 TaskGroup (last)
//   PUT    projects/{p}/groups/{g}/title        groupBody → 200 TaskGroup
//   PUT    projects/{p}/groups/{g}/move         { targetGroupId, position BEFORE|AFTER } → 200 TaskGroup[];
//                                      409 flow.default_group_fixed ("기본 그룹은 이동할 수 없습니다.")
//   PUT    projects/{p}/groups/{g}/moveToProject  { targetProjectId } → 200 TaskGroup (edit on both; the group
//                                      and its tasks move; assignees who are not members there are dropped;
//                                      409 flow.default_group_fixed)
//   DELETE projects/{p}/groups/{g}     204; 409 flow.group_has_tasks ("업무가 존재하여 삭제할 수 없습니다."),
//                                      409 flow.default_group_fixed.
//
//   GET    tasks/initial?{taskQuery}   TaskBoard across the caller's projects (projectId all): filterId my
//                                      (assignedToMe), requested (requestedByMe), all, or a saved filter's id;
//                                      LIST lanes are projects, KANBAN lanes statuses.
//   GET    projects/{p}/tasks/initial?{taskQuery}  TaskBoard of a project: LIST lanes its groups, KANBAN statuses.
//                                      A KANBAN lane brings its first pageSize (50) tasks; a LIST brings pageSize
//                                      (150) tasks in all, lane after lane: the lanes past them come with their
//                                      counts, `more` and no `after` (their first page is fetched when shown).
//   GET    projects/{p}/tasks?{taskQuery}&groupId=|status=&after=  TaskPage: the next tasks of one lane after
//                                      `after`: the lane's (or the last page's) `after`, or the last task's sort
//                                      key (listSortOrder in LIST, kanbanSortOrder in KANBAN) in a project's lane.
//                                      The lanes of all: LIST a project's (projects/{laneProjectId}/tasks without
//                                      groupId, in its groups' order), KANBAN a status's (projects/all/tasks?status=,
//                                      with the filterId); those need the lane's `after` (it holds more than a key).
//   GET    projects/{p}/tasks/{t}      FlowTask with subTasks, checklist, comments, files
//   GET    projects/{p}/tasks/sub/{t}  FlowTask[] (its subtasks)
//   POST   projects/{p}/tasks          createTaskBody → 201 FlowTask (last of its group and status lane; a
//                                      subtask: parentId, in its parent's group; a subtask's subtask 409
//                                      flow.subtask_move)
//   POST   projects/{p}/tasks/bulk     bulkBody → 201 FlowTask[]
//   POST   projects/{p}/tasks/copy     { taskIds } → 201 FlowTask[] (ours; 002 §8/§9: only title, content,
//                                      priority, assignees and group copied; starts today, due in 7 days,
//                                      REQUESTED; comments, files and subtasks not copied)
//   PUT    projects/{p}/tasks/{t}/move/{viewType}  moveTaskBody → 200 FlowTask: LIST: BEFORE/AFTER targetId
//                                      (its group becomes the target's) or into targetGroupId (last); KANBAN:
//                                      BEFORE/AFTER targetId or into targetStatus (last) and the status becomes
//                                      the lane's. 409 flow.subtask_move ("하위 업무는 이동할 수 없습니다.") for a
//                                      subtask. Only the moved task's row changes (fractional keys).
//   DELETE projects/{p}/tasks          { taskIds } → 204 (with their subtasks)
//   DELETE projects/{p}/tasks/all      { groupId } → 204: every task of the group
//   PUT    projects/{p}/tasks/{t}/{field}  one field (form) → 200 FlowTask:
//            title { title } · status { status } (COMPLETED sets completedTimeMillis now, another status clears
//            it) · priority { priority } · content { content, contentType text/html|text/plain } · group
//            { groupId } · assignees { userId: [..] } (JOINED members only: 400 flow.assignee_invalid) ·
//            start-date { startDate } · due-date { dueDate } · range-date { startDate, dueDate } ·
//            completed-date { completedDate } · progress { progress 0..100 }.
//            Dates are YYYY-MM-DD days or "" to clear. 409 flow.start_after_due ("시작일은 마감일보다 클 수
//            없습니다") when a start passes the due; 409 flow.due_before_start ("마감일은 시작일보다 작을 수
//            없습니다") when a due comes before the start.
//   PUT    projects/{p}/tasks/project-group  { targetProjectId, targetGroupId, taskIds } → 200 FlowTask[]
//                                      (edit on both; subtasks come along; assignees not JOINED there dropped)
//   POST   projects/{p}/tasks/filters  taskFilterBody → 201 TaskFilter (the caller's; rows lacking column,
//                                      condition or a value are dropped)
//   DELETE projects/{p}/tasks/filters/{filterId}  204 (404 flow.filter_not_found). {p} may be "all".
import { z } from "zod";
import {
  ASSIGNEES_MAX, BULK_MAX, FILTER_NAME_MAX, FILTER_ROWS_MAX, FLOW_VIEW_TYPES, type FlowViewType, GROUP_TITLE_MAX,
  RANGE_TYPES, SEARCH_WORD_MAX, TASK_CONTENT_MAX, TASK_IDS_MAX, TASK_PAGE_MAX, TASK_PRIORITIES, TASK_STATUSES,
  TASK_TITLE_MAX, type TaskPriority, type TaskStatus,
} from "./constants.ts";
import { flowId } from "./projects.ts";
import type { ChecklistItem, TaskComment, TaskFile } from "./task-details.ts";

export interface TaskGroup {
  id: number;
  projectId: number;
  /** "default" for the default group (shown as 미지정). */
  title: string;
  sortOrder: string;
  isDefault: boolean;
  taskCount: number;
}

export interface TaskUserRef {
  userId: number;
  name: string;
}

/** 002 §3 "Task". Dates: startDate/dueDate "YYYY-MM-DD" (null: none) and the same day as
 *  startDateTimeMillis/dueDateTimeMillis (00:00 UTC of that day). */
export interface FlowTask {
  id: number;
  projectId: number;
  projectTitle: string;
  groupId: number;
  /** 0 for a top-level task. */
  parentId: number;
  title: string;
  /** "" in the lists (TaskBoard, TaskPage, subTasks, sub/, bulk and copy answers): GET one and the create and
   *  field answers carry it. */
  content: string;
  contentType: "text/html" | "text/plain";
  status: TaskStatus;
  priority: TaskPriority;
  progress: number;
  assignees: TaskUserRef[];
  /** Who made it (requestedByMe). */
  requester: TaskUserRef;
  startDate: string | null;
  dueDate: string | null;
  startDateTimeMillis: number | null;
  dueDateTimeMillis: number | null;
  completedTimeMillis: number | null;
  listSortOrder: string;
  kanbanSortOrder: string;
  /** Per project, 1, 2, 3, … in order of creation. */
  taskRegistrationOrder: number;
  subCnt: number;
  commentCnt: number;
  fileCnt: number;
  checklistCnt: number;
  checklistDoneCnt: number;
  /** The mail it was made from (mail-tasks.ts), or null. */
  mailId: number | null;
  createdTime: number;
  updatedTime: number;
  /** Only in GET projects/{p}/tasks/{t}. */
  checklist?: ChecklistItem[];
  comments?: TaskComment[];
  files?: TaskFile[];
  subTasks?: FlowTask[];
}

/** One lane of a list or kanban: a group (LIST in a project), a project (LIST in all), or a status (KANBAN). */
export interface TaskLane {
  key: string;
  groupId: number | null;
  projectId: number | null;
  status: TaskStatus | null;
  title: string;
  totalCount: number;
  tasks: FlowTask[];
  more: boolean;
  /** The `after` of the lane's next page: null when no more, or, with `more`, when none of its tasks came yet
   *  (a LIST's lanes past its first page: their first page is asked without `after`). */
  after: string | null;
}
export interface TaskBoard {
  viewType: FlowViewType;
  /** null for all. */
  project: import("./projects.ts").FlowProject | null;
  lanes: TaskLane[];
  /** Every matching top-level task. */
  totalCount: number;
}
export interface TaskPage {
  tasks: FlowTask[];
  more: boolean;
  /** The `after` of the next page (null when no more). */
  after: string | null;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const boolQ = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const listQ = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : String(v).split(",").filter(Boolean)), z.array(item).max(50));

/** 002 §7 "filters as query": for the initial calls and the lane pages (bracket arrays or comma lists). */
export const taskQuery = z.object({
  viewType: z.enum(FLOW_VIEW_TYPES).default("LIST"),
  pageSize: z.coerce.number().int().min(1).max(TASK_PAGE_MAX).optional(),
  filterId: z.string().max(20).optional(),
  assignedToMe: boolQ.default(false),
  requestedByMe: boolQ.default(false),
  title: z.string().trim().max(SEARCH_WORD_MAX).default(""),
  statuses: listQ(z.enum(TASK_STATUSES)),
  priorities: listQ(z.enum(TASK_PRIORITIES)),
  assignees: listQ(z.coerce.number().int().positive()),
  rangeType: z.enum(RANGE_TYPES).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
  includeNoDate: boolQ.default(true),
  groupId: z.coerce.number().int().positive().optional(),
  status: z.enum(TASK_STATUSES).optional(),
  after: z.string().max(200).optional(),
});
export type TaskQuery = z.infer<typeof taskQuery>;

export const groupBody = z.object({ title: z.string().trim().min(1).max(GROUP_TITLE_MAX) });
export const groupMoveBody = z.object({ targetGroupId: flowId, position: z.enum(["BEFORE", "AFTER"]) });
export const groupToProjectBody = z.object({ targetProjectId: flowId });

export const createTaskBody = z.object({
  title: z.string().trim().min(1).max(TASK_TITLE_MAX),
  groupId: flowId.optional(),
  parentId: z.coerce.number().int().min(0).default(0),
  status: z.enum(TASK_STATUSES).default("REQUESTED"),
  priority: z.enum(TASK_PRIORITIES).default("NORMAL"),
  content: z.string().max(TASK_CONTENT_MAX).default(""),
  contentType: z.enum(["text/html", "text/plain"]).default("text/html"),
  assignees: z.array(flowId).max(ASSIGNEES_MAX).default([]),
  startDate: day.or(z.literal("")).optional(),
  dueDate: day.or(z.literal("")).optional(),
});
export const bulkBody = z.object({
  titles: z.array(z.string().trim().min(1).max(TASK_TITLE_MAX)).min(1).max(BULK_MAX),
  groupId: flowId.optional(),
  status: z.enum(TASK_STATUSES).default("REQUESTED"),
  assignees: z.array(flowId).max(ASSIGNEES_MAX).default([]),
  startDate: day.or(z.literal("")).optional(),
});
export const taskIdsBody = z.object({ taskIds: z.array(flowId).min(1).max(TASK_IDS_MAX) });
export const deleteAllBody = z.object({ groupId: flowId });
export const moveTaskBody = z.object({
  targetId: z.coerce.number().int().min(0).default(0),
  position: z.enum(["BEFORE", "AFTER", "INSIDE"]).default("AFTER"),
  targetGroupId: z.coerce.number().int().min(0).default(0),
  targetStatus: z.enum(TASK_STATUSES).optional(),
});
export const projectGroupBody = z.object({ targetProjectId: flowId, targetGroupId: flowId, taskIds: z.array(flowId).min(1).max(TASK_IDS_MAX) });

/** The field calls (PUT projects/{p}/tasks/{t}/{field}). */
export const TASK_FIELDS = ["title", "status", "priority", "content", "group", "assignees", "start-date", "due-date", "range-date", "completed-date", "progress"] as const;
export type TaskField = (typeof TASK_FIELDS)[number];
const dayOrNone = day.or(z.literal(""));
export const taskFieldBodies = {
  title: z.object({ title: z.string().trim().min(1).max(TASK_TITLE_MAX) }),
  status: z.object({ status: z.enum(TASK_STATUSES) }),
  priority: z.object({ priority: z.enum(TASK_PRIORITIES) }),
  content: z.object({ content: z.string().max(TASK_CONTENT_MAX), contentType: z.enum(["text/html", "text/plain"]).default("text/html") }),
  group: z.object({ groupId: flowId }),
  assignees: z.object({ userId: z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(flowId).max(ASSIGNEES_MAX)) }),
  "start-date": z.object({ startDate: dayOrNone }),
  "due-date": z.object({ dueDate: dayOrNone }),
  "range-date": z.object({ startDate: dayOrNone, dueDate: dayOrNone }),
  "completed-date": z.object({ completedDate: dayOrNone }),
  progress: z.object({ progress: z.coerce.number().int().min(0).max(100) }),
} as const satisfies Record<TaskField, z.ZodTypeAny>;

/** A saved task filter (002 §3 "Task filter"; §5 "Only filters with column, condition and at least one value are
 *  saved"). column: status, priority, assignee, requester, range (values: a RangeType or start,end days),
 *  title; condition: IS, IS_NOT, CONTAINS. */
export const TASK_FILTER_COLUMNS = ["status", "priority", "assignee", "requester", "range", "title"] as const;
export interface TaskFilterRow {
  column: (typeof TASK_FILTER_COLUMNS)[number];
  condition: "IS" | "IS_NOT" | "CONTAINS";
  values: string[];
}
export interface TaskFilter {
  id: number;
  /** null: for every project (saved under all). */
  projectId: number | null;
  name: string;
  filters: TaskFilterRow[];
  createdTime: number;
}
export const taskFilterBody = z.object({
  name: z.string().trim().min(1).max(FILTER_NAME_MAX),
  filters: z.array(z.object({
    column: z.enum(TASK_FILTER_COLUMNS).or(z.literal("")).default(""),
    condition: z.enum(["IS", "IS_NOT", "CONTAINS"]).or(z.literal("")).default(""),
    values: z.array(z.string().max(200)).max(50).default([]),
  })).max(FILTER_ROWS_MAX),
});
