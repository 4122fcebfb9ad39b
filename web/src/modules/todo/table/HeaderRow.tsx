// The table's header (002 §3 "Header column"; issue 30): each column's name with its menu (rename, move left
// or right, a STATUS column's labels, remove after a confirmation), a separator on its right edge to resize it
// by dragging or with the arrow keys (never below its type's minimum), and the ADDITIONAL column's "+" menu to
// add a column of any type. Every change saves the whole header (useHeaderMutation; refused: put back).
import { type KeyboardEvent, type PointerEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { DEFAULT_STATUS_OPTIONS, HEADER_WIDTH_MAX, HEADER_WIDTHS } from "@shared/todo/constants.ts";
import type { HeaderColumn } from "@shared/todo/boards.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { newColumnKey } from "../board-data/index.ts";
import { columnName } from "../cells/column-name.ts";
import { ADDABLE_TYPES, canMove, changed, clampWidth, moved, newColumn, withColumn, without } from "./columns.ts";
import { RenameDialog, StatusLabelsDialog } from "./ColumnDialogs.tsx";

export const RESIZE_STEP = 10;

export interface HeaderProps {
  header: HeaderColumn[];
  widths: number[];
  canEdit: boolean;
  /** The lead cell (select all of the board). */
  totalWidth: number;
  save(next: HeaderColumn[]): void;
  /** A width while being resized (not saved yet); commit: save it. */
  resize(key: string, width: number, commit: boolean): void;
}

export function HeaderRow({ header, widths, canEdit, totalWidth, save, resize }: HeaderProps) {
  return (
    <div role="rowgroup" className="tt-head">
      <div role="row" className="tt-row tt-head-row" style={{ width: totalWidth }} aria-rowindex={1}>
        {header.map((c, i) => (
          <div key={c.value} role="columnheader" className={`tt-th${c.type === "TITLE" ? " tt-sticky" : ""}`} style={{ width: widths[i] }} data-col={i}>
            {c.type === "ADDITIONAL"
              ? (canEdit ? <AddColumnMenu header={header} save={save} /> : null)
              : <ColumnHead column={c} header={header} canEdit={canEdit} save={save} />}
            {canEdit && c.type !== "ADDITIONAL" && widths[i] >= HEADER_WIDTHS[c.type].min && <ResizeSeparator column={c} width={widths[i]} resize={resize} />}
          </div>
        ))}
      </div>
    </div>
  );
}

function ColumnHead({ column: c, header, canEdit, save }: { column: HeaderColumn; header: HeaderColumn[]; canEdit: boolean; save(next: HeaderColumn[]): void }) {
  const { t } = useTranslation("todo");
  const [dialog, setDialog] = useState<"rename" | "labels" | null>(null);
  const name = columnName(c);
  if (!canEdit) return <span className="tt-th-name">{name}</span>;
  const act = async (key: string) => {
    if (key === "rename" || key === "labels") return setDialog(key);
    if (key === "left" || key === "right") return save(moved(header, c.value, key === "left" ? -1 : 1));
    if (key === "remove") {
      const ok = await confirm({ title: t("table.column.removeTitle"), message: t("table.column.removeConfirm", { name }), confirmLabel: t("table.delete"), danger: true });
      if (ok) save(without(header, c.value));
    }
  };
  const fixed = c.type === "TITLE";
  return (
    <>
      <MenuTrigger>
        <AriaButton className="tt-th-name" aria-label={t("table.column.menu", { name })} data-cell-focus>
          <span className="tt-ellipsis">{name}</span>
        </AriaButton>
        <Popover className="menu-popover" placement="bottom start">
          <Menu className="menu" onAction={(k) => void act(String(k))}>
            <MenuItem id="rename" className="menu-item">{t("table.column.rename")}</MenuItem>
            {c.type === "STATUS" && <MenuItem id="labels" className="menu-item">{t("table.column.labels")}</MenuItem>}
            {!fixed && canMove(header, c.value, -1) && <MenuItem id="left" className="menu-item">{t("table.column.left")}</MenuItem>}
            {!fixed && canMove(header, c.value, 1) && <MenuItem id="right" className="menu-item">{t("table.column.right")}</MenuItem>}
            {!fixed && <MenuItem id="remove" className="menu-item">{t("table.column.remove")}</MenuItem>}
          </Menu>
        </Popover>
      </MenuTrigger>
      {dialog === "rename" && (
        <RenameDialog title={t("table.column.renameTitle")} label={t("table.column.name")} initial={c.name} onClose={() => setDialog(null)}
          onSave={(n) => n !== c.name && save(changed(header, c.value, { name: n }))} />
      )}
      {dialog === "labels" && (
        <StatusLabelsDialog column={name} options={c.options} onClose={() => setDialog(null)} onSave={(options) => save(changed(header, c.value, { options }))} />
      )}
    </>
  );
}

function AddColumnMenu({ header, save }: { header: HeaderColumn[]; save(next: HeaderColumn[]): void }) {
  const { t } = useTranslation("todo");
  const add = (type: (typeof ADDABLE_TYPES)[number]) => {
    const options = type === "STATUS" ? DEFAULT_STATUS_OPTIONS.map((o, i) => ({ label: t(`table.defaultStatus.${i}`), color: o.color })) : [];
    save(withColumn(header, newColumn(type, newColumnKey(), options)));
  };
  return (
    <MenuTrigger>
      <AriaButton className="tt-th-add" aria-label={t("table.column.add")} data-cell-focus>+</AriaButton>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={t("table.column.add")} onAction={(k) => add(k as (typeof ADDABLE_TYPES)[number])}>
          {ADDABLE_TYPES.map((type) => <MenuItem key={type} id={type} className="menu-item">{t(`cells.type.${type}`)}</MenuItem>)}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The column's right edge: drag it, or focus it and use ←/→ (Shift: larger steps), Home for the minimum. */
function ResizeSeparator({ column: c, width, resize }: { column: HeaderColumn; width: number; resize(key: string, width: number, commit: boolean): void }) {
  const { t } = useTranslation("todo");
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? RESIZE_STEP * 5 : RESIZE_STEP;
    const next = e.key === "ArrowLeft" ? width - step : e.key === "ArrowRight" ? width + step : e.key === "Home" ? HEADER_WIDTHS[c.type].min : e.key === "End" ? HEADER_WIDTH_MAX : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    resize(c.value, clampWidth(c.type, next), true);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const x0 = e.clientX;
    let w = width;
    const move = (ev: globalThis.PointerEvent) => {
      w = clampWidth(c.type, width + ev.clientX - x0);
      resize(c.value, w, false);
    };
    const up = () => {
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", up);
      resize(c.value, w, true);
    };
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
  };
  return (
    <div role="separator" tabIndex={0} className="tt-resize" aria-orientation="vertical" aria-label={t("table.column.resize", { name: columnName(c) })}
      aria-valuenow={width} aria-valuemin={HEADER_WIDTHS[c.type].min} aria-valuemax={HEADER_WIDTH_MAX} onKeyDown={onKeyDown} onPointerDown={onPointerDown} />
  );
}
