// Sharing my account (000 §6): share with a colleague (POST /api/users/accounts), then per share set the status
// (PUT /{id}/status ACTIVE/INACTIVE, which also answers a PENDING request), the expiry (PUT /{id}/expiry) or
// end it (DELETE /{id}). Sharing with someone who already has it gives the account.53 notice without a call.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Switch } from "react-aria-components";
import type { SharedUser } from "@shared/accounts.ts";
import type { AutocompleteItem } from "@shared/organizations.ts";
import type { UserInfo } from "@shared/users.ts";
import { api } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { confirm } from "../../app/feedback/confirm.tsx";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { Button } from "../../ui/Button.tsx";
import { errorOf, fromLocalInput, sharedUsersQuery } from "./api.ts";
import { type Column, DataTable, Section } from "./parts.tsx";
import { DateTimeInput, ExpiryCell, StatusBadge } from "./shareParts.tsx";
import { UserPicker } from "./UserPicker.tsx";

export function MyShares({ me, readOnly }: { me: UserInfo; readOnly: boolean }) {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const shares = useQuery(sharedUsersQuery);
  const [picked, setPicked] = useState<AutocompleteItem | null>(null);
  const [expiry, setExpiry] = useState("");
  const [pickerKey, setPickerKey] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ["accounts"] });

  const share = useMutation({
    mutationFn: (v: { sharedToUserId: number; expireTimeMillis: number | null }) => api<SharedUser>("/api/users/accounts", { method: "POST", json: v }),
    onSuccess: (s) => {
      snackbar("SUCCESS", t("sharing.shared", { name: s.name }));
      setPicked(null);
      setExpiry("");
      setPickerKey((k) => k + 1);
      void refresh();
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; status?: "ACTIVE" | "INACTIVE"; expireTimeMillis?: number | null }) =>
      api<SharedUser>(`/api/users/accounts/${id}/${body.status ? "status" : "expiry"}`, { method: "PUT", json: { id, ...body } }),
    onSuccess: (s, v) => {
      snackbar("SUCCESS", v.status ? t(`sharing.status.changed.${s.status}`, { name: s.name }) : t("sharing.expiry.changed"));
      setEditing(null);
      void refresh();
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  const remove = useMutation({
    mutationFn: (id: number) => api(`/api/users/accounts/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      snackbar("SUCCESS", t("sharing.removed"));
      void refresh();
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  function submit() {
    if (!picked) return snackbar("VALIDATION", t("sharing.pickUser"));
    const existing = shares.data?.find((s) => s.sharedToUserId === picked.id);
    if (existing && existing.status !== "PENDING") return snackbar("INFO", errorText("account.53"));
    const ms = fromLocalInput(expiry);
    if (expiry && (ms === null || ms <= Date.now())) return snackbar("VALIDATION", t("sharing.expiry.future"));
    share.mutate({ sharedToUserId: picked.id, expireTimeMillis: ms });
  }

  async function askRemove(s: SharedUser) {
    const ok = await confirm({ message: t("sharing.removeConfirm", { name: s.name }), confirmLabel: t("sharing.remove"), danger: true });
    if (ok) remove.mutate(s.id);
  }

  const busy = update.isPending || remove.isPending;
  const columns: Column<SharedUser>[] = [
    { key: "user", header: t("sharing.user"), cell: (s) => <><strong>{s.name}</strong><br /><span className="acc-muted">{s.email}</span></> },
    {
      key: "status",
      header: t("sharing.statusLabel"),
      cell: (s) => s.status === "PENDING" || readOnly ? <StatusBadge share={s} /> : (
        <Switch className="acc-switch" isSelected={s.status === "ACTIVE"} isDisabled={busy}
          onChange={(on) => update.mutate({ id: s.id, status: on ? "ACTIVE" : "INACTIVE" })}>
          <span className="acc-switch-track" aria-hidden="true"><span className="acc-switch-thumb" /></span>
          <span>{t(`sharing.status.${s.status}`)}</span>
          <span className="visually-hidden">{` ${s.name}`}</span>
        </Switch>
      ),
    },
    {
      key: "expiry",
      header: t("sharing.expiry.label"),
      cell: (s) => (
        <ExpiryCell share={s} editing={editing === s.id} readOnly={readOnly} busy={busy} onEdit={() => setEditing(s.id)}
          onCancel={() => setEditing(null)} onSave={(ms) => update.mutate({ id: s.id, expireTimeMillis: ms })} />
      ),
    },
    {
      key: "actions",
      header: t("sharing.actions"),
      className: "acc-cell-actions",
      cell: (s) => readOnly ? null : (
        <div className="acc-inline-actions">
          {s.status === "PENDING" && (
            <>
              <Button isDisabled={busy} onPress={() => update.mutate({ id: s.id, status: "ACTIVE" })}>{t("sharing.approve")}</Button>
              <Button variant="secondary" isDisabled={busy} onPress={() => update.mutate({ id: s.id, status: "INACTIVE" })}>{t("sharing.decline")}</Button>
            </>
          )}
          <Button variant="ghost" className="acc-danger-text" isDisabled={busy} onPress={() => void askRemove(s)} aria-label={t("sharing.removeOf", { name: s.name })}>
            {t("sharing.remove")}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Section title={t("sharing.mineTitle")} description={t("sharing.mineDescription")}>
      {!readOnly && (
        <Form className="acc-share-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), submit())}>
          <UserPicker key={pickerKey} label={t("sharing.shareWith")} value={picked} onChange={setPicked} excludeIds={[me.id]} />
          <DateTimeInput label={t("sharing.expiry.optional")} value={expiry} onChange={setExpiry} description={t("sharing.expiry.help")} />
          <Button type="submit" isDisabled={share.isPending}>{t("sharing.share")}</Button>
        </Form>
      )}
      {shares.isError && <p className="acc-inline-error" role="alert">{errorOf(shares.error)}</p>}
      <DataTable caption={t("sharing.mineTitle")} columns={readOnly ? columns.filter((c) => c.key !== "actions") : columns} rows={shares.data} empty={t("sharing.mineEmpty")} />
    </Section>
  );
}
