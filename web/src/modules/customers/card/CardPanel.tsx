// A customer card (001 §3 "Customer card"): its details and its history (memos, kept mails, changes) in a
// dialog; with READ_WRITE on its group: edit (the private book's card form, without its group boxes),
// importance and delete. A new card opens the form straight away. Adding answers 201; an update 200
// (001 §4); a field the server refuses shows its reason at the field.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { CustomerCard } from "@shared/contacts/customers.ts";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { CardEditor } from "../../contacts/card/CardEditor.tsx";
import { stateOf } from "../../contacts/card/form.ts";
import { authorized } from "../../../lib/api.ts";
import * as customerApi from "../api.ts";
import { cardQuery, refreshCustomers } from "../queries.ts";
import { customerErrorText, done, failed } from "../errors.ts";
import { HistoryPanel } from "../history/HistoryPanel.tsx";
import { CardTags } from "./CardTags.tsx";

export type CardOpen = { kind: "view"; id: number } | { kind: "edit"; id: number } | { kind: "new"; groupId: number };

export function CardPanel({ open, canWrite, onOpen, onClose }: { open: CardOpen; canWrite(groupId: number): boolean; onOpen(o: CardOpen): void; onClose(): void }) {
  const { t } = useTranslation("customers");
  const id = open.kind === "new" ? 0 : open.id;
  const card = useQuery({ ...cardQuery(id), enabled: id > 0 });
  useEffect(() => {
    if (card.error) {
      failed(card.error, "cardLoadFailed");
      onClose();
    }
  }, [card.error]);
  if (open.kind === "view") {
    return (
      <Dialog title={card.data?.userName ?? t("card.loading")} isOpen onClose={onClose} width={640}>
        {card.data
          ? <CardDetails card={card.data} canWrite={canWrite(card.data.groupId)} onEdit={() => onOpen({ kind: "edit", id })} onClose={onClose} />
          : <p role="status">{t("card.loading")}</p>}
      </Dialog>
    );
  }
  return (
    <Dialog title={t(open.kind === "new" ? "card.newTitle" : "card.editTitle")} isOpen onClose={onClose} width={640}>
      {open.kind === "edit" && !card.data
        ? <p role="status">{t("card.loading")}</p>
        : <EditCard key={card.data?.id ?? 0} card={card.data ?? null} groupId={open.kind === "new" ? open.groupId : card.data!.groupId}
          onSaved={(savedId) => (open.kind === "new" ? onClose() : onOpen({ kind: "view", id: savedId }))}
          onCancel={() => (open.kind === "edit" ? onOpen({ kind: "view", id }) : onClose())} />}
    </Dialog>
  );
}

function CardDetails({ card, canWrite, onEdit, onClose }: { card: CustomerCard; canWrite: boolean; onEdit(): void; onClose(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const rows: [string, string][] = [
    [t("contacts:column.email"), card.emailList.join(", ")],
    [t("contacts:column.tel"), card.telList.join(", ")],
    [t("contacts:column.company"), card.company],
    [t("contacts:column.organ"), card.organ],
    [t("contacts:column.position"), card.position],
    [t("contacts:column.url"), card.urlList.join(", ")],
    [t("card.group"), card.groupName],
    [t("contacts:column.memo"), card.memo],
  ];
  async function remove() {
    const ok = await confirm({ message: t("card.deleteConfirm", { name: card.userName }), danger: true, confirmLabel: t("action.delete") });
    if (!ok) return;
    try {
      await customerApi.deleteCards([card.id]);
      done("cardDeleted");
      onClose();
    } catch (e) {
      failed(e, "cardDeleteFailed");
    } finally {
      await refreshCustomers(qc);
    }
  }
  async function important() {
    try {
      await customerApi.setImportant([card.id], !card.importantStatus);
    } catch (e) {
      failed(e, "importantFailed");
    } finally {
      await refreshCustomers(qc);
    }
  }
  return (
    <div className="ct-view">
      {card.importantStatus && <p className="ct-view-important">★ {t("card.important")}</p>}
      <dl className="ct-view-fields">
        {rows.filter(([, v]) => v).map(([label, value]) => (
          <div key={label} className="ct-view-row">
            <dt>{label}</dt>
            <dd className="ct-memo-text">{value}</dd>
          </div>
        ))}
        <CardTags card={card} canWrite={canWrite} />
      </dl>
      {canWrite && (
        <div className="ct-view-actions">
          <Button onPress={onEdit}>{t("card.edit")}</Button>
          <Button variant="secondary" onPress={() => void important()}>
            {t(card.importantStatus ? "card.unmarkImportant" : "card.markImportant")}
          </Button>
          <Button variant="danger" onPress={() => void remove()}>{t("action.delete")}</Button>
        </div>
      )}
      <HistoryPanel groupId={card.groupId} cardId={card.id} canWrite={canWrite} />
    </div>
  );
}

function EditCard({ card, groupId, onSaved, onCancel }: { card: CustomerCard | null; groupId: number; onSaved(id: number): void; onCancel(): void }) {
  const qc = useQueryClient();
  const oldPhoto = useQuery({
    queryKey: ["customer", "photo", card?.id ?? 0, card?.updatedTimeMillis ?? 0],
    queryFn: async ({ signal }) => URL.createObjectURL(await (await authorized(`/api/customer/card/detail/${card!.id}/photo`, { signal })).blob()),
    enabled: !!card?.hasPhoto,
    staleTime: Infinity,
  }).data ?? null;
  return (
    <CardEditor
      initial={stateOf(card)}
      oldPhoto={oldPhoto}
      showGroups={false}
      save={async (form) => {
        const data = { ...form, contactGroupIdList: undefined };
        const saved = card ? await customerApi.updateCard(card.id, data) : await customerApi.addCard(groupId, data);
        done(card ? "cardUpdated" : "cardAdded");
        await refreshCustomers(qc);
        onSaved(saved.id);
      }}
      onFailed={(e) => failed(e, card ? "cardUpdateFailed" : "cardAddFailed")}
      photoErrorText={(code) => customerErrorText(new ApiError(400, code))}
      onCancel={onCancel}
    />
  );
}
