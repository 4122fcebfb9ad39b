// A cell edited in place (TITLE, TEXT, NUMBER): a button showing the value; Enter, a click or typing on it
// opens a field in its place, Enter or leaving the field saves, Escape puts the value back. The focus returns
// to the cell.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button as AriaButton, Input } from "react-aria-components";

export function InlineText({ text, display, label, canEdit, maxLength, inputMode, className, onCommit }: {
  /** What the field starts with. */
  text: string;
  /** What the cell shows (default: the text). */
  display?: ReactNode;
  label: string;
  canEdit: boolean;
  maxLength?: number;
  inputMode?: "decimal" | "text";
  className?: string;
  /** The new text; false keeps the field open (the text does not fit). */
  onCommit(text: string): boolean | void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [invalid, setInvalid] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (!canEdit) return <div className={`tt-cell tt-cell-ro ${className ?? ""}`}>{display ?? text}</div>;
  if (!editing) {
    return (
      <AriaButton ref={button} className={`tt-cell ${className ?? ""}`} aria-label={label} data-cell-focus
        onPress={() => (setDraft(text), setInvalid(false), setEditing(true))}>
        {display ?? text}
      </AriaButton>
    );
  }
  const commit = () => {
    if (draft === text) return setEditing(false);
    if (onCommit(draft) === false) return setInvalid(true);
    setEditing(false);
  };
  return (
    <Input className="tt-cell-input" aria-label={label} value={draft} autoFocus maxLength={maxLength} inputMode={inputMode}
      aria-invalid={invalid || undefined} data-cell-focus
      onChange={(e) => (setDraft(e.target.value), setInvalid(false))}
      onBlur={() => (draft === text || onCommit(draft) !== false) && setEditing(false)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Enter") (e.preventDefault(), commit());
        else if (e.key === "Escape") (e.preventDefault(), setEditing(false));
      }} />
  );
}
