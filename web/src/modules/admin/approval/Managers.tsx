// Document managers: a user and the departments whose documents they manage (the ledger of those departments,
// open type changes). PUT admin/managers/{userId} with the departments; none removes the manager.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import type { FormField } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { organizationTreeQuery } from "../../../app/queries.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { PersonInput } from "../../approval/draft/fields/PersonInput.tsx";
import { managersQuery, saveManager } from "./api.ts";

type Editing = { user: { id: number; name: string } | null; organIds: number[] };

function flat(nodes: OrganizationTreeNode[], depth = 0): { id: number; name: string; depth: number }[] {
  return nodes.flatMap((n) => [{ id: n.id, name: n.name, depth }, ...flat(n.children, depth + 1)]);
}

export function Managers() {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const managers = useQuery(managersQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useMutation({
    mutationFn: (e: { userId: number; organIds: number[] }) => saveManager(e.userId, e.organIds),
    onSuccess: (_, e) => {
      setEditing(null);
      snackbar("SUCCESS", t(e.organIds.length ? "approval.managers.saved" : "approval.managers.removed"));
      return qc.invalidateQueries({ queryKey: managersQuery.queryKey });
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  const list = managers.data ?? [];

  return (
    <div className="aa-stack">
      <div className="aa-toolbar">
        <p className="adm-muted">{t("approval.managers.intro")}</p>
        <Button onPress={() => setEditing({ user: null, organIds: [] })}>{t("approval.managers.add")}</Button>
      </div>
      <div className="adm-card">
        {managers.isLoading ? <p className="adm-empty">{t("loading")}</p> : !list.length ? <p className="adm-empty">{t("approval.managers.empty")}</p> : (
          <ul className="aa-rows" aria-label={t("approval.tab.managers")}>
            {list.map((m) => (
              <li key={m.user.id} className="aa-row">
                <span className="aa-grow">
                  <span className="aa-name">{m.user.name}</span> <span className="adm-muted">{m.user.email}</span>
                  <span className="aa-organs">{m.organs.map((o) => o.name).join(", ")}</span>
                </span>
                <Button variant="secondary" aria-label={t("approval.managers.editOf", { name: m.user.name })}
                  onPress={() => setEditing({ user: { id: m.user.id, name: m.user.name }, organIds: m.organs.map((o) => o.id) })}>
                  {t("approval.managers.edit")}
                </Button>
                <Button variant="ghost" aria-label={t("approval.managers.removeOf", { name: m.user.name })} onPress={async () => {
                  if (await confirm({ message: t("approval.managers.removeConfirm", { name: m.user.name }), confirmLabel: t("approval.delete"), danger: true })) {
                    save.mutate({ userId: m.user.id, organIds: [] });
                  }
                }}>{t("approval.delete")}</Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && <ManagerDialog initial={editing} busy={save.isPending} onClose={() => setEditing(null)}
        onSave={(userId, organIds) => save.mutate({ userId, organIds })} />}
    </div>
  );
}

function ManagerDialog({ initial, busy, onClose, onSave }: { initial: Editing; busy: boolean; onClose(): void; onSave(userId: number, organIds: number[]): void }) {
  const { t } = useTranslation("admin");
  const tree = useQuery(organizationTreeQuery);
  const [user, setUser] = useState(initial.user);
  const [organIds, setOrganIds] = useState(new Set(initial.organIds));
  const [error, setError] = useState("");
  const field: FormField = { key: "manager", label: t("approval.managers.user"), type: "person", required: true, placeholder: "", columns: [] };
  return (
    <Dialog title={initial.user ? t("approval.managers.editOf", { name: initial.user.name }) : t("approval.managers.add")} isOpen onClose={onClose} width={520}>
      <form className="adm-form" onSubmit={(e) => {
        e.preventDefault();
        if (!user) return setError(t("approval.managers.userRequired"));
        if (!organIds.size) return setError(t("approval.managers.organRequired"));
        onSave(user.id, [...organIds]);
      }}>
        {!initial.user && (
          <div className="field">
            <span className="field-label" aria-hidden="true">{field.label}</span>
            <PersonInput field={field} value={user} onChange={setUser} />
          </div>
        )}
        <fieldset className="aa-organ-set">
          <legend className="field-label">{t("approval.managers.organs")}</legend>
          {flat(tree.data ?? []).map((o) => (
            <div key={o.id} style={{ paddingInlineStart: o.depth * 16 }}>
              <Checkbox isSelected={organIds.has(o.id)} onChange={(v) => setOrganIds((s) => {
                const n = new Set(s);
                if (v) n.add(o.id);
                else n.delete(o.id);
                return n;
              })}>{o.name}</Checkbox>
            </div>
          ))}
        </fieldset>
        <p className="field-error" role="alert">{error}</p>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("approval.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("approval.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
