// The board as a kanban (002 §2 "View types: table and kanban"; §3 "Kanban column"): lanes of the chosen STATUS
// column's labels (GET kanban/columns, kept in the board's entry), the items without a label last. A card moved
// to another lane takes that lane's label (PUT item cell STATUS through useCellMutation, put back when refused);
// moved within a lane (or to a place between cards) it moves before that card (useMoveItem). The settings
// popover chooses the column and which labels show in which order (PUT kanban/columns). A board with no STATUS
// column says how to get one, and its editors can add one here.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_STATUS_OPTIONS, HEADER_WIDTHS } from "@shared/todo/constants.ts";
import type { HeaderColumn } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { Button } from "../../../ui/Button.tsx";
import { KanbanBoard, type KanbanLaneView } from "../../../ui/work/KanbanBoard.tsx";
import { useBoardItems, useCellMutation, useHeaderMutation, useMoveItem, newColumnKey } from "../board-data/index.ts";
import { findItem } from "../board-data/cache.ts";
import type { BoardViewProps } from "../board/view-props.ts";
import { kanbanQuery } from "../queries.ts";
import { KanbanCardBody } from "./KanbanCardBody.tsx";
import { KanbanSettings } from "./KanbanSettings.tsx";
import { buildLanes, chosenLabels, type Lane, planMove, statusColumnOf } from "./lanes.ts";
import "./kanban.css";

interface Card {
  id: number;
  title: string;
  item: TodoItem;
}

export function KanbanView({ boardId, entry, params, canEdit, openItem }: BoardViewProps) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const kanban = useQuery({ ...kanbanQuery(boardId), initialData: entry.kanban, staleTime: 30_000 }).data;
  const { groups, itemsByGroup, more, loadingMore, loadMore } = useBoardItems({ boardId, entry, params });
  const setCell = useCellMutation(boardId);
  const moveItem = useMoveItem(boardId);
  const saveHeader = useHeaderMutation(boardId);

  const column = statusColumnOf(entry.header, kanban);
  const labels = useMemo(() => (column ? chosenLabels(column, kanban) : []), [column, kanban]);
  const ordered = useMemo(() => groups.flatMap((g) => (itemsByGroup.get(g.id) ?? []).filter((it) => it.id > 0)), [groups, itemsByGroup]);
  const lanes: Lane[] = useMemo(() => (column ? buildLanes(column, labels, ordered) : []), [column, labels, ordered]);
  const groupById = useMemo(() => new Map(groups.map((g) => [g.id, g])), [groups]);
  const users = useMemo(() => new Map(entry.organUserList.map((u) => [u.id, u])), [entry.organUserList]);
  const moreGroups = groups.filter((g) => more[g.id]);

  if (!column) {
    return (
      <div className="tk-empty" role="status">
        <h2 className="tk-empty-title">{t("kanban.noStatus.title")}</h2>
        <p>{t("kanban.noStatus.how")}</p>
        {canEdit && <Button onPress={() => void addStatusColumn()}>{t("kanban.noStatus.add")}</Button>}
      </div>
    );
  }

  async function addStatusColumn() {
    const at = Math.max(0, entry.header.findIndex((c) => c.type === "ADDITIONAL"));
    const col: HeaderColumn = {
      value: newColumnKey(), type: "STATUS", name: "", width: HEADER_WIDTHS.STATUS.width, connectedColumn: null,
      options: DEFAULT_STATUS_OPTIONS.map((o) => ({ ...o })),
    };
    const next = [...entry.header];
    next.splice(at === 0 ? next.length : at, 0, col);
    if (await saveHeader(next)) void qc.invalidateQueries({ queryKey: kanbanQuery(boardId).queryKey });
  }

  const views: KanbanLaneView<Card>[] = lanes.map((l) => ({
    id: l.id,
    title: l.label ?? t("kanban.noLabel"),
    color: l.color ?? "#a0a7b1",
    cards: l.items.map((item) => ({ id: item.id, title: item.title, item })),
  }));

  async function onMove(cardId: number | string, toLaneId: string, beforeId: number | string | null) {
    const plan = planMove(lanes, Number(cardId), toLaneId, beforeId === null ? null : Number(beforeId));
    const item = ordered.find((it) => it.id === Number(cardId));
    if (!plan || !item || !column) return;
    if (plan.status !== undefined && !(await setCell(item, column.value, plan.status))) return;
    if (plan.move) {
      const target = ordered.find((it) => it.id === plan.move!.targetId);
      if (target) await moveItem(findItem(qc, boardId, item.id) ?? item, { position: plan.move.position, targetItem: target });
    }
  }

  return (
    <div className="tk-view">
      <div className="tk-toolbar">
        <span className="wk-muted">{t("kanban.by", { column: column.name || t("kanban.statusColumn") })}</span>
        <span className="wk-spacer" />
        {moreGroups.length > 0 && (
          <Button variant="secondary" className="wk-small" isDisabled={loadingMore.size > 0}
            onPress={() => void Promise.all(moreGroups.map((g) => loadMore(g.id)))}>
            {t("kanban.loadMore")}
          </Button>
        )}
        {canEdit && <KanbanSettings boardId={boardId} header={entry.header} column={column} labels={labels} />}
      </div>
      <KanbanBoard<Card>
        label={t("kanban.label")}
        lanes={views}
        canMove={canEdit}
        onMove={(id, lane, before) => void onMove(id, lane, before)}
        onOpen={(card) => openItem({ groupId: card.item.groupId, itemId: card.item.id })}
        renderCard={(card) => <KanbanCardBody item={card.item} header={entry.header} group={groupById.get(card.item.groupId)} users={users} />} />
    </div>
  );
}
