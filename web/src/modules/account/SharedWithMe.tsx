// Accounts shared with me (GET /available-accounts?includePending=true): switch into one
// (GET /{id}/change-account → new tokens, cleared cache, reload at /#/), leave a share or withdraw a request
// (DELETE /{id}), and ask a colleague for access (POST /requests).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { AvailableAccount, ChangeAccountResponse } from "@shared/accounts.ts";
import type { AutocompleteItem } from "@shared/organizations.ts";
import type { UserInfo } from "@shared/users.ts";
import { api } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { setTokens } from "../../lib/session.ts";
import { confirm } from "../../app/feedback/confirm.tsx";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { Button } from "../../ui/Button.tsx";
import { availableAccountsQuery, errorOf } from "./api.ts";
import { type Column, DataTable, Section, useFormats } from "./parts.tsx";
import { isExpired, StatusBadge } from "./shareParts.tsx";
import { UserPicker } from "./UserPicker.tsx";

export function SharedWithMe({ me, readOnly }: { me: UserInfo; readOnly: boolean }) {
  const { t } = useTranslation("account");
  const f = useFormats();
  const qc = useQueryClient();
  const list = useQuery(availableAccountsQuery);
  const [picked, setPicked] = useState<AutocompleteItem | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const refresh = () => qc.invalidateQueries({ queryKey: ["accounts"] });

  const request = useMutation({
    mutationFn: (sharedByUserId: number) => api<AvailableAccount>("/api/users/accounts/requests", { method: "POST", json: { sharedByUserId } }),
    onSuccess: (a) => {
      snackbar("SUCCESS", t("sharing.requested", { name: a.name }));
      setPicked(null);
      setPickerKey((k) => k + 1);
      void refresh();
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  const remove = useMutation({
    mutationFn: (id: number) => api(`/api/users/accounts/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      snackbar("SUCCESS", t("sharing.left"));
      void refresh();
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  const change = useMutation({
    mutationFn: (id: number) => api<ChangeAccountResponse>(`/api/users/accounts/${id}/change-account`),
    onSuccess: (r) => {
      setTokens({ accessToken: r.accessToken, refreshToken: r.refreshToken });
      qc.clear();
      location.assign("/#/");
      location.reload();
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  function submit() {
    if (!picked) return snackbar("VALIDATION", t("sharing.pickUser"));
    if (list.data?.some((a) => a.sharedByUserId === picked.id)) return snackbar("INFO", errorText("account.53"));
    request.mutate(picked.id);
  }

  async function askSwitch(a: AvailableAccount) {
    const ok = await confirm({ title: t("sharing.switchTitle"), message: t("sharing.switchConfirm", { name: a.name, email: a.email }), confirmLabel: t("sharing.switch") });
    if (ok) change.mutate(a.id);
  }

  async function askRemove(a: AvailableAccount) {
    const pending = a.status === "PENDING";
    const ok = await confirm({
      message: t(pending ? "sharing.withdrawConfirm" : "sharing.leaveConfirm", { name: a.name }),
      confirmLabel: t(pending ? "sharing.withdraw" : "sharing.leave"),
      danger: !pending,
    });
    if (ok) remove.mutate(a.id);
  }

  const busy = remove.isPending || change.isPending;
  const columns: Column<AvailableAccount>[] = [
    { key: "owner", header: t("sharing.owner"), cell: (a) => <><strong>{a.name}</strong><br /><span className="acc-muted">{a.email}</span></> },
    { key: "status", header: t("sharing.statusLabel"), cell: (a) => <StatusBadge share={a} /> },
    { key: "expiry", header: t("sharing.expiry.label"), cell: (a) => (a.expireTimeMillis === null ? t("sharing.expiry.none") : f.dateTime(a.expireTimeMillis)) },
    {
      key: "actions",
      header: t("sharing.actions"),
      className: "acc-cell-actions",
      cell: (a) => readOnly ? null : (
        <div className="acc-inline-actions">
          {a.status === "ACTIVE" && !isExpired(a) && (
            <Button isDisabled={busy} onPress={() => void askSwitch(a)} aria-label={t("sharing.switchTo", { name: a.name })}>{t("sharing.switch")}</Button>
          )}
          <Button variant="ghost" isDisabled={busy} onPress={() => void askRemove(a)}>
            {t(a.status === "PENDING" ? "sharing.withdraw" : "sharing.leave")}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Section title={t("sharing.theirsTitle")} description={t("sharing.theirsDescription")}>
      {list.isError && <p className="acc-inline-error" role="alert">{errorOf(list.error)}</p>}
      <DataTable caption={t("sharing.theirsTitle")} columns={readOnly ? columns.filter((c) => c.key !== "actions") : columns} rows={list.data} empty={t("sharing.theirsEmpty")} />
      {!readOnly && (
        <Form className="acc-share-form acc-share-form-2" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), submit())}>
          <UserPicker key={pickerKey} label={t("sharing.requestFrom")} description={t("sharing.requestHelp")} value={picked} onChange={setPicked}
            excludeIds={[me.id]} />
          <Button type="submit" variant="secondary" isDisabled={request.isPending}>{t("sharing.request")}</Button>
        </Form>
      )}
    </Section>
  );
}
