// A dialog asking for one title (a new board or folder, a rename): the field, Cancel and the action; a refused
// save shows its text in the dialog and keeps it open.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";

export function TitleDialog({ title, label, action, initial = "", maxLength, onSave, onClose }: {
  title: string;
  label: string;
  action: string;
  initial?: string;
  maxLength: number;
  /** Saves; answers a problem's text, or null when done (the dialog closes). */
  onSave(value: string): Promise<string | null>;
  onClose(): void;
}) {
  const { t } = useTranslation("todo");
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = value.trim();
    if (!v) return setProblem(t("side.titleRequired"));
    setBusy(true);
    const p = await onSave(v);
    setBusy(false);
    if (p) setProblem(p);
    else onClose();
  };
  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <Form className="td-form" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <TextField label={label} value={value} onChange={setValue} maxLength={maxLength} autoFocus isRequired />
        {problem && <p className="td-problem" role="alert">{problem}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{action}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
