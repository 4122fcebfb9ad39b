// Moving a task group, with its tasks, to another project the caller may edit (PUT groups/{g}/moveToProject;
// assignees who are not members there are dropped; the default group cannot move: 409).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canEdit } from "@shared/flow/constants.ts";
import type { TaskGroup } from "@shared/flow/tasks.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { moveGroupToProject } from "../../api.ts";
import { flowErrorText, succeeded } from "../../errors.ts";
import { flowKeys, myProjectsQuery } from "../../queries.ts";
import { refreshTasks } from "../mutations.ts";

export function MoveGroupDialog({ projectId, group, title, onClose }: { projectId: number; group: TaskGroup; title: string; onClose(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const projects = useQuery(myProjectsQuery(0, 200));
  const options = (projects.data?.content ?? []).filter((p) => p.id !== projectId && canEdit(p.myAuthority)).map((p) => ({ id: String(p.id), label: p.title }));
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const move = async () => {
    if (!target) return setError(t("common.required"));
    try {
      await moveGroupToProject(projectId, group.id, Number(target));
      succeeded("groups.movedToProject");
      refreshTasks(qc, Number(target));
      onClose();
    } catch (e) {
      setError(flowErrorText(e, "groups.moveFailed"));
    } finally {
      refreshTasks(qc, projectId);
      void qc.invalidateQueries({ queryKey: flowKeys.groups(Number(target)) });
    }
  };
  return (
    <Dialog title={t("groups.toProjectTitle", { title })} isOpen onClose={onClose}>
      <SelectField label={t("tasks.targetProject")} value={target} onChange={(v) => (setTarget(v), setError(undefined))} options={options}
        placeholder={t("tasks.pickProject")} errorMessage={error} />
      {projects.data && options.length === 0 && <p className="fl-muted">{t("tasks.noOtherProject")}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
        <Button onPress={() => void move()}>{t("common.move")}</Button>
      </div>
    </Dialog>
  );
}
