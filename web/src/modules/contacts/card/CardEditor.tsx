// A card's edit form as both address books use it (the private book's CardDialog, the customer book's
// CardPanel): the fields checked here first (the first invalid one focused), then saved through `save`; a field
// the server refuses shows its reason at the field. The book decides what saving means and what its toasts say.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import type { CardData } from "../api.ts";
import { dataOf, type FormState, problemsOf } from "./form.ts";
import { CardForm } from "./CardForm.tsx";

export function CardEditor({ initial, oldPhoto, showGroups = true, save, onFailed, photoErrorText, onCancel }: {
  initial: FormState;
  /** The stored photo's URL, if the card has one. */
  oldPhoto: string | null;
  showGroups?: boolean;
  /** Stores the form's data; throws the API's error. */
  save(data: CardData): Promise<void>;
  /** After a failed save; `fields`: the server named fields (shown at them). */
  onFailed(e: unknown, fields: boolean): void;
  photoErrorText(code: string): string;
  onCancel(): void;
}) {
  const { t } = useTranslation("contacts");
  const [s, setS] = useState<FormState>(initial);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [shown, setShown] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const photoUrl = s.photo === undefined ? oldPhoto : s.photo;
  const update = (next: FormState) => {
    setS(next);
    if (shown) setProblems(problemsOf(next));
  };

  async function submit() {
    const found = problemsOf(s);
    setShown(true);
    setProblems(found);
    if (found.size) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(".ct-card-form [aria-invalid=true]")?.focus());
      return;
    }
    setBusy(true);
    try {
      await save(dataOf(s));
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors.filter((f) => f.code?.startsWith("contact.")) : [];
      if (fields.length) setProblems(new Map(fields.map((f) => [f.field.replace(/^cardData\./, ""), f.code])));
      onFailed(e, fields.length > 0);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form className="ct-form" validationBehavior="aria" onSubmit={(e) => {
      e.preventDefault();
      void submit();
    }}>
      <CardForm s={s} set={update} problems={problems} photoUrl={photoUrl} onPhotoError={setPhotoError} showGroups={showGroups} />
      {photoError && <p role="alert" className="field-error">{photoErrorText(photoError)}</p>}
      <div className="dialog-actions ct-dialog-actions">
        <Button variant="secondary" onPress={onCancel}>{t("action.cancel")}</Button>
        <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
      </div>
    </Form>
  );
}
