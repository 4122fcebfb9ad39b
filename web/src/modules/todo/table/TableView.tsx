// The board's table view (002 §2, §3, §4; issue 30): the header's columns (HeaderRow), then each group with its
// items and their sub-items, "add item" and "load more" rows, drawn virtualised (only the rows in view exist,
// so 5,000 items stay fast). Every change is optimistic through board-data/ and rolled back with the error
// snackbar when the server refuses. The title column stays in view while the table scrolls sideways (phones).
// Items move by dragging their handle, by their menu, or by Alt+↑/↓ in their row (use-keyboard-move.ts).
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueries } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { HeaderColumn, OrganUser } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { useNarrowScreen } from "../../../ui/narrow.ts";
import type { BoardViewProps } from "../board/view-props.ts";
import {
  useBoardItems, useCellMutation, useCreateItem, useDeleteItems, useGroupMutations, useHeaderMutation, useMoveItem,
} from "../board-data/index.ts";
import { columnName } from "../cells/column-name.ts";
import { subItemsQuery } from "../queries.ts";
import type { TableActions } from "./actions.ts";
import { widthOf } from "./columns.ts";
import { GroupRow } from "./GroupRow.tsx";
import { HeaderRow } from "./HeaderRow.tsx";
import { ItemRow } from "./ItemRow.tsx";
import { buildRows, neighbours, ROW_HEIGHT } from "./rows.ts";
import { AddItemRow, LoadingRow, MoreRow } from "./SmallRows.tsx";
import { useGridKeys } from "./use-grid-keys.ts";
import { useKeyboardMove } from "./use-keyboard-move.ts";
import { useRowDrag } from "./use-row-drag.ts";
import "./table.css";

const RESIZE_SAVE_MS = 500;
const PHONE_TITLE_WIDTH = 220;

