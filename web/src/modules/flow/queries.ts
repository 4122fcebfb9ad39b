// Flow's queries. Every key starts with "flow", so invalidating ["flow"] refreshes everything shown; the
// narrower keys let a screen refresh its own part (realtime.ts maps FLOW_CHANGED and FLOW_MEMBER onto them):
//   ["flow","folders"]                         GET folders (favourites and filters of the side pane)
//   ["flow","projects","my",page,pageSize]     GET projects/my (a page of 20 and the dialogs' 200 apart)
//   ["flow","projects","all",params]           GET projects/all
//   ["flow","project",id]                      GET projects/{id}
//   ["flow","groups",projectId]                GET projects/{p}/groups
//   ["flow","board",projectId|"all",params]    GET (projects/{p}/)tasks/initial (the lanes' first pages)
//   ["flow","lane",projectId,params,lane]      GET projects/{p}/tasks (a lane's further pages, infinite)
//   ["flow","task",projectId,taskId]           GET projects/{p}/tasks/{t} (the task panel and its detail parts)
//   ["flow","sub",projectId,taskId]            GET projects/{p}/tasks/sub/{t}
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { PROJECT_PAGE_SIZE, type TaskStatus } from "@shared/flow/constants.ts";
import * as flowApi from "./api.ts";

export const flowKeys = {
  all: ["flow"] as const,
  folders: ["flow", "folders"] as const,
  projects: ["flow", "projects"] as const,
  myProjects: (page: number, pageSize = PROJECT_PAGE_SIZE) => ["flow", "projects", "my", page, pageSize] as const,
  allProjects: (p: flowApi.AllProjectsParams) => ["flow", "projects", "all", p] as const,
  project: (id: number) => ["flow", "project", id] as const,
  groups: (projectId: number) => ["flow", "groups", projectId] as const,
  boards: ["flow", "board"] as const,
  board: (projectId: number | "all") => ["flow", "board", projectId] as const,
  boardWith: (projectId: number | "all", p: flowApi.TaskParams) => ["flow", "board", projectId, p] as const,
  lanes: ["flow", "lane"] as const,
  lane: (projectId: number | "all", p: flowApi.TaskParams, lane: { groupId?: number; status?: TaskStatus }) => ["flow", "lane", projectId, p, lane] as const,
  tasks: ["flow", "task"] as const,
  task: (projectId: number, taskId: number) => ["flow", "task", projectId, taskId] as const,
  sub: (projectId: number, taskId: number) => ["flow", "sub", projectId, taskId] as const,
};

export const foldersQuery = queryOptions({ queryKey: flowKeys.folders, queryFn: ({ signal }) => flowApi.folders(signal) });
export const myProjectsQuery = (page: number, pageSize = PROJECT_PAGE_SIZE) =>
  queryOptions({ queryKey: flowKeys.myProjects(page, pageSize), queryFn: ({ signal }) => flowApi.myProjects(page, pageSize, signal), placeholderData: keepPreviousData });
export const allProjectsQuery = (p: flowApi.AllProjectsParams) =>
  queryOptions({ queryKey: flowKeys.allProjects(p), queryFn: ({ signal }) => flowApi.allProjects(p, signal), placeholderData: keepPreviousData });
export const projectQuery = (id: number) =>
  queryOptions({ queryKey: flowKeys.project(id), queryFn: ({ signal }) => flowApi.getProject(id, signal), retry: false });
export const groupsQuery = (projectId: number) =>
  queryOptions({ queryKey: flowKeys.groups(projectId), queryFn: ({ signal }) => flowApi.groups(projectId, signal) });
export const boardQuery = (projectId: number | "all", p: flowApi.TaskParams) =>
  queryOptions({
    queryKey: flowKeys.boardWith(projectId, p),
    queryFn: ({ signal }) => flowApi.tasksInitial(projectId, p, signal),
    placeholderData: keepPreviousData,
    retry: false,
    // Not fetched again by a screen mounting within a second of a fetch (TasksScreen's prefetch of a project's
    // tasks, then the board's own query).
    staleTime: 1_000,
  });
/** A lane's further pages, each after the last page's `after` (`first`: the lane's). */
export const laneQuery = (projectId: number | "all", p: flowApi.TaskParams, lane: { groupId?: number; status?: TaskStatus }, first: string) =>
  infiniteQueryOptions({
    queryKey: flowKeys.lane(projectId, p, lane),
    queryFn: ({ signal, pageParam }) => flowApi.laneTasks(projectId, p, lane, pageParam, signal),
    initialPageParam: first,
    getNextPageParam: (last) => (last.more && last.after ? last.after : undefined),
  });
export const taskQuery = (projectId: number, taskId: number) =>
  queryOptions({ queryKey: flowKeys.task(projectId, taskId), queryFn: ({ signal }) => flowApi.getTask(projectId, taskId, signal), retry: false });
export const subTasksQuery = (projectId: number, taskId: number) =>
  queryOptions({ queryKey: flowKeys.sub(projectId, taskId), queryFn: ({ signal }) => flowApi.subTasks(projectId, taskId, signal) });
