// One task of the LIST view (002 §3 "Task"): selection, status, priority, title (opens the task panel), assignees,
// start and due days, progress and counters, with inline changes of status, priority and days (409 date texts
// from the server); its menu moves it up or down in its group (PUT move/LIST; a subtask 409
// "하위 업무는 이동할 수 없습니다."). A row can be dragged onto another row (it lands before it) or a group's end.
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { Checkbox } from "../../../../ui/Checkbox.tsx";
import { SvgIcon } from "../../../../ui/icons.tsx";
import { FLOW_ICONS } from "../../icons.ts";
import { LazyDayInput, PrioritySelect, StatusSelect } from "../fields.tsx";
import { useTaskField } from "../mutations.ts";

export const DRAG_TYPE = "application/x-flow-task";

/** The columns' names above a group's rows at desktop width (each control carries its own name for screen readers). */
export function TaskColumns() {
  const { t } = useTranslation("flow");
  return (
    <div className="fl-task fl-task-columns" aria-hidden="true">
      <span />
      <span>{t("tasks.columns.title")}</span>
      <span>{t("tasks.columns.status")}</span>
      <span>{t("tasks.columns.priority")}</span>
      <span>{t("tasks.columns.assignees")}</span>
      <span>{t("tasks.columns.start")}</span>
      <span>{t("tasks.columns.due")}</span>
      <span>{t("tasks.columns.progress")}</span>
      <span />
    </div>
  );
}

export function TaskRow({ task, canEdit, selected, onSelect, onOpen, onMove, onDropBefore }: {
  task: FlowTask;
  canEdit: boolean;
  selected: boolean;
  onSelect(on: boolean): void;
  onOpen(): void;
  /** Up or down among its group's rows; undefined at the edge. */
  onMove: { up?: () => void; down?: () => void };
  onDropBefore(taskId: number): void;
}) {
  const { t } = useTranslation("flow");
  const put = useTaskField();
  const p = task.projectId;
  const name = task.title;
  const moves = [
    ...(onMove.up ? [{ id: "up", label: t("tasks.moveUp") }] : []),
    ...(onMove.down ? [{ id: "down", label: t("tasks.moveDown") }] : []),
  ];
  return (
    <li className="fl-task" data-selected={selected || undefined} draggable={canEdit}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(task.id));
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) {
          e.preventDefault();
          e.currentTarget.dataset.dropBefore = "true";
        }
      }}
      onDragLeave={(e) => delete e.currentTarget.dataset.dropBefore}
      onDrop={(e) => {
        delete e.currentTarget.dataset.dropBefore;
        const id = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (id && id !== task.id) {
          e.preventDefault();
          onDropBefore(id);
        }
      }}>
      {/* Chosen tasks are deleted, copied or moved (SelectionBar): none of it for a member who only reads. */}
      <span className="fl-task-check">
        {canEdit && (
          <Checkbox isSelected={selected} onChange={onSelect}>
            <span className="visually-hidden">{t("tasks.select", { title: name })}</span>
          </Checkbox>
        )}
      </span>
      <span className="fl-task-title-cell">
        <AriaButton id={`fl-task-${task.id}`} className="fl-task-title" onPress={onOpen}>{name}</AriaButton>
        <span className="fl-task-counters">
          {task.subCnt > 0 && <span>{t("tasks.subCount", { count: task.subCnt })}</span>}
          {task.commentCnt > 0 && <span>{t("tasks.commentCount", { count: task.commentCnt })}</span>}
          {task.fileCnt > 0 && <span>{t("tasks.fileCount", { count: task.fileCnt })}</span>}
          {task.checklistCnt > 0 && <span>{t("tasks.checklistCount", { done: task.checklistDoneCnt, total: task.checklistCnt })}</span>}
        </span>
      </span>
      <StatusSelect value={task.status} label={t("tasks.statusOf", { title: name })} isDisabled={!canEdit}
        onChange={(status) => void put(p, task.id, "status", { status })} />
      <PrioritySelect value={task.priority} label={t("tasks.priorityOf", { title: name })} isDisabled={!canEdit}
        onChange={(priority) => void put(p, task.id, "priority", { priority })} />
      <span className="fl-task-assignees" title={task.assignees.map((a) => a.name).join(", ")}>
        {task.assignees.length ? task.assignees.map((a) => a.name).join(", ") : <span className="fl-muted">{t("tasks.noAssignee")}</span>}
      </span>
      <span className="fl-task-day fl-task-start">
        <span className="fl-cell-label" aria-hidden="true">{t("tasks.columns.start")}</span>
        <LazyDayInput value={task.startDate} label={t("tasks.startOf", { title: name })} isDisabled={!canEdit}
          onChange={(startDate) => put(p, task.id, "start-date", { startDate })} />
      </span>
      <span className="fl-task-day fl-task-due">
        <span className="fl-cell-label" aria-hidden="true">{t("tasks.columns.due")}</span>
        <LazyDayInput value={task.dueDate} label={t("tasks.dueOf", { title: name })} isDisabled={!canEdit}
          onChange={(dueDate) => put(p, task.id, "due-date", { dueDate })} />
      </span>
      <span className="fl-task-progress">
        <span className="visually-hidden">{t("tasks.progressOf", { title: name, progress: task.progress })}</span>
        <span className="fl-progress-bar" aria-hidden="true"><span style={{ width: `${task.progress}%` }} /></span>
        <span aria-hidden="true">{task.progress}%</span>
      </span>
      {canEdit && moves.length > 0
        ? (
          <MenuTrigger>
            <AriaButton className="fl-row-more fl-task-more" aria-label={t("tasks.menuOf", { title: name })}>
              <SvgIcon d={FLOW_ICONS.more} size={16} />
            </AriaButton>
            <Popover className="menu-popover" placement="bottom end">
              <Menu className="menu" onAction={(k) => (k === "up" ? onMove.up?.() : onMove.down?.())}>
                {moves.map((m) => <MenuItem key={m.id} id={m.id} className="menu-item">{m.label}</MenuItem>)}
              </Menu>
            </Popover>
          </MenuTrigger>
        )
        : <span className="fl-task-more" aria-hidden="true" />}
    </li>
  );
}
