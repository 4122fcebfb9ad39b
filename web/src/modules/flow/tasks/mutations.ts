// Task changes of the lists, kanban and panel: a field (PUT projects/{p}/tasks/{t}/{field}: the task's answer
// goes into the panel's query), then every list showing the project's tasks refetches. A failure shows its
// code's text (the 409 date texts "시작일은 마감일보다 클 수 없습니다" / "마감일은 시작일보다 작을 수 없습니다") and the
// lists refetch, so what is shown is what is stored.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { TaskField } from "@shared/flow/tasks.ts";
import { putTaskField, type TaskFieldInput } from "../api.ts";
import { failed } from "../errors.ts";
import { flowKeys } from "../queries.ts";

export function refreshTasks(qc: QueryClient, projectId: number) {
  for (const k of [flowKeys.board(projectId), flowKeys.board("all"), ["flow", "lane", projectId], ["flow", "lane", "all"], flowKeys.groups(projectId)]) {
    void qc.invalidateQueries({ queryKey: k });
  }
}

/** Changes one field of a task; resolves true when it was stored. */
export function useTaskField() {
  const qc = useQueryClient();
  return async <K extends TaskField>(projectId: number, taskId: number, field: K, body: TaskFieldInput<K>, fallback = "tasks.saveFailed") => {
    try {
      const task = await putTaskField(projectId, taskId, field, body);
      const shown = qc.getQueryData(flowKeys.task(projectId, taskId));
      if (shown) qc.setQueryData(flowKeys.task(projectId, taskId), { ...(shown as object), ...task });
      return true;
    } catch (e) {
      failed(e, fallback);
      void qc.invalidateQueries({ queryKey: flowKeys.task(projectId, taskId) });
      return false;
    } finally {
      refreshTasks(qc, projectId);
    }
  };
}
