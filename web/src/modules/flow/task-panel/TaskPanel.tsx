// A task opened from a list (the actionObj's taskId; 002 §3 "Task"): a panel from the right (the whole screen on
// phones) built from GET projects/{p}/tasks/{t}, its main fields editable with the right to edit — title, status,
// priority, assignees (JOINED members), start and due days (409 date texts), progress, the content (rich text,
// saved with 저장) — each through its field call (PUT projects/{p}/tasks/{t}/{field}). Escape or 닫기 closes it
// (the address loses its taskId). Below the fields sit the detail parts (checklist, comments, files, subtasks).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Dialog, Form, Input, Label, Modal, ModalOverlay, NumberField, TextField as AriaTextField } from "react-aria-components";
import { canEdit as canEditOf, TASK_TITLE_MAX } from "@shared/flow/constants.ts";
import { RichEditor } from "../../../ui/editor/RichEditor.tsx";
import type { EditorTextKey } from "../../../ui/editor/texts.ts";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { flowErrorText } from "../errors.ts";
import { projectQuery, taskQuery } from "../queries.ts";
import { DayInput, PrioritySelect, StatusSelect } from "../tasks/fields.tsx";
import { MultiMenu } from "../tasks/MultiMenu.tsx";
import { useTaskField } from "../tasks/mutations.ts";
import { TaskDetailParts } from "../detail/TaskDetailParts.tsx";
import "./task-panel.css";

export function TaskPanel({ projectId, taskId, onClose }: { projectId: number; taskId: number; onClose(): void }) {
  const { t } = useTranslation("flow");
  const q = useQuery(taskQuery(projectId, taskId));
  const project = useQuery(projectQuery(projectId));
  const task = q.data;
  const editable = canEditOf(project.data?.myAuthority);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="fl-panel-overlay">
      <Modal className="fl-panel">
        <Dialog className="fl-panel-dialog" aria-label={task?.title ?? t("panel.title")}>
          <header className="fl-panel-head">
            <p className="fl-panel-project">{task ? `${task.projectTitle} · #${task.taskRegistrationOrder}` : t("panel.title")}</p>
            <AriaButton className="icon-button" aria-label={t("common.close")} onPress={onClose}><Icon name="close" /></AriaButton>
          </header>
          {q.isPending && <p className="fl-muted fl-pad">{t("common.loading")}</p>}
          {q.isError && <p className="fl-error fl-pad" role="alert">{flowErrorText(q.error, "panel.loadFailed")}</p>}
          {task && <TaskFields key={task.id} task={task} canEdit={editable} members={(project.data?.members ?? []).filter((m) => m.state === "JOINED")} />}
          {task && <TaskDetailParts projectId={projectId} task={task} canEdit={editable} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function TaskFields({ task, canEdit, members }: {
  task: import("@shared/flow/tasks.ts").FlowTask;
  canEdit: boolean;
  members: import("@shared/flow/projects.ts").FlowMember[];
}) {
  const { t } = useTranslation("flow");
  const put = useTaskField();
  const p = task.projectId;
  const [title, setTitle] = useState(task.title);
  useEffect(() => setTitle(task.title), [task.title]);
  const [content, setContent] = useState<string | null>(null);
  const [progress, setProgress] = useState(task.progress);
  useEffect(() => setProgress(task.progress), [task.progress]);
  const saveTitle = () => {
    if (title.trim() && title.trim() !== task.title) void put(p, task.id, "title", { title: title.trim() });
    else setTitle(task.title);
  };
  const editorText = (k: EditorTextKey, vars?: Record<string, unknown>) => t(`panel.editor.${k}`, vars ?? {});
  const assigneeOptions = [...members.map((m) => ({ id: String(m.userId), label: m.name })),
    ...task.assignees.filter((a) => !members.some((m) => m.userId === a.userId)).map((a) => ({ id: String(a.userId), label: a.name }))];

  return (
    <div className="fl-panel-body">
      <Form onSubmit={(e) => (e.preventDefault(), saveTitle())}>
        <AriaTextField value={title} onChange={setTitle} onBlur={saveTitle} maxLength={TASK_TITLE_MAX} isReadOnly={!canEdit} className="field fl-panel-title">
          <Label className="visually-hidden">{t("panel.taskTitle")}</Label>
          <Input className="fl-panel-title-input" />
        </AriaTextField>
      </Form>
      <dl className="fl-panel-fields">
        <dt>{t("panel.status")}</dt>
        <dd><StatusSelect value={task.status} label={t("panel.status")} isDisabled={!canEdit} onChange={(status) => void put(p, task.id, "status", { status })} /></dd>
        <dt>{t("panel.priority")}</dt>
        <dd><PrioritySelect value={task.priority} label={t("panel.priority")} isDisabled={!canEdit} onChange={(priority) => void put(p, task.id, "priority", { priority })} /></dd>
        <dt>{t("panel.assignees")}</dt>
        <dd>
          <MultiMenu label={t("panel.assignees")} showNames isDisabled={!canEdit} chosen={task.assignees.map((a) => String(a.userId))} options={assigneeOptions}
            onChange={(ids) => void put(p, task.id, "assignees", { userId: ids.map(Number) })} />
        </dd>
        <dt>{t("panel.requester")}</dt>
        <dd>{task.requester.name}</dd>
        <dt>{t("panel.start")}</dt>
        <dd><DayInput value={task.startDate} label={t("panel.start")} isDisabled={!canEdit} onChange={(startDate) => put(p, task.id, "start-date", { startDate })} /></dd>
        <dt>{t("panel.due")}</dt>
        <dd><DayInput value={task.dueDate} label={t("panel.due")} isDisabled={!canEdit} onChange={(dueDate) => put(p, task.id, "due-date", { dueDate })} /></dd>
        <dt>{t("panel.progress")}</dt>
        <dd>
          <NumberField value={progress} minValue={0} maxValue={100} step={10} isDisabled={!canEdit} aria-label={t("panel.progress")} className="fl-progress-field"
            formatOptions={{ style: "percent", maximumFractionDigits: 0 }}
            onChange={(v) => {
              const n = Math.round(Number.isNaN(v) ? 0 : v);
              setProgress(n);
            }}
            onBlur={() => progress !== task.progress && void put(p, task.id, "progress", { progress })}>
            <Input className="field-input fl-progress-input" />
          </NumberField>
        </dd>
      </dl>
      <section className="fl-panel-content" aria-labelledby="fl-panel-content">
        <h3 id="fl-panel-content" className="fl-sub-heading">{t("panel.content")}</h3>
        {canEdit
          ? (
            <>
              <RichEditor label={t("panel.content")} initialHtml={task.contentType === "text/plain" ? plainToHtml(task.content) : task.content}
                onChange={setContent} texts={editorText} className="fl-panel-editor" />
              {content !== null && (
                <div className="fl-panel-save">
                  <Button onPress={() => void put(p, task.id, "content", { content, contentType: "text/html" }).then((ok) => ok && setContent(null))}>
                    {t("common.save")}
                  </Button>
                </div>
              )}
            </>
          )
          : <div className="fl-panel-text">{task.content ? htmlText(task.content, task.contentType) : <span className="fl-muted">{t("panel.noContent")}</span>}</div>}
      </section>
    </div>
  );
}

const plainToHtml = (s: string) => s ? `<p>${s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\n/g, "<br>")}</p>` : "";
/** A reader's view of the content as text (no markup is injected). */
function htmlText(content: string, type: string): string {
  if (type === "text/plain") return content;
  const doc = new DOMParser().parseFromString(content, "text/html");
  return doc.body.innerText || doc.body.textContent || "";
}
