// A dialog asking for one line of text (a group's title): required, trimmed, handed to onSubmit.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { TextField } from "../../../../ui/TextField.tsx";

export function TextPromptDialog({ title, label, initial, maxLength, submit, onSubmit, onClose }: {
  title: string;
  label: string;
  initial: string;
  maxLength: number;
  submit: string;
  onSubmit(value: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation("flow");
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <Form className="fl-form" onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim()) return setError(t("common.required"));
        setBusy(true);
        void onSubmit(value.trim()).finally(() => setBusy(false));
      }}>
        <TextField label={label} value={value} onChange={(v) => (setValue(v), setError(undefined))} maxLength={maxLength} autoFocus errorMessage={error} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{submit}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
