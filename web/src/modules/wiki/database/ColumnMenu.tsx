// A property column's header: its name and type, and a menu (Enter, Space or a click) to edit it (name, format,
// options), sort by it, filter on it, hide it, move it left or right, or delete it (after a confirmation: it goes
// from the database, its rows and every open row, 001 §4).
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { Property } from "@shared/wiki/properties.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { deleteProperty, moveProperty } from "../api.ts";
import { useWikiChange } from "./mutations.ts";
import { done } from "./feedback.ts";

export type ColumnAction = "settings" | "sortAsc" | "sortDesc" | "filter" | "hide";

export function ColumnMenu({ property: p, prev, prevPrev, next, editable, onAction }: {
  property: Property;
  /** The columns before and after it, in the database's order (for moving it). */
  prev?: Property;
  prevPrev?: Property;
  next?: Property;
  editable: boolean;
  onAction(a: ColumnAction): void;
}) {
  const { t } = useTranslation("wiki");
  const move = useWikiChange((prevId: number | null) => moveProperty(p.id, prevId));
  const remove = useWikiChange(() => deleteProperty(p.id), () => done("propertyDeleted", { name: p.name }));
  const act = async (key: string) => {
    if (key === "left") return move.mutate(prevPrev?.id ?? null);
    if (key === "right") return next && move.mutate(next.id);
    if (key === "delete") {
      const ok = await confirm({ title: t("database.property.deleteTitle"), message: t("database.property.confirmDelete", { name: p.name }), confirmLabel: t("database.delete"), danger: true });
      if (ok) remove.mutate(undefined);
      return;
    }
    onAction(key as ColumnAction);
  };
  return (
    <MenuTrigger>
      <AriaButton className="wdb-head" aria-label={t("database.column.menu", { name: p.name })}>
        <span>{p.name}</span>
        <span className="wdb-type">{t(`database.type.${p.type}`)}</span>
      </AriaButton>
      <Popover className="menu-popover" placement="bottom start">
        <Menu className="menu" onAction={(k) => void act(String(k))}>
          {editable && <MenuItem id="settings" className="menu-item">{t("database.column.settings")}</MenuItem>}
          <MenuItem id="sortAsc" className="menu-item">{t("database.column.sortAsc")}</MenuItem>
          <MenuItem id="sortDesc" className="menu-item">{t("database.column.sortDesc")}</MenuItem>
          <MenuItem id="filter" className="menu-item">{t("database.column.filter")}</MenuItem>
          <MenuItem id="hide" className="menu-item">{t("database.column.hide")}</MenuItem>
          {editable && prev && <MenuItem id="left" className="menu-item">{t("database.column.left")}</MenuItem>}
          {editable && next && <MenuItem id="right" className="menu-item">{t("database.column.right")}</MenuItem>}
          {editable && <MenuItem id="delete" className="menu-item">{t("database.column.delete")}</MenuItem>}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
