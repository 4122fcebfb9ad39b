// One lane of the LIST view: a task group of a project (title "default" shown as 미지정) or, for all, a project.
// Its rows (those of the initial page, then "more" pages of TASK_LIST_PAGE_SIZE; a lane past the initial page's
// 150 tasks fetches its first page when it comes near the screen), its menu (GroupMenu: rename, move,
// move to another project, delete all tasks, delete) and, with the right to edit, a field adding a task at its end.
// Dropping a dragged row on its end moves the task there (PUT move/LIST into targetGroupId).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Input, TextField as AriaTextField } from "react-aria-components";
import { DEFAULT_GROUP_TITLE, TASK_TITLE_MAX } from "@shared/flow/constants.ts";
import type { FlowTask, TaskGroup, TaskLane } from "@shared/flow/tasks.ts";
import { Button } from "../../../../ui/Button.tsx";
import { createTask, moveTask, type TaskParams } from "../../api.ts";
import { failed } from "../../errors.ts";
import { laneQuery } from "../../queries.ts";
import { refreshTasks } from "../mutations.ts";
import { GroupMenu } from "./GroupMenu.tsx";
import { DRAG_TYPE, TaskColumns, TaskRow } from "./TaskRow.tsx";

export function GroupSection({ lane, rowLimit, boardProjectId, params, groups, canEdit, selected, setSelected, onOpen }: {
  lane: TaskLane;
  /** Draw at most this many rows for now (ListView draws the rest right after the screen); undefined: all. */
  rowLimit?: number;
  boardProjectId: number | "all";
  params: TaskParams;
  /** The project's groups in order (moving a group up or down); empty for all. */
  groups: TaskGroup[];
  canEdit: boolean;
  selected: Set<number>;
  setSelected(next: Set<number>): void;
  onOpen(task: FlowTask): void;
}) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [wantMore, setWantMore] = useState(false);
  const projectId = boardProjectId === "all" ? lane.projectId! : boardProjectId;
  const more = useInfiniteQuery({
    ...laneQuery(boardProjectId === "all" ? lane.projectId! : boardProjectId, params, lane.groupId ? { groupId: lane.groupId } : {}, lane.after ?? ""),
    enabled: wantMore && lane.more,
  });
  const tasks = [...lane.tasks, ...(more.data?.pages.flatMap((p) => p.tasks) ?? [])];
  const hasMore = wantMore ? !!more.hasNextPage : lane.more;
  // A lane none of whose tasks came with the initial page: its first page once it is near the screen.
  const unloaded = lane.tasks.length === 0 && lane.more;
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = sectionRef.current;
    if (!unloaded || wantMore || !el) return;
    const seen = new IntersectionObserver((entries) => entries.some((x) => x.isIntersecting) && setWantMore(true), { rootMargin: "600px 0px" });
    seen.observe(el);
    return () => seen.disconnect();
  }, [unloaded, wantMore]);
  const title = lane.groupId && lane.title === DEFAULT_GROUP_TITLE ? t("groups.default") : lane.title;
  const group = lane.groupId ? groups.find((g) => g.id === lane.groupId) : undefined;
  const headingId = `fl-lane-${lane.key}`;

  const move = async (taskId: number, body: { targetId?: number; position?: "BEFORE" | "AFTER"; targetGroupId?: number }) => {
    const task = tasks.find((x) => x.id === taskId);
    try {
      await moveTask(task?.projectId ?? projectId, taskId, "LIST", body);
    } catch (e) {
      failed(e, "tasks.moveFailed");
    } finally {
      refreshTasks(qc, projectId);
    }
  };

  return (
    <section ref={sectionRef} className="fl-lane" aria-labelledby={headingId} aria-busy={unloaded && tasks.length === 0}
      onDragOver={(e) => e.dataTransfer.types.includes(DRAG_TYPE) && canEdit && lane.groupId && e.preventDefault()}
      onDrop={(e) => {
        const id = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (id && lane.groupId && canEdit) {
          e.preventDefault();
          void move(id, { targetGroupId: lane.groupId });
        }
      }}>
      <header className="fl-lane-head">
        <h2 id={headingId} className="fl-lane-title">{title}</h2>
        <span className="fl-count">{t("tasks.count", { count: lane.totalCount })}</span>
        {group && canEdit && <GroupMenu projectId={projectId} group={group} groups={groups} title={title} />}
      </header>
      {tasks.length === 0
        ? <p className="fl-muted fl-pad">{unloaded ? t("common.loading") : t("tasks.emptyGroup")}</p>
        : (
          <>
            <TaskColumns />
            <ul className="fl-tasks" aria-labelledby={headingId}>
              {(rowLimit === undefined ? tasks : tasks.slice(0, rowLimit)).map((task, i) => (
                <TaskRow key={task.id} task={task} canEdit={canEdit} selected={selected.has(task.id)}
                  onSelect={(on) => {
                    const next = new Set(selected);
                    if (on) next.add(task.id);
                    else next.delete(task.id);
                    setSelected(next);
                  }}
                  onOpen={() => onOpen(task)}
                  onMove={{
                    up: i > 0 ? () => void move(task.id, { targetId: tasks[i - 1].id, position: "BEFORE" }) : undefined,
                    down: i + 1 < tasks.length ? () => void move(task.id, { targetId: tasks[i + 1].id, position: "AFTER" }) : undefined,
                  }}
                  onDropBefore={(id) => void move(id, { targetId: task.id, position: "BEFORE" })} />
              ))}
            </ul>
          </>
        )}
      {hasMore && tasks.length > 0 && (
        <Button variant="ghost" className="fl-more" isDisabled={more.isFetching}
          onPress={() => (wantMore ? void more.fetchNextPage() : setWantMore(true))}>
          {t("tasks.more")}
        </Button>
      )}
      {canEdit && lane.groupId && <AddTask projectId={projectId} groupId={lane.groupId} groupTitle={title} />}
    </section>
  );
}

function AddTask({ projectId, groupId, groupTitle }: { projectId: number; groupId: number; groupTitle: string }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!title.trim() || busy) return;
    setBusy(true);
    try {
      await createTask(projectId, { title: title.trim(), groupId });
      setTitle("");
    } catch (e) {
      failed(e, "tasks.createFailed");
    } finally {
      setBusy(false);
      refreshTasks(qc, projectId);
    }
  };
  return (
    <Form className="fl-add-task" onSubmit={(e) => (e.preventDefault(), void add())}>
      <AriaTextField aria-label={t("tasks.addTo", { group: groupTitle })} value={title} onChange={setTitle} maxLength={TASK_TITLE_MAX} className="fl-add-field">
        <Input className="field-input" placeholder={t("tasks.addPlaceholder")} />
      </AriaTextField>
      <Button type="submit" variant="secondary" isDisabled={busy || !title.trim()}>{t("tasks.add")}</Button>
    </Form>
  );
}
