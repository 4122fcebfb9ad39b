// The popup window's address (popup: true in the actionObj; the popup routes, ../popup/routes.ts), and where "open this task" goes from the detail parts (a subtask, back to the parent): in a popup window the
// popup's task route; in a task list the same list with the actionObj's taskId changed (its filters kept).
import { useRouter } from "@tanstack/react-router";
import { parseAction, tasksPath } from "../paths.ts";

export const popupTasksPath = (projectId: number | "all", action: Record<string, unknown> = {}) =>
  `/flow/popup/${projectId}/tasks/${encodeURIComponent(JSON.stringify({ ...action, popup: true }))}`;

/** The address that opens `taskId` of `projectId` from where the user is. */
export function taskAddressFrom(pathname: string, projectId: number, taskId: number): string {
  if (pathname.startsWith("/flow/popup/")) return popupTasksPath(projectId, { taskId });
  const m = /^\/flow\/(all|\d+)\/tasks(?:\/([^/]+))?$/.exec(pathname);
  if (m) {
    let raw: string | undefined;
    try {
      raw = m[2] ? decodeURIComponent(m[2]) : undefined;
    } catch { /* a malformed segment: the plain list */ }
    // Every project's list shows top-level tasks only: a subtask opens in its project's list.
    if (m[1] === "all") return tasksPath(projectId, { taskId });
    return tasksPath(Number(m[1]), { ...parseAction(raw), taskId });
  }
  return tasksPath(projectId, { taskId });
}

export function useOpenTask() {
  const router = useRouter();
  return (projectId: number, taskId: number) => {
    void router.history.push(taskAddressFrom(router.state.location.pathname, projectId, taskId));
  };
}
