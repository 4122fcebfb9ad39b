// A group's header row (002 §3 "Group"; issue 30): collapse or expand it, select all its items, its colour
// (a menu of GROUP_COLORS), its title (renamed in place), how many items it shows, and its menu: rename, move
// up or down, add a group, delete after a confirmation (the board's last group: the server's 409 text, the
// group back). The colour runs down the group's rows as a bar.
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { GROUP_TITLE_MAX } from "@shared/todo/constants.ts";
import type { TodoGroup } from "@shared/todo/boards.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { InlineText } from "../cells/InlineText.tsx";
import { ColorMenu } from "./ColorMenu.tsx";
import type { TableActions } from "./actions.ts";

export const GroupRow = memo(function GroupRow({ group, count, collapsed, prev, next, canEdit, selectedAll, selectedSome, width, columns, rowIndex, y, dropInside, actions }: {
  group: TodoGroup;
  count: number;
  collapsed: boolean;
  prev?: TodoGroup;
  next?: TodoGroup;
  canEdit: boolean;
  selectedAll: boolean;
  selectedSome: boolean;
  width: number;
  columns: number;
  rowIndex: number;
  /** Its top in the body (virtualised). */
  y: number;
  /** A dragged item would land last in it. */
  dropInside?: boolean;
  actions: TableActions;
}) {
  const { t } = useTranslation("todo");
  const [renaming, setRenaming] = useState(false);
  const act = async (key: string) => {
    if (key === "rename") return setRenaming(true);
    if (key === "up" && prev) return void actions.groups.move(group, prev.id, "BEFORE");
    if (key === "down" && next) return void actions.groups.move(group, next.id, "AFTER");
    if (key === "add") return void actions.addGroup();
    if (key === "delete") {
      const ok = await confirm({ title: t("table.group.deleteTitle"), message: t("table.group.deleteConfirm", { title: group.title }), confirmLabel: t("table.delete"), danger: true });
      if (ok) void actions.groups.remove(group);
    }
  };
  return (
    <div role="row" className="tt-row tt-group-row" style={{ width, "--group-color": group.color, transform: `translateY(${y}px)` } as React.CSSProperties} aria-rowindex={rowIndex}
      data-row={rowIndex - 2} data-drop-row={rowIndex - 2} data-drop-inside={dropInside || undefined}>
      <div role="cell" aria-colspan={columns} className="tt-group-cell">
        <div className="tt-group-inner">
          <AriaButton className="tt-toggle" aria-expanded={!collapsed} aria-label={t("table.group.toggle", { title: group.title })}
            onPress={() => actions.toggleGroup(group.id)}>
            <span className={`tt-chevron${collapsed ? "" : " tt-chevron-open"}`} aria-hidden="true">›</span>
          </AriaButton>
          {canEdit && count > 0 && (
            <Checkbox isSelected={selectedAll} isInvalid={false} onChange={(on) => actions.selectGroup(group.id, on)}
              aria-describedby={undefined} className={selectedSome && !selectedAll ? "tt-some" : undefined}>
              <span className="visually-hidden">{t("table.group.selectAll", { title: group.title })}</span>
            </Checkbox>
          )}
          {canEdit
            ? <ColorMenu color={group.color} label={t("table.group.color", { title: group.title })} onPick={(c) => c !== group.color && void actions.groups.color(group, c)} />
            : <span className="tt-swatch" style={{ background: group.color }} aria-hidden="true" />}
          {canEdit && renaming
            ? (
              <InlineTextOpen title={group.title} label={t("table.group.rename", { title: group.title })}
                onDone={(x) => (setRenaming(false), x && x !== group.title && void actions.groups.rename(group, x))} />
            )
            : (
              <InlineText text={group.title} label={t("table.group.rename", { title: group.title })} canEdit={canEdit} maxLength={GROUP_TITLE_MAX}
                className="tt-group-title" display={<span className="tt-ellipsis">{group.title}</span>}
                onCommit={(x) => {
                  if (!x.trim()) return false;
                  void actions.groups.rename(group, x.trim());
                }} />
            )}
          <span className="tt-muted tt-group-count">{t("table.group.count", { count })}</span>
          {canEdit && (
            <MenuTrigger>
              <AriaButton className="tt-icon-button" aria-label={t("table.group.menu", { title: group.title })}>⋯</AriaButton>
              <Popover className="menu-popover" placement="bottom start">
                <Menu className="menu" onAction={(k) => void act(String(k))}>
                  <MenuItem id="rename" className="menu-item">{t("table.group.renameAction")}</MenuItem>
                  {prev && <MenuItem id="up" className="menu-item">{t("table.group.up")}</MenuItem>}
                  {next && <MenuItem id="down" className="menu-item">{t("table.group.down")}</MenuItem>}
                  <MenuItem id="add" className="menu-item">{t("table.group.add")}</MenuItem>
                  <MenuItem id="delete" className="menu-item">{t("table.group.delete")}</MenuItem>
                </Menu>
              </Popover>
            </MenuTrigger>
          )}
        </div>
      </div>
    </div>
  );
});

/** The title field opened from the menu (rename): Enter or leaving saves, Escape cancels. */
function InlineTextOpen({ title, label, onDone }: { title: string; label: string; onDone(x: string | null): void }) {
  const [draft, setDraft] = useState(title);
  return (
    <input className="tt-cell-input tt-group-title" aria-label={label} value={draft} autoFocus maxLength={GROUP_TITLE_MAX}
      onChange={(e) => setDraft(e.target.value)} onBlur={() => onDone(draft.trim() || null)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Enter") onDone(draft.trim() || null);
        if (e.key === "Escape") onDone(null);
      }} />
  );
}
