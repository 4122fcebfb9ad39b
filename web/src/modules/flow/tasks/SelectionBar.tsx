// What may be done with the chosen tasks of the LIST view (002 §8): delete (confirm, "cannot be restored"), copy
// (confirm: only the content is copied; comments, attachments and subtasks are not), move to another project or
// group (MoveTasksDialog). The tasks of all belong to several projects: each project's share goes in its own call.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { copyTasks, deleteTasks } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { MoveTasksDialog } from "./dialogs/MoveTasksDialog.tsx";
import { refreshTasks } from "./mutations.ts";

export function SelectionBar({ tasks, onDone }: { tasks: FlowTask[]; onDone(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [moving, setMoving] = useState(false);
  const byProject = new Map<number, number[]>();
  for (const task of tasks) byProject.set(task.projectId, [...(byProject.get(task.projectId) ?? []), task.id]);
  const each = async (call: (p: number, ids: number[]) => Promise<unknown>, done: string, fail: string) => {
    try {
      for (const [p, ids] of byProject) await call(p, ids);
      succeeded(done, { params: { count: tasks.length } });
      onDone();
    } catch (e) {
      failed(e, fail);
    } finally {
      for (const p of byProject.keys()) refreshTasks(qc, p);
    }
  };
  const remove = async () => {
    if (await confirm({ title: t("tasks.delete"), message: t("tasks.confirmDelete", { count: tasks.length }), confirmLabel: t("common.delete"), danger: true })) {
      void each(deleteTasks, "tasks.deletedCount", "tasks.deleteFailed");
    }
  };
  const copy = async () => {
    if (await confirm({ title: t("tasks.copy"), message: t("tasks.confirmCopy", { count: tasks.length }), confirmLabel: t("tasks.copy") })) {
      void each(copyTasks, "tasks.copied", "tasks.copyFailed");
    }
  };
  const single = byProject.size === 1 ? [...byProject.keys()][0] : null;
  return (
    <div className="fl-selbar" role="toolbar" aria-label={t("tasks.selection")}>
      <span className="fl-selbar-count" aria-live="polite">{t("tasks.selected", { count: tasks.length })}</span>
      <Button variant="danger" onPress={() => void remove()}>{t("tasks.delete")}</Button>
      <Button variant="secondary" onPress={() => void copy()}>{t("tasks.copy")}</Button>
      {single !== null && <Button variant="secondary" onPress={() => setMoving(true)}>{t("tasks.move")}</Button>}
      <Button variant="ghost" onPress={onDone}>{t("tasks.clearSelection")}</Button>
      {moving && single !== null && <MoveTasksDialog projectId={single} taskIds={byProject.get(single)!} onClose={() => setMoving(false)} onMoved={onDone} />}
    </div>
  );
}
