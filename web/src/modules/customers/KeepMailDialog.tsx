// "Keep in customer history" from the mail reader (issue 24; 001 §7 POST api/customer/history/mail): the
// user picks a customer group they may change, and optionally one of its cards; the mail is copied into that
// history (201), where the /customer/mail/{groupId}/{historyId} popup shows it. Where it is already kept (GET
// .../byMailId) is said first; keeping it twice in one history answers customer.mail_already_kept.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { api } from "../../lib/api.ts";
import type { CustomerHistoryItem } from "@shared/contacts/customers.ts";
import * as customerApi from "./api.ts";
import { findGroup, flatTree, refreshCustomers, treeQuery } from "./queries.ts";
import { done, failed } from "./errors.ts";

export default function KeepMailDialog({ mailId, onClose }: { mailId: number; onClose(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const tree = useQuery(treeQuery);
  const kept = useQuery({
    queryKey: ["customer", "byMail", mailId],
    queryFn: ({ signal }) => api<CustomerHistoryItem[]>("/api/customer/history/byMailId", { signal, query: { mailId } }),
  });
  const groups = flatTree(tree.data).filter((g) => g.group.hasPermission);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [cardId, setCardId] = useState("0");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const cards = useQuery({
    queryKey: ["customer", "keepCards", groupId],
    queryFn: ({ signal }) => customerApi.listCards({ groupId: Number(groupId), page: 0 }, signal),
    enabled: !!groupId,
  });

  async function keep() {
    if (!groupId) return setError(t("contactErrors:contact.group_required"));
    setBusy(true);
    try {
      await api("/api/customer/history/mail", { method: "POST", json: { groupId: Number(groupId), mailId, ...(cardId !== "0" ? { cardId: Number(cardId) } : {}) } });
      done("mailKept", { name: findGroup(tree.data, Number(groupId))?.groupName ?? "" });
      await refreshCustomers(qc);
      onClose();
    } catch (e) {
      failed(e, "mailKeepFailed");
    } finally {
      setBusy(false);
    }
  }

  const where = (kept.data ?? []).map((h) => findGroup(tree.data, h.groupId)?.groupName).filter(Boolean);
  return (
    <Dialog title={t("keep.title")} isOpen onClose={onClose} width={440}>
      <div className="ct-form">
        {where.length > 0 && <p className="ct-muted">{t("keep.already", { groups: where.join(", ") })}</p>}
        {tree.data && groups.length === 0 && <p className="ct-muted">{t("group.noneToPick")}</p>}
        {groups.length > 0 && (
          <SelectField label={t("keep.group")} value={groupId} placeholder={t("keep.choose")} errorMessage={error}
            onChange={(v) => {
              setGroupId(v);
              setCardId("0");
              setError(undefined);
            }}
            options={groups.map(({ group, depth }) => ({ id: String(group.id), label: group.groupName, depth }))} />
        )}
        {groupId && cards.data && cards.data.content.length > 0 && (
          <SelectField label={t("keep.card")} value={cardId} onChange={setCardId}
            options={[{ id: "0", label: t("keep.noCard") }, ...cards.data.content.map((c) => ({ id: String(c.id), label: c.emailList[0] ? `${c.userName} <${c.emailList[0]}>` : c.userName }))]} />
        )}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button isDisabled={busy || groups.length === 0} onPress={() => void keep()}>{t("keep.submit")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
