// A checklist (to-do's item detail, flow's tasks): entries with a check box and a title, added at the bottom,
// renamed in place (the title is a button: Enter or a click opens its box; Enter saves, Escape leaves it as it
// was), checked and deleted, with the progress "3/5" above. Every change is a callback answering a promise: a
// check shows at once and goes back if the promise rejects (the caller tells why); a new entry's text stays in
// the box until its promise resolves. Texts: common:work.checklist.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, TextField } from "react-aria-components";
import { Button } from "../Button.tsx";
import { Checkbox } from "../Checkbox.tsx";
import { Icon } from "../icons.tsx";
import { composing, isSubmitEnter } from "./ime.ts";
import "./work.css";

export interface ChecklistEntryView {
  id: number | string;
  title: string;
  checked: boolean;
}

export interface ChecklistProps {
  entries: ChecklistEntryView[];
  canEdit: boolean;
  /** The longest title (characters). */
  titleMax: number;
  /** At most this many entries (the add box hides at the limit). */
  entriesMax?: number;
  onAdd(title: string): Promise<unknown>;
  onRename(id: ChecklistEntryView["id"], title: string): Promise<unknown>;
  onCheck(id: ChecklistEntryView["id"], checked: boolean): Promise<unknown>;
  onDelete(id: ChecklistEntryView["id"]): Promise<unknown>;
  /** The section's heading level (h2 by default). */
  headingLevel?: 2 | 3;
}

export function Checklist({ entries, canEdit, titleMax, entriesMax, onAdd, onRename, onCheck, onDelete, headingLevel = 2 }: ChecklistProps) {
  const { t } = useTranslation("common");
  const [pendingChecks, setPendingChecks] = useState<Map<ChecklistEntryView["id"], boolean>>(new Map());
  const [draft, setDraft] = useState("");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ChecklistEntryView["id"] | null>(null);
  const addBox = useRef<HTMLInputElement>(null);
  const H = `h${headingLevel}` as const;

  const shown = entries.map((e) => (pendingChecks.has(e.id) ? { ...e, checked: pendingChecks.get(e.id)! } : e));
  const done = shown.filter((e) => e.checked).length;
  const total = shown.length;

  async function check(id: ChecklistEntryView["id"], checked: boolean) {
    setPendingChecks((m) => new Map(m).set(id, checked));
    try {
      await onCheck(id, checked);
    } catch {
      // the caller told why; the box goes back
    } finally {
      setPendingChecks((m) => {
        const n = new Map(m);
        n.delete(id);
        return n;
      });
    }
  }

  async function add() {
    const title = draft.trim();
    if (!title || adding) return;
    setAdding(true);
    try {
      await onAdd(title);
      setDraft("");
    } catch {
      // kept in the box to try again
    } finally {
      setAdding(false);
      addBox.current?.focus();
    }
  }

  const full = entriesMax !== undefined && total >= entriesMax;
  return (
    <section className="wk-section wk-checklist" aria-label={t("work.checklist.label")}>
      <div className="wk-section-head">
        <H className="wk-section-title">{t("work.checklist.label")}</H>
        {total > 0 && (
          <span className="wk-progress" role="img" aria-label={t("work.checklist.progressLabel", { done, total })}>
            <span className="wk-progress-track" aria-hidden="true">
              <span className="wk-progress-fill" style={{ width: `${Math.round((done / total) * 100)}%` }} />
            </span>
            <span className="wk-muted" aria-hidden="true">{t("work.checklist.progress", { done, total })}</span>
          </span>
        )}
      </div>
      {total === 0 && !canEdit && <p className="wk-muted wk-empty">{t("work.checklist.empty")}</p>}
      {total > 0 && (
        <ul className="wk-check-list">
          {shown.map((e) => (
            <li key={e.id} className="wk-check-row" data-checked={e.checked || undefined}>
              <Checkbox isSelected={e.checked} isDisabled={!canEdit} onChange={(v) => void check(e.id, v)}>
                <span className="visually-hidden">{e.title}</span>
              </Checkbox>
              {editing === e.id
                ? (
                  <RenameBox title={e.title} max={titleMax} label={t("work.checklist.renameBox", { title: e.title })}
                    onDone={async (title) => {
                      if (title && title !== e.title) {
                        try {
                          await onRename(e.id, title);
                        } catch {
                          return false;
                        }
                      }
                      setEditing(null);
                      return true;
                    }}
                    onCancel={() => setEditing(null)} />
                )
                : canEdit
                ? (
                  <Button variant="ghost" className="wk-check-title" aria-label={t("work.checklist.rename", { title: e.title })}
                    onPress={() => setEditing(e.id)}>
                    {e.title}
                  </Button>
                )
                : <span className="wk-check-title wk-check-title-static">{e.title}</span>}
              {canEdit && editing !== e.id && (
                <Button variant="ghost" className="wk-icon-btn" aria-label={t("work.checklist.delete", { title: e.title })}
                  onPress={() => void onDelete(e.id).catch(() => undefined)}>
                  <Icon name="close" size={16} />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && !full && (
        <div className="wk-add-row">
          <TextField className="wk-grow" aria-label={t("work.checklist.newEntry")} value={draft} onChange={setDraft} maxLength={titleMax}
            isDisabled={adding}>
            <Input ref={addBox} className="field-input wk-input" placeholder={t("work.checklist.addPlaceholder")}
              onKeyDown={(e) => {
                if (isSubmitEnter(e)) {
                  e.preventDefault();
                  void add();
                }
              }} />
          </TextField>
          <Button variant="secondary" className="wk-small" isDisabled={!draft.trim() || adding} onPress={() => void add()}>
            {t("work.checklist.add")}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The box a title is renamed in: Enter (outside a composition) or leaving it saves, Escape leaves it as it was. */
function RenameBox({ title, max, label, onDone, onCancel }: {
  title: string;
  max: number;
  label: string;
  /** Answers false when the rename was refused (the box stays open). */
  onDone(title: string): Promise<boolean>;
  onCancel(): void;
}) {
  const [value, setValue] = useState(title);
  const busy = useRef(false);
  async function finish() {
    if (busy.current) return;
    busy.current = true;
    try {
      await onDone(value.trim());
    } finally {
      busy.current = false;
    }
  }
  return (
    <TextField className="wk-grow" aria-label={label} value={value} onChange={setValue} maxLength={max} autoFocus>
      <Input className="field-input wk-input"
        onKeyDown={(e) => {
          if (isSubmitEnter(e)) {
            e.preventDefault();
            void finish();
          } else if (e.key === "Escape" && !composing(e)) {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        onBlur={() => void finish()} />
    </TextField>
  );
}
