// Bulk create (002 §3 "Bulk create"): several titles at once, one a line, with a shared group, status, assignees
// (the project's joined members) and start day (POST projects/{p}/tasks/bulk, BULK_MAX titles).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, Form, Label, TextArea, TextField as AriaTextField } from "react-aria-components";
import { BULK_MAX, DEFAULT_GROUP_TITLE, TASK_STATUSES, TASK_TITLE_MAX, type TaskStatus } from "@shared/flow/constants.ts";
import type { FlowProject } from "@shared/flow/projects.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Checkbox } from "../../../../ui/Checkbox.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { NativeField } from "../../../../ui/NativeField.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { bulkCreate } from "../../api.ts";
import { flowErrorText, succeeded } from "../../errors.ts";
import { groupsQuery } from "../../queries.ts";
import { refreshTasks } from "../mutations.ts";

export function BulkDialog({ project, onClose }: { project: FlowProject; onClose(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const groups = useQuery(groupsQuery(project.id));
  const [text, setText] = useState("");
  const [group, setGroup] = useState<string | null>(null);
  const [status, setStatus] = useState<TaskStatus>("REQUESTED");
  const [assignees, setAssignees] = useState<number[]>([]);
  const [start, setStart] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const titles = text.split("\n").map((s) => s.trim()).filter(Boolean);
  const groupOptions = (groups.data ?? []).map((g) => ({ id: String(g.id), label: g.isDefault && g.title === DEFAULT_GROUP_TITLE ? t("groups.default") : g.title }));
  const chosenGroup = group ?? groupOptions[0]?.id ?? null;
  const members = project.members.filter((m) => m.state === "JOINED");

  const submit = async () => {
    if (!titles.length) return setError(t("bulk.titlesRequired"));
    if (titles.length > BULK_MAX) return setError(t("bulk.tooMany", { max: BULK_MAX }));
    if (titles.some((x) => x.length > TASK_TITLE_MAX)) return setError(t("bulk.tooLong", { max: TASK_TITLE_MAX }));
    setBusy(true);
    try {
      const made = await bulkCreate(project.id, {
        titles, status, assignees, ...(chosenGroup ? { groupId: Number(chosenGroup) } : {}), ...(start ? { startDate: start } : {}),
      });
      succeeded("bulk.created", { params: { count: made.length } });
      onClose();
    } catch (e) {
      setError(flowErrorText(e, "bulk.failed"));
    } finally {
      setBusy(false);
      refreshTasks(qc, project.id);
    }
  };

  return (
    <Dialog title={t("bulk.title")} isOpen onClose={onClose} width={520}>
      <Form className="fl-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <AriaTextField value={text} onChange={(v) => (setText(v), setError(undefined))} isInvalid={!!error} className="field" autoFocus>
          <Label className="field-label">{t("bulk.titles")}</Label>
          <TextArea className="field-input fl-textarea" rows={6} placeholder={t("bulk.titlesPlaceholder")} />
          <FieldError className="field-error">{error}</FieldError>
        </AriaTextField>
        <p className="fl-muted" aria-live="polite">{t("bulk.countLine", { count: titles.length })}</p>
        <div className="fl-form-row">
          <SelectField label={t("bulk.group")} value={chosenGroup} onChange={setGroup} options={groupOptions} />
          <SelectField label={t("bulk.status")} value={status} onChange={(v) => setStatus(v as TaskStatus)}
            options={TASK_STATUSES.map((s) => ({ id: s, label: t(`status.${s}`) }))} />
        </div>
        <NativeField type="date" label={t("bulk.start")} value={start} onChange={setStart} />
        {members.length > 0 && (
          <fieldset className="fl-fieldset">
            <legend className="field-label">{t("bulk.assignees")}</legend>
            <div className="fl-check-list">
              {members.map((m) => (
                <Checkbox key={m.userId} isSelected={assignees.includes(m.userId)}
                  onChange={(on) => setAssignees(on ? [...assignees, m.userId] : assignees.filter((x) => x !== m.userId))}>
                  {m.name}
                </Checkbox>
              ))}
            </div>
          </fieldset>
        )}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("bulk.create")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
