// A user's mail aliases, in the user's edit dialog: the list with a delete button each, and an address to add
// (on one of the company's domains; at most MAX_ALIASES_PER_USER). Each change is saved at once
// (/api/admin/users/{id}/aliases, shared/mail/aliases.ts); the server checks again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Form } from "react-aria-components";
import type { AdminUser } from "@shared/admin.ts";
import { type Alias, type AliasList, MAX_ALIASES_PER_USER } from "@shared/mail/aliases.ts";
import { isBareAddress } from "@shared/organizations.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyQuery } from "../../../app/queries.ts";
import { failureText, notifyFailure, submitIf } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import "./aliases.css";

const aliasesKey = (userId: number) => ["admin", "users", userId, "aliases"] as const;

/** Local check: a bare address on one of the company's domains (the server checks too). */
function aliasError(address: string, domains: string[]): string | undefined {
  const v = address.trim().toLowerCase();
  return isBareAddress(v) && domains.includes(v.slice(v.lastIndexOf("@") + 1)) ? undefined : errorText("mail.alias_invalid");
}

export function UserAliases({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const domains = useQuery(companyQuery).data?.domains ?? [];
  const list = useQuery({ queryKey: aliasesKey(user.id), queryFn: () => api<AliasList>(`/api/admin/users/${user.id}/aliases`) });
  const aliases = list.data?.aliases ?? [];
  const [address, setAddress] = useState("");
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<string>();
  const localError = aliasError(address, domains);
  const full = aliases.length >= MAX_ALIASES_PER_USER;

  const add = useMutation({
    mutationFn: () => api<Alias>(`/api/admin/users/${user.id}/aliases`, { method: "POST", json: { address: address.trim() } }),
    onSuccess: async (a) => {
      snackbar("SUCCESS", t("aliases.added", { address: a.address }));
      setAddress("");
      setTried(false);
      await qc.invalidateQueries({ queryKey: aliasesKey(user.id) });
    },
    onError: (e) => {
      setServer(failureText(e));
      notifyFailure(e);
    },
  });
  const remove = useMutation({
    mutationFn: (a: Alias) => api(`/api/admin/users/${user.id}/aliases/${a.id}`, { method: "DELETE" }),
    onSuccess: async (_, a) => {
      snackbar("SUCCESS", t("aliases.removed", { address: a.address }));
      await qc.invalidateQueries({ queryKey: aliasesKey(user.id) });
    },
    onError: notifyFailure,
  });

  return (
    <div className="adm-form">
      <p className="adm-muted">{t("aliases.help", { max: MAX_ALIASES_PER_USER })}</p>
      {list.isPending ? (
        <p className="adm-muted">{t("loading")}</p>
      ) : aliases.length === 0 ? (
        <p className="adm-muted">{t("aliases.none")}</p>
      ) : (
        <ul className="adm-member-list adm-alias-list" aria-label={t("aliases.listLabel", { name: user.accountName })}>
          {aliases.map((a) => (
            <li key={a.id} className="adm-member-row">
              <span className="adm-member-name">{a.address}</span>
              <AriaButton className="icon-button" onPress={() => remove.mutate(a)} isDisabled={remove.isPending}
                aria-label={t("aliases.remove", { address: a.address })}>
                <AdminIcon name="close" size={18} />
              </AriaButton>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="adm-muted">{t("aliases.full", { max: MAX_ALIASES_PER_USER })}</p>
      ) : (
        <Form className="adm-alias-add" validationBehavior="aria"
          onSubmit={submitIf(() => (setTried(true), !localError), () => add.mutate())}>
          <TextField label={t("aliases.address")} value={address} maxLength={320}
            onChange={(v) => (setAddress(v), setServer(undefined))}
            description={t("aliases.addressHelp", { domains: domains.join(", ") })}
            errorMessage={server ?? (tried ? localError : undefined)} />
          <Button type="submit" isDisabled={add.isPending}>{t("aliases.add")}</Button>
        </Form>
      )}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("aliases.close")}</Button>
      </div>
    </div>
  );
}
