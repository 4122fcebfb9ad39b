// One cell of an item by its column's type (002 §3 "Header column"; issue 30 "inline editing per column type"):
// cheap to show (a button with the value; the editor is made only while open), TEXT and NUMBER edited in place,
// PERSON, STATUS, TIMELINE and LINK in a popover, CHECK as its checkbox, CREATED_LOG read-only. The table, the
// kanban cards and the gantt use it; TITLE has its own cell (TitleCell.tsx).
import { memo, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Dialog, Popover } from "react-aria-components";
import type { HeaderColumn, OrganUser } from "@shared/todo/boards.ts";
import { TEXT_VALUE_MAX } from "@shared/todo/constants.ts";
import type { CellValue, TodoItem } from "@shared/todo/items.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { type EditorProps, LinkEditor, PersonEditor, StatusEditor, TimelineEditor } from "./Editors.tsx";
import { InlineText } from "./InlineText.tsx";
import { People } from "./People.tsx";
import { StatusChip } from "./StatusChip.tsx";
import { asCheck, asCreated, asLink, asNumber, asPeople, asText, asTimeline, formatNumber, formatTime, formatTimeline, parseNumber } from "./cell-value.ts";

export interface CellProps {
  item: TodoItem;
  column: HeaderColumn;
  /** The column's name as shown (its own, or its type's). */
  name: string;
  /** The board's people by id (entry.organUserList). */
  users: ReadonlyMap<number, OrganUser>;
  canEdit: boolean;
  onSave(item: TodoItem, headerValue: string, value: CellValue): void;
}

/** Days of this year are written without it. */
const THIS_YEAR = new Date().getFullYear();
const EMPTY = <span className="tt-empty" aria-hidden="true">–</span>;

export const Cell = memo(function Cell({ item, column: c, name, users, canEdit, onSave }: CellProps) {
  const { t, i18n } = useTranslation("todo");
  const value = item.itemRow.items[c.value];
  const label = t("cells.label", { column: name, item: item.title });
  const save = (v: CellValue) => onSave(item, c.value, v);
  const editable = canEdit && item.id > 0;
  switch (c.type) {
    case "TEXT": {
      const text = asText(value);
      // A long text is cut with an ellipsis (the centred cell would clip it on both sides); the whole text is
      // its title.
      const display = text ? <span className="tt-ellipsis" title={text}>{text}</span> : EMPTY;
      return <InlineText text={text} label={label} canEdit={editable} maxLength={TEXT_VALUE_MAX} display={display}
        onCommit={(x) => save(x.trim() ? x : null)} />;
    }
    case "NUMBER": {
      const n = asNumber(value);
      return (
        <InlineText text={n === null ? "" : String(n)} label={label} canEdit={editable} inputMode="decimal" className="tt-num"
          display={n === null ? EMPTY : formatNumber(n, i18n.language)}
          onCommit={(x) => {
            if (!x.trim()) return save(null);
            const parsed = parseNumber(x);
            if (parsed === null) {
              snackbar("VALIDATION", t("cells.number.invalid"));
              return false;
            }
            save(parsed);
          }} />
      );
    }
    case "CHECK":
      return (
        <div className="tt-cell tt-cell-check">
          <Checkbox isSelected={asCheck(value)} isDisabled={!editable} onChange={(v) => save(v)}>
            <span className="visually-hidden">{label}</span>
          </Checkbox>
        </div>
      );
    case "CREATED_LOG": {
      const v = asCreated(value) ?? { userId: item.createdBy, name: users.get(item.createdBy)?.name ?? "", time: item.createdTime };
      return (
        <div className="tt-cell tt-cell-ro tt-created">
          <span className="tt-ellipsis">{v.name}</span>
          {v.time > 0 && <span className="tt-muted tt-ellipsis">{formatTime(v.time, i18n.language, THIS_YEAR)}</span>}
        </div>
      );
    }
    case "PERSON": {
      const ids = asPeople(value);
      return <PopoverCell label={label} editable={editable} display={ids.length ? <People ids={ids} users={users} /> : EMPTY} className="tt-cell-center"
        editor={(p) => <PersonEditor {...p} />} editorProps={{ column: c, name, value, users: [...users.values()], onSave: save }} />;
    }
    case "STATUS": {
      const label0 = asText(value);
      const opt = c.options.find((o) => o.label === label0);
      return <PopoverCell label={label} editable={editable} className="tt-cell-status"
        display={label0 ? <StatusChip label={label0} color={opt?.color ?? "#c4c4c4"} /> : EMPTY}
        editor={(p) => <StatusEditor {...p} />} editorProps={{ column: c, name, value, users: [], onSave: save }} />;
    }
    case "TIMELINE": {
      const tl = asTimeline(value);
      return <PopoverCell label={label} editable={editable} className="tt-cell-center"
        display={tl ? <span className="tt-timeline">{formatTimeline(tl, i18n.language, THIS_YEAR)}</span> : EMPTY}
        editor={(p) => <TimelineEditor {...p} />} editorProps={{ column: c, name, value, users: [], onSave: save }} />;
    }
    case "LINK": {
      const link = asLink(value);
      const anchor = link && (
        <a href={link.url} target="_blank" rel="noopener noreferrer" className="tt-link tt-ellipsis">{link.text || link.url}</a>
      );
      if (!editable) return <div className="tt-cell tt-cell-ro">{anchor ?? EMPTY}</div>;
      return (
        <div className="tt-cell-link">
          {anchor}
          <PopoverCell label={link ? t("cells.link.edit", { column: name, item: item.title }) : label} editable className={link ? "tt-cell-link-edit" : ""}
            display={link ? <span aria-hidden="true">✎</span> : EMPTY} editor={(p) => <LinkEditor {...p} />}
            editorProps={{ column: c, name, value, users: [], onSave: save }} />
        </div>
      );
    }
    default:
      return <div className="tt-cell tt-cell-ro" />;
  }
});

/** A cell whose editor opens in a popover under it (Enter, Space or a click); the focus comes back to it. */
function PopoverCell({ label, editable, display, className, editor, editorProps }: {
  label: string;
  editable: boolean;
  display: ReactNode;
  className?: string;
  editor(p: EditorProps): ReactNode;
  editorProps: Omit<EditorProps, "onClose">;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  if (!editable) return <div className={`tt-cell tt-cell-ro ${className ?? ""}`}>{display}</div>;
  return (
    <>
      <AriaButton ref={ref} className={`tt-cell ${className ?? ""}`} aria-label={label} data-cell-focus onPress={() => setOpen(true)}>
        {display}
      </AriaButton>
      {open && (
        <Popover triggerRef={ref} isOpen onOpenChange={setOpen} className="menu-popover tt-popover" placement="bottom start">
          <Dialog aria-label={label} className="tt-dialog">
            {editor({ ...editorProps, onClose: () => setOpen(false) })}
          </Dialog>
        </Popover>
      )}
    </>
  );
}
