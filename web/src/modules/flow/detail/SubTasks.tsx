// A task's subtasks (002 §3 "Task": subtasks; a subtask has no subtasks of its own and is never moved): each
// with its status and a link that opens it in the panel, and a box that adds one (an authority other than READ).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Input, Label, TextField } from "react-aria-components";
import { TASK_TITLE_MAX } from "@shared/flow/constants.ts";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { Button } from "../../../ui/Button.tsx";
import { useOpenTask } from "./open-task.ts";
import type { TaskDetailActions } from "./use-task-detail.ts";

export function SubTasks({ task, canEdit, actions }: { task: FlowTask; canEdit: boolean; actions: TaskDetailActions }) {
  const { t } = useTranslation("flow");
  const open = useOpenTask();
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const subs = task.subTasks ?? [];
  const add = async () => {
    const v = title.trim();
    if (!v || busy) return;
    setBusy(true);
    try {
      await actions.addSubtask(v);
      setTitle("");
    } catch { /* its text is shown; the box keeps the title */ } finally {
      setBusy(false);
    }
  };
  return (
    <section className="wk-section fl-subtasks" aria-labelledby={`fl-sub-${task.id}`}>
      <div className="wk-section-head">
        <h3 id={`fl-sub-${task.id}`} className="wk-section-title">{t("detail.subtasks.title")}</h3>
        <span className="wk-muted">{subs.length}</span>
      </div>
      {subs.length === 0 && <p className="wk-muted">{t("detail.subtasks.empty")}</p>}
      {subs.length > 0 && (
        <ul className="fl-subtask-list">
          {subs.map((s) => (
            <li key={s.id} className="fl-subtask">
              <span className={`fl-sub-status fl-status-${s.status}`}>{t(`status.${s.status}`)}</span>
              <Button variant="ghost" className="wk-link fl-subtask-open" onPress={() => open(s.projectId, s.id)}
                aria-label={t("detail.subtasks.open", { title: s.title })}>
                {s.title}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {canEdit && task.parentId === 0 && (
        <Form className="fl-subtask-add" onSubmit={(e) => (e.preventDefault(), void add())}>
          <TextField value={title} onChange={setTitle} maxLength={TASK_TITLE_MAX} className="fl-subtask-field" aria-label={t("detail.subtasks.new")}>
            <Label className="visually-hidden">{t("detail.subtasks.new")}</Label>
            <Input className="field-input" placeholder={t("detail.subtasks.placeholder")} />
          </TextField>
          <Button type="submit" variant="secondary" className="wk-small" isDisabled={!title.trim() || busy}>{t("detail.subtasks.add")}</Button>
        </Form>
      )}
    </section>
  );
}
