// The dialogs a header column's menu opens: a rename (a column named "" shows its type's name), and a STATUS
// column's labels (add, rename, recolour, reorder, remove; STATUS_OPTIONS_MAX at most), saved with the header.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { GROUP_COLORS, HEADER_NAME_MAX, STATUS_LABEL_MAX, STATUS_OPTIONS_MAX } from "@shared/todo/constants.ts";
import type { StatusOption } from "@shared/todo/boards.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { ColorMenu } from "./ColorMenu.tsx";

export function RenameDialog({ title, label, initial, max = HEADER_NAME_MAX, allowEmpty = true, onSave, onClose }: {
  title: string;
  label: string;
  initial: string;
  max?: number;
  allowEmpty?: boolean;
  onSave(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation("todo");
  const [name, setName] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!allowEmpty && !name.trim()) return;
    onSave(name.trim());
    onClose();
  };
  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <form className="tt-dialog-form" onSubmit={submit}>
        <TextField label={label} value={name} onChange={setName} maxLength={max} autoFocus />
        <div className="tt-editor-actions">
          <Button variant="secondary" onPress={onClose}>{t("table.cancel")}</Button>
          <Button type="submit" isDisabled={!allowEmpty && !name.trim()}>{t("table.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function StatusLabelsDialog({ column, options: initial, onSave, onClose }: {
  column: string;
  options: readonly StatusOption[];
  onSave(options: StatusOption[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation("todo");
  const [options, setOptions] = useState<StatusOption[]>(() => initial.map((o) => ({ ...o })));
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const set = (i: number, patch: Partial<StatusOption>) => setOptions((o) => o.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const add = (e: FormEvent) => {
    e.preventDefault();
    const label = draft.trim();
    if (!label) return;
    if (options.some((o) => o.label === label)) return setError(t("table.labels.duplicate"));
    setOptions((o) => [...o, { label, color: GROUP_COLORS.find((c) => !o.some((x) => x.color === c)) ?? GROUP_COLORS[o.length % GROUP_COLORS.length] }]);
    setDraft("");
  };
  const swap = (i: number, j: number) => setOptions((o) => {
    const out = [...o];
    [out[i], out[j]] = [out[j], out[i]];
    return out;
  });
  const labels = options.map((o) => o.label.trim());
  const invalid = labels.some((l) => !l) || new Set(labels).size !== labels.length;
  return (
    <Dialog title={t("table.labels.title", { column })} isOpen onClose={onClose} width={480}>
      <div className="tt-dialog-form">
        {options.length === 0 ? <p className="tt-muted">{t("table.labels.none")}</p> : (
          <ul className="tt-labels" aria-label={t("table.labels.list")}>
            {options.map((o, i) => (
              <li key={i} className="tt-label-row">
                <ColorMenu color={o.color} label={t("table.labels.colorOf", { label: o.label })} onPick={(color) => set(i, { color })} />
                <TextField label={t("table.labels.nameOf", { n: i + 1 })} value={o.label} onChange={(label) => set(i, { label })} maxLength={STATUS_LABEL_MAX} />
                <Button variant="ghost" aria-label={t("table.labels.up", { label: o.label })} isDisabled={i === 0} onPress={() => swap(i, i - 1)}>↑</Button>
                <Button variant="ghost" aria-label={t("table.labels.down", { label: o.label })} isDisabled={i === options.length - 1} onPress={() => swap(i, i + 1)}>↓</Button>
                <Button variant="ghost" aria-label={t("table.labels.remove", { label: o.label })} onPress={() => setOptions((x) => x.filter((_, j) => j !== i))}>✕</Button>
              </li>
            ))}
          </ul>
        )}
        <form className="tt-label-add" onSubmit={add}>
          <TextField label={t("table.labels.new")} value={draft} onChange={(v) => (setDraft(v), setError(undefined))} maxLength={STATUS_LABEL_MAX} errorMessage={error}
            isDisabled={options.length >= STATUS_OPTIONS_MAX} />
          <Button type="submit" variant="secondary" isDisabled={!draft.trim() || options.length >= STATUS_OPTIONS_MAX}>{t("table.labels.add")}</Button>
        </form>
        <div className="tt-editor-actions">
          <Button variant="secondary" onPress={onClose}>{t("table.cancel")}</Button>
          <Button isDisabled={invalid} onPress={() => (onSave(options.map((o) => ({ ...o, label: o.label.trim() }))), onClose())}>{t("table.save")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
