// /flow/{projectId}/tasks and /flow/{projectId}/tasks/{actionObj}: a project's or every project's tasks (TasksScreen).
import { createLazyRoute } from "@tanstack/react-router";
import { TasksScreen } from "./TasksScreen.tsx";

export const TasksRoute = createLazyRoute("/app/flow/$projectId/tasks")({ component: TasksScreen });
export const TasksActionRoute = createLazyRoute("/app/flow/$projectId/tasks/$actionObj")({ component: TasksScreen });
