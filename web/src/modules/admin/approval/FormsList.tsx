// Every form of the company, active or not (GET admin/form/list): its box, version, use and documents; open it
// in the designer, switch it on or off, delete it (a form documents were made with is deactivated instead).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AdminForm } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { AdminIcon } from "../icons.tsx";
import { adminFormsQuery, deleteForm, refreshForms, setFormActive } from "./api.ts";

export function FormsList({ onDesign }: { onDesign(f: AdminForm | "new"): void }) {
  const { t, i18n } = useTranslation("admin");
  const qc = useQueryClient();
  const forms = useQuery(adminFormsQuery);
  const list = [...(forms.data ?? [])].sort((a, b) => a.boxName.localeCompare(b.boxName) || a.name.localeCompare(b.name));
  const fail = (e: unknown) => snackbar("ERROR", errorText(codeOf(e)));
  const active = useMutation({
    mutationFn: (f: AdminForm) => setFormActive(f.id, !f.active),
    onSuccess: () => refreshForms(qc),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (f: AdminForm) => deleteForm(f.id),
    onSuccess: (_, f) => {
      snackbar("SUCCESS", t(f.documentCount ? "approval.forms.deactivated" : "approval.forms.deleted", { name: f.name }));
      return refreshForms(qc);
    },
    onError: fail,
  });

  return (
    <div className="aa-stack">
      <div className="aa-toolbar">
        <p className="adm-muted">{forms.data ? t("approval.forms.count", { count: list.length }) : "\u00a0"}</p>
        <Button onPress={() => onDesign("new")}><AdminIcon name="plus" size={18} />{t("approval.forms.new")}</Button>
      </div>
      <div className="adm-card adm-table-wrap">
        {forms.isLoading ? <p className="adm-empty">{t("loading")}</p> : forms.isError ? <p className="adm-empty">{errorText(codeOf(forms.error))}</p> : (
          <table className="aa-table">
            <caption className="visually-hidden">{t("approval.tab.forms")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("approval.forms.name")}</th>
                <th scope="col">{t("approval.forms.box")}</th>
                <th scope="col">{t("approval.forms.version")}</th>
                <th scope="col">{t("approval.forms.state")}</th>
                <th scope="col">{t("approval.forms.documents")}</th>
                <th scope="col">{t("approval.forms.updated")}</th>
                <th scope="col"><span className="visually-hidden">{t("approval.actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.id}>
                  <th scope="row"><span className="aa-name">{f.name}</span> <span className="adm-muted">{f.code}</span></th>
                  <td>{f.boxName}</td>
                  <td>v{f.version}</td>
                  <td><span className={f.active ? "adm-badge adm-badge-good" : "adm-badge"}>{t(f.active ? "approval.forms.active" : "approval.forms.inactive")}</span></td>
                  <td>{f.documentCount.toLocaleString(i18n.language)}</td>
                  <td>{new Date(f.updatedAt).toLocaleDateString(i18n.language)}</td>
                  <td className="aa-actions">
                    <Button variant="secondary" aria-label={t("approval.forms.editOf", { name: f.name })} onPress={() => onDesign(f)}>{t("approval.forms.edit")}</Button>
                    <Button variant="ghost" isDisabled={active.isPending} onPress={() => active.mutate(f)}
                      aria-label={t(f.active ? "approval.forms.deactivateOf" : "approval.forms.activateOf", { name: f.name })}>
                      {t(f.active ? "approval.forms.deactivate" : "approval.forms.activate")}
                    </Button>
                    <Button variant="ghost" aria-label={t("approval.deleteOf", { name: f.name })} onPress={async () => {
                      const message = t(f.documentCount ? "approval.forms.deleteUsedConfirm" : "approval.forms.deleteConfirm", { name: f.name, count: f.documentCount });
                      if (await confirm({ message, confirmLabel: t("approval.delete"), danger: true })) remove.mutate(f);
                    }}>{t("approval.delete")}</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
