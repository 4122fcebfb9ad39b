// A task's inline controls (the list's rows, the panel): status, priority and a day (YYYY-MM-DD). Each shows the
// value it was given until the caller's change lands, and names its task for screen readers. The selects are
// LazySelectField and the rows' days LazyDayInput: a list of 150 rows draws 300 of each.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, TextField as AriaTextField } from "react-aria-components";
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from "@shared/flow/constants.ts";
import { LazySelectField } from "../../../ui/SelectField.tsx";
import { dateFormat } from "../../../lib/intl-format.ts";

export function StatusSelect({ value, label, onChange, isDisabled, showLabel }: {
  value: TaskStatus;
  label: string;
  onChange(s: TaskStatus): void;
  isDisabled?: boolean;
  showLabel?: boolean;
}) {
  const { t } = useTranslation("flow");
  return (
    <span className={`fl-status fl-status-${value}`}>
      <LazySelectField label={label} hideLabel={!showLabel} value={value} isDisabled={isDisabled}
        options={TASK_STATUSES.map((s) => ({ id: s, label: t(`status.${s}`) }))} onChange={(s) => s !== value && onChange(s as TaskStatus)} />
    </span>
  );
}

export function PrioritySelect({ value, label, onChange, isDisabled, showLabel }: {
  value: TaskPriority;
  label: string;
  onChange(p: TaskPriority): void;
  isDisabled?: boolean;
  showLabel?: boolean;
}) {
  const { t } = useTranslation("flow");
  return (
    <span className={`fl-priority fl-priority-${value}`}>
      <LazySelectField label={label} hideLabel={!showLabel} value={value} isDisabled={isDisabled}
        options={TASK_PRIORITIES.map((p) => ({ id: p, label: t(`priority.${p}`) }))} onChange={(p) => p !== value && onChange(p as TaskPriority)} />
    </span>
  );
}

/** A day input: changes are handed over when a whole day is picked or the field is emptied ("" clears); one the
 *  caller answers false to (refused) goes back to the value. */
export function DayInput({ value, label, onChange, isDisabled, className }: {
  value: string | null;
  label: string;
  onChange(day: string): Promise<boolean> | void;
  isDisabled?: boolean;
  className?: string;
}) {
  const [text, setText] = useState(value ?? "");
  useEffect(() => setText(value ?? ""), [value]);
  return (
    <AriaTextField aria-label={label} value={text} isDisabled={isDisabled} className={`fl-day ${className ?? ""}`} type="date"
      onChange={(v) => {
        setText(v);
        if ((v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v)) && v !== (value ?? "")) {
          void Promise.resolve(onChange(v)).then((ok) => ok === false && setText(value ?? ""));
        }
      }}>
      <Input className="field-input fl-day-input" />
    </AriaTextField>
  );
}

/** A day as the browser's date field shows it in the language (ko 2026. 12. 07., en 12/07/2026). */
function dayText(day: string, language: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dateFormat(language, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d));
}

/**
 * A DayInput that costs a button until it is used: a list of 150 tasks drew 300 date fields (react-aria's
 * TextField over a native date input, whose inner fields the browser lays out one by one). The button shows the day
 * (or "–" for none) and carries the field's name; a press puts the real field in its place, focused,
 * with the browser's picker open where it has one.
 */
export function LazyDayInput(props: { value: string | null; label: string; onChange(day: string): Promise<boolean> | void; isDisabled?: boolean }) {
  const { i18n } = useTranslation();
  const [live, setLive] = useState(false);
  const field = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!live) return;
    const input = field.current?.querySelector("input");
    input?.focus();
    try {
      input?.showPicker();
    } catch { /* no picker here, or not allowed: the focused field takes typing */ }
  }, [live]);
  if (live) return <span ref={field} className="fl-day-live"><DayInput {...props} /></span>;
  return (
    <button type="button" className="field-input fl-day-input fl-day-lazy" aria-label={props.label} disabled={props.isDisabled}
      data-empty={props.value ? undefined : true} onClick={() => setLive(true)}>
      {props.value ? dayText(props.value, i18n.language) : "–"}
    </button>
  );
}
