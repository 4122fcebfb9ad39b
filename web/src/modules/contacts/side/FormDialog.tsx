// The address books' small form dialogs (a contact group, a customer group, a customer tag): a dialog holding a
// form with Cancel and Save, and the name field's rules (required, at most `max` characters; the server's
// field reasons shown at the field, other failures as the book's toast).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";

export function FormDialog({ title, width, busy, onSubmit, onClose, children }: {
  title: string;
  width: number;
  busy: boolean;
  onSubmit(): void;
  onClose(): void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("contacts");
  return (
    <Dialog title={title} isOpen onClose={onClose} width={width}>
      <Form className="ct-form" validationBehavior="aria" onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}>
        {children}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** A name typed into a FormDialog and saved: checked here first, then `save(trimmed)`. */
export function useNameForm(initial: string, o: {
  max: number;
  requiredText: string;
  save(name: string): Promise<void>;
  /** The text to show at the field for this failure, if it is about the name. */
  fieldError(e: unknown): string | undefined;
  onFailed(e: unknown): void;
}) {
  const { t } = useTranslation("contacts");
  const [name, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const setName = (v: string) => {
    setValue(v);
    setError(undefined);
  };
  async function submit() {
    const v = name.trim();
    if (!v) return setError(o.requiredText);
    if ([...v].length > o.max) return setError(t("contactErrors:contact.too_long"));
    setBusy(true);
    try {
      await o.save(v);
    } catch (e) {
      const text = o.fieldError(e);
      if (text) setError(text);
      else o.onFailed(e);
    } finally {
      setBusy(false);
    }
  }
  return { name, setName, error, busy, submit };
}
