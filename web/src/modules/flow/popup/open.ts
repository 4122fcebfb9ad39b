// Opening flow in its own window (002 §2 popup mode): the popup route's hash address with popup: true in the
// actionObj, one window a task (opening it again brings that window back).
import { popupTasksPath } from "../detail/open-task.ts";

export const FLOW_POPUP_FEATURES = "width=720,height=860,resizable=yes,scrollbars=yes";

export function openTaskPopup(projectId: number, taskId: number): Window | null {
  return globalThis.open(`${location.pathname}${location.search}#${popupTasksPath(projectId, { taskId })}`, `flow-task-${taskId}`, FLOW_POPUP_FEATURES);
}
