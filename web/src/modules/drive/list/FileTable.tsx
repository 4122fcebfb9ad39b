// The items of a list as a table (001 §2): name with its kind icon, owner, size, and the used time (the
// deletion time in the trash); headings sort (again: the other way). On phones the rows fold the owner, size
// and time under the name. Selection: the check boxes, a click on a row (Ctrl toggles, Shift takes the range
// from the last one). Keyboard: the rows are one tab stop; ↑ ↓ Home End move (with Shift: select on the way),
// Space selects, Enter opens, Delete moves to the trash (in the trash: deletes for good), F2 renames, Ctrl+A
// selects all.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { DriveSortField } from "@shared/drive/constants.ts";
import type { DriveItem } from "@shared/drive/items.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS, KindIcon } from "../icons.tsx";
import { isFolder } from "../queries.ts";
import { cleanItems, setImportant, trashItems } from "../actions.ts";
import { useDriveUi } from "../ui-state.ts";
import { useOpenItem } from "./open.ts";
import type { ListContext } from "../list.route.tsx";

export function FileTable({ ctx, items, sort, dir, selected, onSelect, onSort, loading, empty }: {
  ctx: ListContext;
  items: DriveItem[];
  sort: DriveSortField;
  dir: "asc" | "desc";
  selected: Set<number>;
  onSelect(s: Set<number>): void;
  onSort(sort: DriveSortField, dir: "asc" | "desc"): void;
  loading: boolean;
  empty: string;
}) {
  const { t, i18n } = useTranslation("drive");
  const qc = useQueryClient();
  const ui = useDriveUi();
  const open = useOpenItem(ctx.shared);
  const [active, setActive] = useState(0);
  const anchor = useRef<number | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const ids = items.map((i) => i.id);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, items.length - 1))), [items.length]);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const timeField: DriveSortField = ctx.trash ? "deleteTimeMillis" : "usedTimeMillis";

  const range = (from: number, to: number) => new Set(ids.slice(Math.min(from, to), Math.max(from, to) + 1));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  function pick(i: number, e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }, viaCheck = false) {
    setActive(i);
    if (e.shiftKey && anchor.current !== null) {
      onSelect(range(anchor.current, i));
      return;
    }
    anchor.current = i;
    if (viaCheck || e.ctrlKey || e.metaKey) toggle(ids[i]);
    else onSelect(new Set([ids[i]]));
  }
  const focusRow = (i: number, extend: boolean) => {
    setActive(i);
    if (extend) {
      if (anchor.current === null) anchor.current = active;
      onSelect(range(anchor.current, i));
    }
    body.current?.querySelectorAll<HTMLElement>("tr[data-item-id]")[i]?.focus();
  };
  const chosen = (item: DriveItem) => (selected.has(item.id) ? items.filter((x) => selected.has(x.id)) : [item]);

  function onKey(e: React.KeyboardEvent, i: number, item: DriveItem) {
    if (e.target !== e.currentTarget) return;
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === "ArrowDown") focusRow(Math.min(items.length - 1, i + 1), e.shiftKey);
    else if (e.key === "ArrowUp") focusRow(Math.max(0, i - 1), e.shiftKey);
    else if (e.key === "Home") focusRow(0, e.shiftKey);
    else if (e.key === "End") focusRow(items.length - 1, e.shiftKey);
    else if (e.key === " ") {
      anchor.current = i;
      toggle(item.id);
    } else if (e.key === "Enter") void open(item);
    else if (mod && e.key.toLowerCase() === "a") onSelect(new Set(ids));
    else if (e.key === "F2" && !ctx.trash && (ctx.writable || ctx.view.kind === "folder")) ui.open({ kind: "rename", item });
    else if (e.key === "Delete" && !ctx.shared) {
      const list = chosen(item);
      void (ctx.trash ? cleanItems(qc, list) : trashItems(qc, list)).then((ok) => ok && onSelect(new Set()));
    } else return;
    e.preventDefault();
  }

  const sortHead = (field: DriveSortField, label: string, className: string) => {
    const on = sort === field;
    return (
      <th scope="col" className={className} aria-sort={on ? (dir === "desc" ? "descending" : "ascending") : undefined}>
        <AriaButton className="dr-sort" onPress={() => onSort(field, on && dir === "asc" ? "desc" : "asc")}>
          {label}
          {on && <span aria-hidden="true">{dir === "desc" ? " ↓" : " ↑"}</span>}
        </AriaButton>
      </th>
    );
  };
  const allChecked = items.length > 0 && ids.every((id) => selected.has(id));

  return (
    <table className="dr-table" aria-label={t("list.label")} aria-describedby="dr-table-keys">
      <thead>
        <tr>
          <th scope="col" className="dr-col-check">
            <input type="checkbox" className="dr-check" aria-label={t("list.selectAll")} checked={allChecked}
              onChange={() => onSelect(allChecked ? new Set() : new Set(ids))} />
          </th>
          {sortHead("fileName", t("column.name"), "dr-col-name")}
          <th scope="col" className="dr-col-owner">{t("column.owner")}</th>
          {sortHead("fileSize", t("column.size"), "dr-col-size")}
          {sortHead(timeField, ctx.trash ? t("column.deleted") : t("column.used"), "dr-col-time")}
        </tr>
      </thead>
      <tbody ref={body}>
        {items.map((item, i) => {
          const when = ctx.trash ? item.deleteTimeMillis : item.usedTimeMillis;
          const size = isFolder(item) ? "" : formatBytes(item.fileSize, i18n.language);
          return (
            <tr
              key={item.id}
              tabIndex={i === active ? 0 : -1}
              aria-selected={selected.has(item.id)}
              data-item-id={item.id}
              className="dr-row"
              onFocus={(e) => e.target === e.currentTarget && setActive(i)}
              onKeyDown={(e) => onKey(e, i, item)}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest("button, input, a")) return;
                pick(i, e);
              }}
              onDoubleClick={(e) => {
                if (!(e.target as HTMLElement).closest("button, input, a")) void open(item);
              }}
            >
              <td className="dr-col-check">
                <input type="checkbox" className="dr-check" tabIndex={-1} aria-label={t("list.select", { name: item.fileName })}
                  checked={selected.has(item.id)} onChange={() => {}} onClick={(e) => pick(i, e, true)} />
              </td>
              <td className="dr-col-name">
                <span className="dr-name-cell">
                  <KindIcon fileType={item.fileType} shortcut={item.isShortcut} />
                  <span className="dr-name-text">
                    <AriaButton className="dr-name" excludeFromTabOrder onPress={() => void open(item)} isDisabled={ctx.trash}>
                      {item.fileName}
                    </AriaButton>
                    <span className="dr-meta-phone">{[item.owner.name, size, when ? time.format(when) : ""].filter(Boolean).join(" · ")}</span>
                  </span>
                  {item.shareFlag && <span className="dr-badge" title={t("badge.shared")}><SvgIcon d={ICONS.people} size={14} label={t("badge.shared")} /></span>}
                  {item.linkFlag && <span className="dr-badge" title={t("badge.link")}><SvgIcon d={ICONS.link} size={14} label={t("badge.link")} /></span>}
                  {!ctx.trash && !ctx.shared && (
                    <AriaButton className="dr-star" data-on={item.important || undefined} excludeFromTabOrder aria-pressed={item.important}
                      aria-label={t(item.important ? "important.unmark" : "important.mark", { name: item.fileName })}
                      onPress={() => void setImportant(qc, [item], !item.important)}>
                      <SvgIcon d={ICONS.star} size={16} />
                    </AriaButton>
                  )}
                </span>
              </td>
              <td className="dr-col-owner">{item.owner.name}</td>
              <td className="dr-col-size">{size}</td>
              <td className="dr-col-time">{when ? time.format(when) : ""}</td>
            </tr>
          );
        })}
        {!loading && items.length === 0 && (
          <tr>
            <td colSpan={5} className="dr-empty">{empty}</td>
          </tr>
        )}
      </tbody>
      <caption id="dr-table-keys" className="visually-hidden">{t("list.keys")}</caption>
    </table>
  );
}
