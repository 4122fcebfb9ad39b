// "Make a task from this mail" (업무 등록; 002 §3 "Mail-linked task", §7): a dialog choosing one of the user's
// projects where they may add tasks (GET /api/flow/projects/my) and its task group (GET .../groups; the default
// group first, 미지정), then POST /api/mails/flow/tasks { projectId, groupId, mailIds }. Done, it says so and
// links to the task (one mail) or the project's list (several); the mail lists and views refetch so they show
// the task's status.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { canEdit, taskPath } from "@shared/flow/constants.ts";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { mailKeys, refreshMail } from "../queries.ts";
import { groupsForMail, mailFlowKeys, makeMailTasks, myProjectsForMail } from "./api.ts";
import "./flow-task.css";

export function MakeTaskDialog({ mailIds, onClose }: { mailIds: number[]; onClose(): void }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const projects = useQuery(myProjectsForMail);
  const usable = (projects.data?.content ?? []).filter((p) => canEdit(p.myAuthority));
  const [projectId, setProjectId] = useState<number | null>(null);
  const groups = useQuery({ ...groupsForMail(projectId ?? 0), enabled: projectId !== null });
  const [groupId, setGroupId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<FlowTask[] | null>(null);

  useEffect(() => {
    if (projectId === null && usable.length > 0) setProjectId(usable[0].id);
  }, [projectId, usable]);
  useEffect(() => {
    const list = groups.data ?? [];
    if (list.length > 0 && !list.some((g) => g.id === groupId)) setGroupId((list.find((g) => g.isDefault) ?? list[0]).id);
  }, [groups.data, groupId]);

  const submit = async () => {
    if (projectId === null || groupId === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      const tasks = await makeMailTasks({ projectId, groupId, mailIds });
      setMade(tasks);
      // The mail rows and the open mail show flowMail / taskStatus from now on; flow's own lists refetch too.
      void qc.invalidateQueries({ queryKey: mailFlowKeys.all });
      void qc.invalidateQueries({ queryKey: ["flow"] });
      void qc.invalidateQueries({ queryKey: mailKeys.views });
      void refreshMail(qc, { quota: true });
    } catch (e) {
      const code = codeOf(e);
      setError(code.startsWith("flow.") || code.startsWith("mail.") || code.startsWith("common.") ? errorText(code, paramsOf(e)) : t("flowTask.failed"));
    } finally {
      setBusy(false);
    }
  };

  const groupLabel = (title: string, isDefault: boolean) => (isDefault ? t("flowTask.defaultGroup") : title);
  return (
    <Dialog title={t("flowTask.title")} isOpen onClose={onClose} width={440}>
      {made
        ? (
          <div className="mft-done" role="status">
            <p>{t("flowTask.done", { count: made.length })}</p>
            {made.length === 1
              ? <Link to={taskPath(made[0].projectId, made[0].id) as "/flow"} className="mft-link" onClick={onClose}>{t("flowTask.openTask", { title: made[0].title })}</Link>
              : made.length > 1 && <Link to={`/flow/${made[0].projectId}/tasks` as "/flow"} className="mft-link" onClick={onClose}>{t("flowTask.openProject")}</Link>}
          </div>
        )
        : (
          <div className="mft-form">
            {projects.isPending && <p className="mr-muted">{t("flowTask.loading")}</p>}
            {projects.isSuccess && usable.length === 0 && <p className="mr-muted">{t("flowTask.noProjects")}</p>}
            {usable.length > 0 && (
              <>
                <SelectField label={t("flowTask.project")} value={projectId === null ? null : String(projectId)}
                  options={usable.map((p) => ({ id: String(p.id), label: p.title }))}
                  onChange={(id) => (setProjectId(Number(id)), setGroupId(null))} />
                <SelectField label={t("flowTask.group")} value={groupId === null ? null : String(groupId)} isDisabled={!groups.data}
                  options={(groups.data ?? []).map((g) => ({ id: String(g.id), label: groupLabel(g.title, g.isDefault) }))}
                  onChange={(id) => setGroupId(Number(id))} />
              </>
            )}
            {mailIds.length > 1 && <p className="mr-muted">{t("flowTask.several", { count: mailIds.length })}</p>}
            {error && <p className="field-error mft-error" role="alert">{error}</p>}
          </div>
        )}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t(made ? "flowTask.close" : "flowTask.cancel")}</Button>
        {!made && <Button onPress={() => void submit()} isDisabled={projectId === null || groupId === null || busy}>{t("flowTask.submit")}</Button>}
      </div>
    </Dialog>
  );
}
