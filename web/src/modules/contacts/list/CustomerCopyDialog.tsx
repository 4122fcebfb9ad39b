// Copy cards to the shared customer address book (001 §1, §7 "copy to customer": POST
// api/contact/card/copy/customer with targetGroupId, cardIdList, shouldDeleteOriginalData): a customer group
// the user may change (a group is required, 001 §5), and whether the cards then leave the private book.
// Offered when the company has the customer book (useCustomer).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomerGroup } from "@shared/contacts/customers.ts";
import { api } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { refreshContacts } from "../queries.ts";
import { failed } from "../errors.ts";

export function CustomerCopyDialog({ ids, onDone, onClose }: { ids: number[]; onDone(): void; onClose(): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const groups = useQuery({
    queryKey: ["contact", "customerGroups"],
    queryFn: ({ signal }) => api<CustomerGroup[]>("/api/customer/group/list", { signal }),
  });
  const writable = (groups.data ?? []).filter((g) => g.hasPermission);
  const [target, setTarget] = useState<string | null>(null);
  const [move, setMove] = useState(false);
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);

  async function copy() {
    if (!target) return setError(true);
    setBusy(true);
    try {
      await api("/api/contact/card/copy/customer", { method: "POST", json: { cardIdList: ids, targetGroupId: Number(target), shouldDeleteOriginalData: move } });
      snackbar("SUCCESS", t(move ? "customer.moved" : "customer.copied", { count: ids.length }));
      await refreshContacts(qc);
      onDone();
      onClose();
    } catch (e) {
      failed(e, "moveFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("customer.title", { count: ids.length })} isOpen onClose={onClose} width={440}>
      <div className="ct-form">
        {groups.isPending && <p role="status">{t("card.loading")}</p>}
        {groups.data && writable.length === 0 && <p className="ct-muted">{t("customer.none")}</p>}
        {writable.length > 0 && (
          <SelectField label={t("customer.group")} value={target} placeholder={t("customer.choose")} onChange={(v) => {
            setTarget(v);
            setError(false);
          }} errorMessage={error ? t("contactErrors:contact.group_required") : undefined}
            options={writable.map((g) => ({ id: String(g.id), label: g.groupName }))} />
        )}
        <Checkbox isSelected={move} onChange={setMove}>{t("customer.deleteOriginal")}</Checkbox>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button isDisabled={busy || writable.length === 0} onPress={() => void copy()}>{t("customer.submit")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
