// The actions on the selected customer cards: move or copy into another customer group the user may change,
// copy into the user's private book, mark important, delete (after asking). A READ member only copies to
// their own book.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import i18next from "i18next";
import type { CustomerCard } from "@shared/contacts/customers.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import * as customerApi from "../api.ts";
import { flatTree, refreshCustomers, treeQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";
import { GroupPickDialog } from "../../contacts/list/GroupPickDialog.tsx";

/** Asks, then deletes the cards; says what happened. */
export async function deleteCards(qc: ReturnType<typeof useQueryClient>, cards: Pick<CustomerCard, "id" | "userName">[]) {
  const t = (k: string, o?: Record<string, unknown>) => i18next.t(`customers:${k}`, o);
  if (!cards.length) return false;
  const message = cards.length === 1 ? t("card.deleteConfirm", { name: cards[0].userName }) : t("card.deleteConfirmN", { count: cards.length });
  if (!(await confirm({ message, danger: true, confirmLabel: t("action.delete") }))) return false;
  try {
    await customerApi.deleteCards(cards.map((c) => c.id));
    done("cardDeleted");
    return true;
  } catch (e) {
    failed(e, "cardDeleteFailed");
    return false;
  } finally {
    await refreshCustomers(qc);
  }
}

export async function setImportant(qc: ReturnType<typeof useQueryClient>, ids: number[], on: boolean) {
  try {
    await customerApi.setImportant(ids, on);
  } catch (e) {
    failed(e, "importantFailed");
  } finally {
    await refreshCustomers(qc);
  }
}

export function BulkBar({ cards, groupId, canWrite, onDone }: { cards: CustomerCard[]; groupId: number; canWrite: boolean; onDone(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const [pick, setPick] = useState<"move" | "copy" | null>(null);
  const tree = useQuery(treeQuery).data;
  if (!cards.length) return <div className="ct-bulk ct-bulk-empty" aria-hidden="true" />;
  const ids = cards.map((c) => c.id);
  async function toPrivate() {
    try {
      await customerApi.copyToPrivate(ids);
      done("copiedToPrivate", { count: ids.length });
      onDone();
    } catch (e) {
      failed(e, "copyFailed");
    }
  }
  async function move(target: number, isCopy: boolean) {
    setPick(null);
    try {
      await customerApi.moveCards(ids, target, isCopy);
      done(isCopy ? "cardsCopied" : "cardsMoved", { count: ids.length });
      onDone();
    } catch (e) {
      failed(e, isCopy ? "copyFailed" : "moveFailed");
    } finally {
      await refreshCustomers(qc);
    }
  }
  return (
    <div className="ct-bulk" role="toolbar" aria-label={t("bulk.label", { count: cards.length })}>
      <span className="ct-bulk-count" aria-live="polite">{t("bulk.selected", { count: cards.length })}</span>
      {canWrite && <Button variant="secondary" onPress={() => setPick("move")}>{t("bulk.move")}</Button>}
      <Button variant="secondary" onPress={() => setPick("copy")}>{t("bulk.copy")}</Button>
      <Button variant="secondary" onPress={() => void toPrivate()}>{t("bulk.toPrivate")}</Button>
      {canWrite && (
        <Button variant="secondary" onPress={() => void setImportant(qc, ids, !cards.every((c) => c.importantStatus)).then(onDone)}>
          {t(cards.every((c) => c.importantStatus) ? "card.unmarkImportant" : "card.markImportant")}
        </Button>
      )}
      {canWrite && <Button variant="danger" onPress={() => void deleteCards(qc, cards).then((ok) => ok && onDone())}>{t("action.delete")}</Button>}
      {pick && <GroupPickDialog ns="customers" groups={flatTree(tree).filter((g) => g.group.hasPermission && !(pick === "move" && g.group.id === groupId))} title={t(pick === "move" ? "bulk.moveTitle" : "bulk.copyTitle", { count: cards.length })}
        confirmLabel={t(pick === "move" ? "bulk.move" : "bulk.copy")} onClose={() => setPick(null)} onPick={(g) => void move(g, pick === "copy")} />}
    </div>
  );
}
