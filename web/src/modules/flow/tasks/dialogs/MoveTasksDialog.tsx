// Moving the chosen tasks to another project and group (PUT projects/{p}/tasks/project-group; subtasks come
// along; assignees who are not members there are dropped). The current project is a choice too (another group).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canEdit, DEFAULT_GROUP_TITLE } from "@shared/flow/constants.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { moveTasksToProject } from "../../api.ts";
import { flowErrorText, succeeded } from "../../errors.ts";
import { groupsQuery, myProjectsQuery } from "../../queries.ts";
import { refreshTasks } from "../mutations.ts";

export function MoveTasksDialog({ projectId, taskIds, onClose, onMoved }: { projectId: number; taskIds: number[]; onClose(): void; onMoved(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const projects = useQuery(myProjectsQuery(0, 200));
  const [target, setTarget] = useState<string>(String(projectId));
  const groups = useQuery({ ...groupsQuery(Number(target)), enabled: !!target });
  const [group, setGroup] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const options = (projects.data?.content ?? []).filter((p) => canEdit(p.myAuthority)).map((p) => ({ id: String(p.id), label: p.title }));
  const groupOptions = (groups.data ?? []).map((g) => ({ id: String(g.id), label: g.title === DEFAULT_GROUP_TITLE && g.isDefault ? t("groups.default") : g.title }));
  const move = async () => {
    if (!group) return setError(t("common.required"));
    try {
      await moveTasksToProject(projectId, { targetProjectId: Number(target), targetGroupId: Number(group), taskIds });
      succeeded("tasks.moved");
      onMoved();
      onClose();
    } catch (e) {
      setError(flowErrorText(e, "tasks.moveFailed"));
    } finally {
      refreshTasks(qc, projectId);
      refreshTasks(qc, Number(target));
    }
  };
  return (
    <Dialog title={t("tasks.moveTitle", { count: taskIds.length })} isOpen onClose={onClose}>
      <SelectField label={t("tasks.targetProject")} value={target} onChange={(v) => (setTarget(v), setGroup(null))} options={options} />
      <SelectField label={t("tasks.targetGroup")} value={group} onChange={(v) => (setGroup(v), setError(undefined))} options={groupOptions}
        placeholder={t("tasks.pickGroup")} errorMessage={error} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
        <Button onPress={() => void move()}>{t("common.move")}</Button>
      </div>
    </Dialog>
  );
}