export function TableView(props: BoardViewProps) {
  const { boardId, entry, params, canEdit } = props;
  const { t } = useTranslation("todo");
  const { groups, itemsByGroup, more, loadingMore, loadMore } = useBoardItems({ boardId, entry, params });
  const save = useCellMutation(boardId);
  const move = useMoveItem(boardId);
  const create = useCreateItem(boardId);
  const deleteItems = useDeleteItems(boardId);
  const groupMutations = useGroupMutations(boardId);
  const saveHeader = useHeaderMutation(boardId);

  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [drafts, setDrafts] = useState<Record<string, number>>({});
  const [focusAdd, setFocusAdd] = useState<string | null>(null);

  // Sub-items of the expanded items.
  const parents = useMemo(() => {
    const out: TodoItem[] = [];
    for (const list of itemsByGroup.values()) for (const it of list) if (expanded.has(it.id)) out.push(it);
    return out;
  }, [itemsByGroup, expanded]);
  const subQueries = useQueries({ queries: parents.map((p) => subItemsQuery(p.groupId, p.id)) });
  const subs = useMemo(() => new Map(parents.map((p, i) => [p.id, subQueries[i]?.data])), [parents, subQueries]);

  const rows = useMemo(() => buildRows({ groups, itemsByGroup, more, collapsed, expanded, subs, canEdit }), [groups, itemsByGroup, more, collapsed, expanded, subs, canEdit]);

  const header = entry.header;
  // On a phone the title column is drawn narrower (its saved width stays), so other columns show beside it.
  const narrow = useNarrowScreen();
  const widths = useMemo(() => header.map((c) => (narrow && c.type === "TITLE" ? Math.min(PHONE_TITLE_WIDTH, widthOf(c, drafts)) : widthOf(c, drafts))), [header, drafts, narrow]);
  const names = useMemo(() => header.map((c) => columnName(c)), [header]);
  const totalWidth = widths.reduce((a, b) => a + b, 0);
  const titleWidth = widths[header.findIndex((c) => c.type === "TITLE")] ?? widths[0];
  const users = useMemo(() => new Map<number, OrganUser>(entry.organUserList.map((u) => [u.id, u])), [entry.organUserList]);

  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => ROW_HEIGHT[rows[i].kind],
    getItemKey: (i) => rows[i].key,
    overscan: 12,
  });
  const gridKeys = useGridKeys(body, rows.length, virtualizer);
  const keyMove = useKeyboardMove({ body, rows, canEdit, move, virtualizer });
  const onKeyDown = useCallback((e: React.KeyboardEvent<HTMLElement>) => {
    if (!keyMove.onKeyDown(e)) gridKeys(e);
  }, [keyMove.onKeyDown, gridKeys]);
  const hintId = useId();
  const { hint, startDrag } = useRowDrag(scroller, rows, move);

  // Resizing: drafts while dragging or pressing arrows, the header saved once the keys rest.
  const headerRef = useRef(header);
  headerRef.current = header;
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const resizeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const resize = useCallback((key: string, width: number, commit: boolean) => {
    setDrafts((d) => ({ ...d, [key]: width }));
    draftsRef.current = { ...draftsRef.current, [key]: width };
    clearTimeout(resizeTimer.current);
    if (!commit) return;
    resizeTimer.current = setTimeout(() => {
      const d = draftsRef.current;
      const next: HeaderColumn[] = headerRef.current.map((c) => (d[c.value] !== undefined ? { ...c, width: d[c.value] } : c));
      void saveHeader(next).finally(() => setDrafts({}));
    }, RESIZE_SAVE_MS);
  }, [saveHeader]);
  useEffect(() => () => clearTimeout(resizeTimer.current), []);

  // The rows' actions: one stable object reading the latest state.
  const latest = useRef({ props, itemsByGroup, subs, rows });
  latest.current = { props, itemsByGroup, subs, rows };
  const actions = useMemo<TableActions>(() => ({
    save: (item, key, value) => void save(item, key, value),
    open: (item) => latest.current.props.openItem({ groupId: item.groupId, itemId: item.id, parentId: item.parentId || undefined }),
    move,
    create,
    remove: async (item) => {
      const ok = await confirm({ title: t("table.item.deleteTitle"), message: t("table.item.deleteConfirm", { item: item.title }), confirmLabel: t("table.delete"), danger: true });
      if (!ok) return;
      setSelected((s) => (s.has(item.id) ? new Set([...s].filter((id) => id !== item.id)) : s));
      await deleteItems([item.id]);
    },
    select: (id, on) => setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    }),
    selectGroup: (groupId, on) => setSelected((s) => {
      const next = new Set(s);
      const { itemsByGroup, subs } = latest.current;
      for (const it of itemsByGroup.get(groupId) ?? []) {
        for (const x of [it, ...(subs.get(it.id) ?? [])]) if (x.id > 0) (on ? next.add(x.id) : next.delete(x.id));
      }
      return next;
    }),
    toggleGroup: (groupId) => setCollapsed((s) => toggled(s, groupId)),
    toggleItem: (id) => setExpanded((s) => toggled(s, id)),
    addSub: (item) => {
      setExpanded((s) => new Set([...s, item.id]));
      setFocusAdd(`sub${item.id}`);
    },
    addGroup: async () => {
      const g = await groupMutations.create(t("table.group.newTitle"));
      if (g) setFocusAdd(`group${g.id}`);
    },
    groups: groupMutations,
    startDrag,
  }), [save, move, create, deleteItems, groupMutations, startDrag, t]);

  // A new sub-item's or group's field takes the focus once its row is drawn.
  useEffect(() => {
    if (!focusAdd) return;
    const key = focusAdd.startsWith("sub") ? `as${focusAdd.slice(3)}` : `a${focusAdd.slice(5)}`;
    const index = rows.findIndex((r) => r.key === key);
    if (index < 0) return;
    const el = body.current?.querySelector<HTMLElement>(`[data-add-row="${focusAdd}"]`);
    if (el) {
      el.focus();
      setFocusAdd(null);
    } else virtualizer.scrollToIndex(index, { align: "center" });
  }, [focusAdd, rows, virtualizer, virtualizer.getVirtualItems()]);

  // Selected items no longer shown (deleted, moved away by someone) drop out of the selection.
  const shownIds = useMemo(() => new Set(rows.flatMap((r) => (r.kind === "item" ? [r.item.id] : []))), [rows]);
  const chosen = useMemo(() => [...selected].filter((id) => shownIds.has(id)), [selected, shownIds]);
  const bulkDelete = async () => {
    const ok = await confirm({ title: t("table.bulk.deleteTitle"), message: t("table.bulk.deleteConfirm", { count: chosen.length }), confirmLabel: t("table.delete"), danger: true });
    if (!ok) return;
    setSelected(new Set());
    await deleteItems(chosen);
  };

  const groupIndex = useMemo(() => new Map(groups.map((g, i) => [g.id, i])), [groups]);
  return (
    <div className="tt-view">
      {canEdit && chosen.length > 0 && (
        <div className="tt-bulk" role="region" aria-label={t("table.bulk.region")}>
          <span>{t("table.bulk.selected", { count: chosen.length })}</span>
          <Button variant="danger" onPress={() => void bulkDelete()}>{t("table.bulk.delete")}</Button>
          <Button variant="ghost" onPress={() => setSelected(new Set())}>{t("table.bulk.clear")}</Button>
        </div>
      )}
      <div className="tt-scroll" ref={scroller} data-dragging={hint ? true : undefined}>
        <div role="table" className="tt-table" aria-label={t("table.label", { board: entry.board.title })} aria-rowcount={rows.length + 1}
          aria-colcount={header.length} aria-describedby={canEdit ? hintId : undefined} style={{ width: totalWidth }} onKeyDown={onKeyDown}>
          <HeaderRow header={header} widths={widths} canEdit={canEdit} totalWidth={totalWidth} save={(next) => void saveHeader(next)} resize={resize} />
          <div role="rowgroup" className="tt-body" ref={body} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              const rowIndex = v.index + 2;
              const base = { width: totalWidth, titleWidth, rowIndex, y: v.start };
              switch (row.kind) {
                case "group": {
                  const gi = groupIndex.get(row.group.id) ?? 0;
                  const ids = (itemsByGroup.get(row.group.id) ?? []).filter((it) => it.id > 0);
                  const n = ids.filter((it) => selected.has(it.id)).length;
                  return (
                    <GroupRow key={row.key} group={row.group} count={row.count} collapsed={row.collapsed} prev={groups[gi - 1]} next={groups[gi + 1]} canEdit={canEdit}
                      selectedAll={n > 0 && n === ids.length} selectedSome={n > 0} width={totalWidth} columns={header.length} rowIndex={rowIndex} y={v.start}
                      dropInside={hint?.rowKey === row.key} actions={actions} />
                  );
                }
                case "item": {
                  const { prev, next } = neighbours(row);
                  return (
                    <ItemRow key={row.key} item={row.item} group={row.group} prev={prev} next={next} groups={groups} header={header} names={names} widths={widths}
                      width={totalWidth} users={users} canEdit={canEdit} selected={selected.has(row.item.id)} expanded={row.expanded}
                      drop={hint?.rowKey === row.key && hint.position !== "INSIDE" ? hint.position : null} rowIndex={rowIndex} y={v.start} actions={actions} />
                  );
                }
                case "add":
                  return <AddItemRow key={row.key} {...base} group={row.group} actions={actions} />;
                case "addSub":
                  return <AddItemRow key={row.key} {...base} group={row.group} parent={row.parent} actions={actions} />;
                case "more":
                  return <MoreRow key={row.key} {...base} group={row.group} loading={loadingMore.has(row.group.id)} actions={actions} loadMore={loadMore} />;
                case "subLoading":
                  return <LoadingRow key={row.key} {...base} group={row.group} />;
                default:
                  return null;
              }
            })}
          </div>
        </div>
      </div>
      {canEdit && <p id={hintId} className="visually-hidden">{t("table.item.keyboardHint")}</p>}
      <div className="visually-hidden" aria-live="polite">{keyMove.announce}</div>
    </div>
  );
}

function toggled(s: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(s);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
