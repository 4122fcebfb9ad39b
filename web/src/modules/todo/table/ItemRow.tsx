// An item's row (or a sub-item's, indented under its parent): select it, drag it by its handle, expand its
// sub-items, its title (TitleCell) and a cell per column (cells/Cell.tsx), and its menu, the keyboard's way to
// do what dragging does: move up, move down (also Alt+↑/↓ in the row, shown in the menu), move to another group;
// open it, add a sub-item, delete it.
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Keyboard, Menu, MenuItem, MenuTrigger, Popover, SubmenuTrigger } from "react-aria-components";
import type { HeaderColumn, OrganUser, TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Cell } from "../cells/Cell.tsx";
import { TitleCell } from "../cells/TitleCell.tsx";
import type { TableActions } from "./actions.ts";

export const ItemRow = memo(function ItemRow({ item, group, prev, next, groups, header, names, widths, width, users, canEdit, selected, expanded, drop, rowIndex, y, actions }: {
  item: TodoItem;
  group: TodoGroup;
  /** Its siblings before and after it (move up / down). */
  prev?: TodoItem;
  next?: TodoItem;
  groups: readonly TodoGroup[];
  header: readonly HeaderColumn[];
  names: readonly string[];
  widths: readonly number[];
  width: number;
  users: ReadonlyMap<number, OrganUser>;
  canEdit: boolean;
  selected: boolean;
  expanded: boolean;
  /** Where a dragged item would land. */
  drop: "BEFORE" | "AFTER" | null;
  rowIndex: number;
  /** Its top in the body (virtualised). */
  y: number;
  actions: TableActions;
}) {
  const { t } = useTranslation("todo");
  const sub = item.parentId !== 0;
  const saved = item.id > 0;
  const act = (key: string) => {
    if (key === "open") return actions.open(item);
    if (key === "addSub") return actions.addSub(item);
    if (key === "up" && prev) return void actions.move(item, { position: "BEFORE", targetItem: prev });
    if (key === "down" && next) return void actions.move(item, { position: "AFTER", targetItem: next });
    if (key === "delete") return void actions.remove(item);
    if (key.startsWith("group:")) return void actions.move(item, { position: "INSIDE", targetGroupId: Number(key.slice(6)) });
  };
  const others = groups.filter((g) => g.id !== group.id);
  return (
    <div role="row" className={`tt-row tt-item-row${sub ? " tt-sub-row" : ""}${selected ? " tt-selected" : ""}${drop ? ` tt-drop-${drop.toLowerCase()}` : ""}`}
      style={{ width, "--group-color": group.color, transform: `translateY(${y}px)` } as React.CSSProperties} aria-rowindex={rowIndex}
      data-row={rowIndex - 2} data-drop-row={rowIndex - 2} data-item={item.id}>
      {header.map((c, i) => {
        if (c.type === "TITLE") {
          return (
            <div key={c.value} role="rowheader" className="tt-td tt-sticky tt-title-td" style={{ width: widths[i] }} data-col={i}>
              {canEdit && (
                <span className="tt-handle" aria-hidden="true" title={t("table.item.drag")} onPointerDown={(e) => saved && actions.startDrag(e, item)}>⠿</span>
              )}
              {canEdit && (
                <Checkbox isSelected={selected} isDisabled={!saved} onChange={(on) => actions.select(item.id, on)}>
                  <span className="visually-hidden">{t("table.item.select", { item: item.title })}</span>
                </Checkbox>
              )}
              {sub ? <span className="tt-sub-indent" aria-hidden="true" /> : item.subCnt > 0
                ? (
                  <AriaButton className="tt-toggle tt-sub-toggle" aria-expanded={expanded} aria-label={t("table.item.subItems", { count: item.subCnt, item: item.title })}
                    onPress={() => actions.toggleItem(item.id)}>
                    <span className={`tt-chevron${expanded ? " tt-chevron-open" : ""}`} aria-hidden="true">›</span>
                    <span className="tt-sub-count" aria-hidden="true">{item.subCnt}</span>
                  </AriaButton>
                )
                : <span className="tt-toggle-space" aria-hidden="true" />}
              <TitleCell item={item} canEdit={canEdit} onSave={actions.save} onOpen={actions.open} />
              {saved && (
                <MenuTrigger>
                  <AriaButton className="tt-icon-button tt-row-menu" aria-label={t("table.item.menu", { item: item.title })}>⋯</AriaButton>
                  <Popover className="menu-popover" placement="bottom end">
                    <Menu className="menu" onAction={(k) => act(String(k))}>
                      <MenuItem id="open" className="menu-item">{t("table.item.open")}</MenuItem>
                      {canEdit && !sub && <MenuItem id="addSub" className="menu-item">{t("table.item.addSub")}</MenuItem>}
                      {canEdit && prev && (
                        <MenuItem id="up" className="menu-item" textValue={t("table.item.up")}>
                          {t("table.item.up")}<Keyboard className="tt-kbd">Alt+↑</Keyboard>
                        </MenuItem>
                      )}
                      {canEdit && next && (
                        <MenuItem id="down" className="menu-item" textValue={t("table.item.down")}>
                          {t("table.item.down")}<Keyboard className="tt-kbd">Alt+↓</Keyboard>
                        </MenuItem>
                      )}
                      {canEdit && !sub && others.length > 0 && (
                        <SubmenuTrigger>
                          <MenuItem id="moveTo" className="menu-item">{t("table.item.moveTo")}<span aria-hidden="true">›</span></MenuItem>
                          <Popover className="menu-popover">
                            <Menu className="menu" onAction={(k) => act(String(k))}>
                              {others.map((g) => <MenuItem key={g.id} id={`group:${g.id}`} className="menu-item">{g.title}</MenuItem>)}
                            </Menu>
                          </Popover>
                        </SubmenuTrigger>
                      )}
                      {canEdit && <MenuItem id="delete" className="menu-item">{t("table.item.delete")}</MenuItem>}
                    </Menu>
                  </Popover>
                </MenuTrigger>
              )}
            </div>
          );
        }
        return (
          <div key={c.value} role="cell" className="tt-td" style={{ width: widths[i] }} data-col={i}>
            {c.type !== "ADDITIONAL" && <Cell item={item} column={c} name={names[i]} users={users} canEdit={canEdit} onSave={actions.save} />}
          </div>
        );
      })}
    </div>
  );
});
