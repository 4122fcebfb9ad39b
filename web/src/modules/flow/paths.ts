// Flow's addresses (002 §2 "Flow"), zod-free (router-level code imports it):
//   /flow/projects                                    the project list (flow_projects)
//   /flow/{projectId}/tasks                           a project's tasks, or every project's with projectId all
//                                                     (flow_tasks; the default entry is all with filterId my)
//   /flow/{projectId}/tasks/{actionObj}               with actionObj: JSON of filterId, statuses, priorities,
//                                                     assignees, rangeType, startDate, endDate, includeNoDate,
//                                                     searchWord, viewType, popup (flow_tasks_action); taskId
//                                                     (ours) opens a task's detail
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
}

export const projectsPath = "/flow/projects";
export const tasksPath = (projectId: number | "all", action?: FlowActionObj) =>
  action && Object.keys(action).length > 0
    ? `/flow/${projectId}/tasks/${encodeURIComponent(JSON.stringify(action))}`
    : `/flow/${projectId}/tasks`;
/** 002 §2 "Default entry: projectId all with filterId my". */
export const flowHome = tasksPath("all", { filterId: "my" });
export const fileViewerPath = (projectId: number, taskId: number, fileId: number) => `/flow/projects/${projectId}/tasks/${taskId}/file/${fileId}/view`;
