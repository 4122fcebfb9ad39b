// The card dialog: a card's details (with "write mail", importance, delete and its mail history), its edit
// form, or a new card's form. Adding answers 201 (contact.54; otherwise contact.53 or the reason); an update
// contact.56 / .55 (001 §4, §8). A field the server refuses shows its reason at the field.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as contactApi from "../api.ts";
import { cardQuery, photoQuery, refreshContacts } from "../queries.ts";
import { contactErrorText, done, failed } from "../errors.ts";
import type { CardOpen } from "../ui-state.ts";
import { dataOf, type FormState, problemsOf, stateOf } from "./form.ts";
import { CardForm } from "./CardForm.tsx";
import { CardView } from "./CardView.tsx";

export function CardDialog({ open, onOpen, onClose }: { open: CardOpen; onOpen(o: CardOpen): void; onClose(): void }) {
  const { t } = useTranslation("contacts");
  const id = open.kind === "new" ? 0 : open.id;
  const card = useQuery({ ...cardQuery(id), enabled: id > 0 });
  useEffect(() => {
    if (card.error) {
      failed(card.error);
      onClose();
    }
  }, [card.error]);

  if (open.kind === "view") {
    return (
      <Dialog title={card.data?.userName ?? t("card.loading")} isOpen onClose={onClose} width={560}>
        {card.data ? <CardView card={card.data} onEdit={() => onOpen({ kind: "edit", id })} onClose={onClose} /> : <p role="status">{t("card.loading")}</p>}
      </Dialog>
    );
  }
  return (
    <Dialog title={t(open.kind === "new" ? "card.newTitle" : "card.editTitle")} isOpen onClose={onClose} width={640}>
      {open.kind === "edit" && !card.data
        ? <p role="status">{t("card.loading")}</p>
        : <EditCard key={card.data?.updatedTimeMillis ?? 0} open={open} onSaved={(savedId) => (open.kind === "new" ? onClose() : onOpen({ kind: "view", id: savedId }))}
          onCancel={() => (open.kind === "edit" ? onOpen({ kind: "view", id }) : onClose())} />}
    </Dialog>
  );
}

function EditCard({ open, onSaved, onCancel }: { open: CardOpen; onSaved(id: number): void; onCancel(): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const id = open.kind === "new" ? 0 : open.id;
  const card = useQuery({ ...cardQuery(id), enabled: id > 0 }).data ?? null;
  const [s, setS] = useState<FormState>(() => stateOf(card, open.kind === "new" ? open.groupId : undefined));
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [shown, setShown] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const oldPhoto = useQuery({ ...photoQuery(id, card?.updatedTimeMillis ?? 0), enabled: !!card?.hasPhoto }).data ?? null;
  const photoUrl = useMemo(() => (s.photo === undefined ? oldPhoto : s.photo), [s.photo, oldPhoto]);

  const update = (next: FormState) => {
    setS(next);
    if (shown) setProblems(problemsOf(next));
  };

  async function save() {
    const found = problemsOf(s);
    setShown(true);
    setProblems(found);
    if (found.size) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(".ct-card-form [aria-invalid=true]")?.focus());
      return;
    }
    setBusy(true);
    try {
      const saved = card ? await contactApi.updateCard(card.id, dataOf(s)) : await contactApi.addCard(dataOf(s));
      done(card ? "updateSucceeded" : "addSucceeded");
      await refreshContacts(qc);
      onSaved(saved.id);
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors.filter((f) => f.code?.startsWith("contact.")) : [];
      if (fields.length) {
        setProblems(new Map(fields.map((f) => [f.field.replace(/^cardData\./, ""), f.code])));
        failed(new ApiError(400, card ? "contact.55" : "contact.53"));
      } else failed(e, card ? "updateFailed" : "addFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form className="ct-form" validationBehavior="aria" onSubmit={(e) => {
      e.preventDefault();
      void save();
    }}>
      <CardForm s={s} set={update} problems={problems} photoUrl={photoUrl} onPhotoError={setPhotoError} />
      {photoError && <p role="alert" className="field-error">{contactErrorText(new ApiError(400, photoError))}</p>}
      <div className="dialog-actions ct-dialog-actions">
        <Button variant="secondary" onPress={onCancel}>{t("action.cancel")}</Button>
        <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
      </div>
    </Form>
  );
}
