// The card dialog: a card's details (with "write mail", importance, delete and its mail history), its edit
// form, or a new card's form. Adding answers 201 (contact.54; otherwise contact.53 or the reason); an update
// contact.56 / .55 (001 §4, §8). A field the server refuses shows its reason at the field.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as contactApi from "../api.ts";
import { cardQuery, photoQuery, refreshContacts } from "../queries.ts";
import { contactErrorText, done, failed } from "../errors.ts";
import type { CardOpen } from "../ui-state.ts";
import { stateOf } from "./form.ts";
import { CardEditor } from "./CardEditor.tsx";
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
        : <EditCard key={card.data?.id ?? 0} open={open} onSaved={(savedId) => (open.kind === "new" ? onClose() : onOpen({ kind: "view", id: savedId }))}
          onCancel={() => (open.kind === "edit" ? onOpen({ kind: "view", id }) : onClose())} />}
    </Dialog>
  );
}

function EditCard({ open, onSaved, onCancel }: { open: CardOpen; onSaved(id: number): void; onCancel(): void }) {
  const qc = useQueryClient();
  const id = open.kind === "new" ? 0 : open.id;
  const card = useQuery({ ...cardQuery(id), enabled: id > 0 }).data ?? null;
  const oldPhoto = useQuery({ ...photoQuery(id, card?.updatedTimeMillis ?? 0), enabled: !!card?.hasPhoto }).data ?? null;
  return (
    <CardEditor
      initial={stateOf(card, open.kind === "new" ? open.groupId : undefined)}
      oldPhoto={oldPhoto}
      save={async (data) => {
        const saved = card ? await contactApi.updateCard(card.id, data) : await contactApi.addCard(data);
        done(card ? "updateSucceeded" : "addSucceeded");
        await refreshContacts(qc);
        onSaved(saved.id);
      }}
      onFailed={(e, fields) => (fields ? failed(new ApiError(400, card ? "contact.55" : "contact.53")) : failed(e, card ? "updateFailed" : "addFailed"))}
      photoErrorText={(code) => contactErrorText(new ApiError(400, code))}
      onCancel={onCancel}
    />
  );
}
