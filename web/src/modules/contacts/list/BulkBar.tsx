// The actions on the selected cards: write mail, move or copy into a group, mark or unmark important, merge
// (two or more), export, delete to the trash; in the trash: restore and delete for good.
import { useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { groupIdOf } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { useContactUi } from "../ui-state.ts";
import { recipientsOf, writeMail } from "../compose.ts";
import { copy, deleteWithConfirm, merge, move, restore, toggleImportant } from "./actions.ts";
import { GroupPickDialog } from "./GroupPickDialog.tsx";
import { MergeDialog } from "./MergeDialog.tsx";
import { CustomerCopyDialog } from "./CustomerCopyDialog.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { flatGroups, treeQuery } from "../queries.ts";

export function BulkBar({ groupId, trash, cards, onDone }: { groupId: string; trash: boolean; cards: ContactCard[]; onDone(): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const ui = useContactUi();
  const [dialog, setDialog] = useState<"move" | "copy" | "merge" | "customer" | null>(null);
  const customerBook = useQuery(userDetailQuery).data?.usedModules.includes("customer") ?? false;
  const tree = useQuery(treeQuery).data;
  const ids = cards.map((c) => c.id);
  const after = (ok: boolean) => {
    if (ok) onDone();
  };
  if (!cards.length) return <div className="ct-bulk ct-bulk-empty" aria-hidden="true" />;
  const own = groupIdOf(groupId) ?? -1;
  const to = recipientsOf(cards);
  return (
    <div className="ct-bulk" role="toolbar" aria-label={t("bulk.label", { count: cards.length })}>
      <span className="ct-bulk-count" aria-live="polite">{t("bulk.selected", { count: cards.length })}</span>
      {trash
        ? (
          <>
            <Button variant="secondary" onPress={() => void restore(qc, ids).then(after)}>{t("trash.restore")}</Button>
            <Button variant="danger" onPress={() => void deleteWithConfirm(qc, cards, true).then(after)}>{t("trash.deleteForever")}</Button>
          </>
        )
        : (
          <>
            <Button variant="secondary" isDisabled={!to.length} onPress={() => void writeMail(navigate, qc, to)}>{t("card.writeMail")}</Button>
            <Button variant="secondary" onPress={() => setDialog("move")}>{t("bulk.move")}</Button>
            <Button variant="secondary" onPress={() => setDialog("copy")}>{t("bulk.copy")}</Button>
            <Button variant="secondary" onPress={() => void toggleImportant(qc, ids, !cards.every((c) => c.importantStatus)).then(after)}>
              {t(cards.every((c) => c.importantStatus) ? "bulk.unmarkImportant" : "bulk.markImportant")}
            </Button>
            <Button variant="secondary" isDisabled={cards.length < 2} onPress={() => setDialog("merge")}>{t("bulk.merge")}</Button>
            {customerBook && <Button variant="secondary" onPress={() => setDialog("customer")}>{t("customer.open")}</Button>}
            <Button variant="secondary" onPress={() => ui.openExport(ids)}>{t("inout.export")}</Button>
            <Button variant="danger" onPress={() => void deleteWithConfirm(qc, cards, false).then(after)}>{t("action.delete")}</Button>
          </>
        )}
      {(dialog === "move" || dialog === "copy") && (
        <GroupPickDialog
          ns="contacts"
          groups={flatGroups(tree).filter((g) => !(dialog === "move" && own > 0 && g.group.id === own))}
          title={t(dialog === "move" ? "bulk.moveTitle" : "bulk.copyTitle", { count: cards.length })}
          confirmLabel={t(dialog === "move" ? "bulk.move" : "bulk.copy")}
          onClose={() => setDialog(null)}
          onPick={(target) => {
            setDialog(null);
            void (dialog === "move" ? move(qc, ids, target, groupId) : copy(qc, cards, target)).then(after);
          }}
        />
      )}
      {dialog === "customer" && <CustomerCopyDialog ids={ids} onDone={onDone} onClose={() => setDialog(null)} />}
      {dialog === "merge" && (
        <MergeDialog cards={cards} onClose={() => setDialog(null)} onMerge={(target, others) => {
          setDialog(null);
          void merge(qc, target, others).then(after);
        }} />
      )}
    </div>
  );
}
