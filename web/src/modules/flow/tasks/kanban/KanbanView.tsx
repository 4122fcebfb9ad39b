// The KANBAN view (002 §2 "Views", §4 "Flow task status"): the five status lanes (요청, 진행, 피드백, 완료, 보류) on
// ui/work/KanbanBoard. Moving a card (drag, or its keyboard menu) changes its status (PUT move/KANBAN: before a card,
// or last of a lane); the board shows it moved at once and refetches, a failure showing its text. "More" loads a
// lane's next TASK_PAGE_SIZE after its `after`.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TaskStatus } from "@shared/flow/constants.ts";
import type { FlowTask, TaskBoard } from "@shared/flow/tasks.ts";
import { Button } from "../../../../ui/Button.tsx";
import { type CardId, KanbanBoard, type KanbanLaneView } from "../../../../ui/work/KanbanBoard.tsx";
import { laneTasks, moveTask, type TaskParams } from "../../api.ts";
import { failed } from "../../errors.ts";
import { flowKeys } from "../../queries.ts";
import { useEditableIn } from "../editable.ts";
import { refreshTasks } from "../mutations.ts";

const LANE_COLORS: Record<TaskStatus, string> = {
  REQUESTED: "#6b7280", IN_PROGRESS: "#2563eb", FEEDBACK: "#d97706", COMPLETED: "#16a34a", ON_HOLD: "#9333ea",
};

interface Extra {
  tasks: FlowTask[];
  after: string | null;
  more: boolean;
}
type Card = FlowTask & { id: number };

export function KanbanView({ board, boardProjectId, params, canEdit, onOpen }: {
  board: TaskBoard;
  boardProjectId: number | "all";
  params: TaskParams;
  canEdit: boolean;
  onOpen(task: FlowTask): void;
}) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [extra, setExtra] = useState<Record<string, Extra>>({});
  const editableIn = useEditableIn(boardProjectId, canEdit);
  const [loading, setLoading] = useState<string | null>(null);
  // A refetched board starts its lanes over.
  useEffect(() => setExtra({}), [board]);

  const lanes: KanbanLaneView<Card>[] = board.lanes.map((l) => ({
    id: l.status ?? l.key,
    title: l.status ? t(`status.${l.status}`) : l.title,
    color: l.status ? LANE_COLORS[l.status] : undefined,
    count: l.totalCount,
    cards: [...l.tasks, ...(extra[l.key]?.tasks ?? [])],
  }));

  const onMove = async (cardId: CardId, toLaneId: string, before: CardId | null) => {
    const task = lanes.flatMap((l) => l.cards).find((c) => c.id === cardId);
    if (!task) return;
    const key = flowKeys.boardWith(boardProjectId, params);
    const status = toLaneId as TaskStatus;
    // Shown moved at once: out of its lane, into the target before `before` (or last).
    qc.setQueryData<TaskBoard>(key, (b) => {
      if (!b) return b;
      const moved = { ...task, status };
      return {
        ...b,
        lanes: b.lanes.map((l) => {
          let tasks = l.tasks.filter((x) => x.id !== task.id);
          const count = l.totalCount - (l.tasks.length - tasks.length);
          if (l.status !== status) return { ...l, tasks, totalCount: count };
          const at = before === null ? tasks.length : tasks.findIndex((x) => x.id === before);
          tasks = [...tasks.slice(0, at < 0 ? tasks.length : at), moved, ...tasks.slice(at < 0 ? tasks.length : at)];
          return { ...l, tasks, totalCount: count + 1 };
        }),
      };
    });
    try {
      await moveTask(task.projectId, task.id, "KANBAN", before === null ? { targetStatus: status } : { targetId: Number(before), position: "BEFORE" });
    } catch (e) {
      failed(e, "tasks.moveFailed");
    } finally {
      refreshTasks(qc, task.projectId);
      void qc.invalidateQueries({ queryKey: flowKeys.task(task.projectId, task.id) });
    }
  };

  const loadMore = async (laneKey: string) => {
    const lane = board.lanes.find((l) => l.key === laneKey);
    const after = extra[laneKey]?.after ?? lane?.after;
    if (!lane || !after || !lane.status) return;
    setLoading(laneKey);
    try {
      const page = await laneTasks(boardProjectId, params, { status: lane.status }, after);
      setExtra((x) => ({ ...x, [laneKey]: { tasks: [...(x[laneKey]?.tasks ?? []), ...page.tasks], after: page.after, more: page.more } }));
    } catch (e) {
      failed(e, "tasks.loadFailed");
    } finally {
      setLoading(null);
    }
  };

  return (
    <div className="fl-kanban">
      <KanbanBoard<Card> label={t("view.KANBAN")} lanes={lanes} canMove={(card) => editableIn(card.projectId)} onMove={(c, l, b) => void onMove(c, l, b)}
        onOpen={(card) => onOpen(card)}
        renderCard={(card) => (
          <span className="fl-card-meta">
            <span className={`fl-pri fl-pri-${card.priority}`}>{t(`priority.${card.priority}`)}</span>
            {boardProjectId === "all" && <span className="fl-muted">{card.projectTitle}</span>}
            {card.assignees.length > 0 && <span>{card.assignees.map((a) => a.name).join(", ")}</span>}
            {card.dueDate && <span>{t("tasks.dueShort", { day: card.dueDate })}</span>}
          </span>
        )}
        laneFooter={(lane) => {
          const l = board.lanes.find((x) => (x.status ?? x.key) === lane.id);
          if (!l) return null;
          const more = extra[l.key] ? extra[l.key].more : l.more;
          return more
            ? (
              <Button variant="ghost" className="fl-more" isDisabled={loading === l.key} onPress={() => void loadMore(l.key)}>
                {t("tasks.more")}
              </Button>
            )
            : null;
        }} />
    </div>
  );
}
