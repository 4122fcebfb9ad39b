// The detail parts' changes (002 §3 "Task": checklist, comments, files, subtasks): each call's answer is written
// into the open task's query (["flow","task",p,t]: the panel shows it at once), then the lists showing the
// project refetch (their counters). A failure shows its text (a flow code's, else detail.failed.*) and rejects,
// so ui/work keeps what it holds (the box's text, the check goes back).
import { useQueryClient } from "@tanstack/react-query";
import type { ChecklistItem, TaskComment, TaskFile } from "@shared/flow/task-details.ts";
import type { FlowTask } from "@shared/flow/tasks.ts";
import * as flowApi from "../api.ts";
import { failed } from "../errors.ts";
import { flowKeys } from "../queries.ts";
import { refreshTasks } from "../tasks/mutations.ts";

export type DetailFailure =
  | "checklistAdd" | "checklistRename" | "checklistCheck" | "checklistDelete" | "commentAdd" | "commentEdit" | "commentDelete"
  | "fileDelete" | "fileDownload" | "upload" | "subtaskAdd";

export function useTaskDetailActions(projectId: number, taskId: number) {
  const qc = useQueryClient();
  const key = flowKeys.task(projectId, taskId);
  const patch = (f: (t: FlowTask) => FlowTask) => {
    const shown = qc.getQueryData<FlowTask>(key);
    if (shown) qc.setQueryData<FlowTask>(key, f(shown));
    refreshTasks(qc, projectId);
  };
  const run = async <T>(what: DetailFailure, call: () => Promise<T>, after: (r: T) => void): Promise<T> => {
    try {
      const r = await call();
      after(r);
      return r;
    } catch (e) {
      failed(e, `detail.failed.${what}`);
      void qc.invalidateQueries({ queryKey: key });
      throw e;
    }
  };
  const checks = (list: ChecklistItem[]) => ({ checklist: list, checklistCnt: list.length, checklistDoneCnt: list.filter((c) => c.checked).length });
  const comments = (t: FlowTask, list: TaskComment[]) => ({ ...t, comments: list, commentCnt: list.length });
  const files = (t: FlowTask, list: TaskFile[]) => ({ ...t, files: list, fileCnt: list.length });

  return {
    addChecklist: (title: string) =>
      run("checklistAdd", () => flowApi.addChecklist(projectId, taskId, title), (list) => patch((t) => ({ ...t, ...checks(list) }))),
    renameChecklist: (checklistId: number, title: string) =>
      run("checklistRename", () => flowApi.putChecklist(projectId, taskId, { checklistId, title }),
        (c) => patch((t) => ({ ...t, ...checks((t.checklist ?? []).map((x) => x.checklistId === c.checklistId ? c : x)) }))),
    checkChecklist: (checklistId: number, checked: boolean) =>
      run("checklistCheck", () => flowApi.putChecklist(projectId, taskId, { checklistId, checked }),
        (c) => patch((t) => ({ ...t, ...checks((t.checklist ?? []).map((x) => x.checklistId === c.checklistId ? c : x)) }))),
    deleteChecklist: (checklistId: number) =>
      run("checklistDelete", () => flowApi.deleteChecklist(projectId, taskId, checklistId),
        () => patch((t) => ({ ...t, ...checks((t.checklist ?? []).filter((x) => x.checklistId !== checklistId)) }))),
    addComment: (content: string) =>
      run("commentAdd", () => flowApi.addComment(projectId, taskId, content), (c) => patch((t) => comments(t, [...(t.comments ?? []), c]))),
    editComment: (commentId: number, content: string) =>
      run("commentEdit", () => flowApi.editComment(projectId, taskId, commentId, content),
        (c) => patch((t) => comments(t, (t.comments ?? []).map((x) => x.commentId === c.commentId ? c : x)))),
    deleteComment: (commentId: number) =>
      run("commentDelete", () => flowApi.deleteComment(projectId, taskId, commentId),
        () => patch((t) => comments(t, (t.comments ?? []).filter((x) => x.commentId !== commentId)))),
    fileUploaded: (f: TaskFile) => patch((t) => files(t, [...(t.files ?? []).filter((x) => x.fileId !== f.fileId), f])),
    deleteFile: (fileId: number) =>
      run("fileDelete", () => flowApi.deleteTaskFile(projectId, taskId, fileId),
        () => patch((t) => files(t, (t.files ?? []).filter((x) => x.fileId !== fileId)))),
    addSubtask: (title: string) =>
      run("subtaskAdd", () => flowApi.createTask(projectId, { title, parentId: taskId }),
        (s) => patch((t) => ({ ...t, subTasks: [...(t.subTasks ?? []), s], subCnt: t.subCnt + 1 }))),
  };
}
export type TaskDetailActions = ReturnType<typeof useTaskDetailActions>;
