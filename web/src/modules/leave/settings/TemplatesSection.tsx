// The leave types (GET templates; ANNUAL first): each with its kind, default days and validity, the units it
// allows and its flags; added, edited and deleted (a used type cannot be: leave.template_in_use; ANNUAL neither).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATES_MAX } from "@shared/leave/constants.ts";
import type { Template } from "@shared/leave/leave.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import * as leaveApi from "../api.ts";
import { failed } from "../errors.ts";
import { formatDays } from "../format.tsx";
import { LoadState } from "../LoadState.tsx";
import { refreshLeave, templatesQuery } from "../queries.ts";
import { FLAGS, TemplateDialog } from "./TemplateDialog.tsx";

export function TemplatesSection() {
  const { t, i18n } = useTranslation("leave");
  const qc = useQueryClient();
  const q = useQuery(templatesQuery);
  const [editing, setEditing] = useState<Template | "new" | null>(null);
  const remove = useMutation({
    mutationFn: (x: Template) => leaveApi.deleteTemplate(x.id),
    onSuccess: () => snackbar("SUCCESS", t("template.deleted")),
    onError: failed,
    onSettled: () => refreshLeave(qc),
  });
  const list = q.data ?? [];
  return (
    <div className="lv-settings-block">
      <header className="lv-section-head">
        <p className="lv-muted lv-small">{t("template.help")}</p>
        <Button onPress={() => setEditing("new")} isDisabled={list.length >= TEMPLATES_MAX}>{t("template.add")}</Button>
      </header>
      <LoadState query={q} />
      <ul className="lv-template-list">
        {list.map((x) => (
          <li key={x.id} className="lv-template">
            <div className="lv-template-head">
              <span className="lv-strong">{x.name}</span>
              <span className="lv-kind">{t(`template.kind.${x.type}`)}</span>
            </div>
            <p className="lv-muted lv-small">
              {t("template.defaults", {
                count: x.defaultAllocation,
                days: formatDays(x.defaultAllocation, i18n.language),
                validity: x.defaultValidityPeriod ? t("template.validDays", { count: x.defaultValidityPeriod }) : t("template.untilYearEnd"),
              })}
            </p>
            <ul className="lv-flags" aria-label={t("template.flagsOf", { name: x.name })}>
              {FLAGS.filter((k) => x[k]).map((k) => <li key={k} className="lv-flag">{t(`template.flag.${k}`)}</li>)}
            </ul>
            <div className="lv-actions">
              <Button variant="secondary" onPress={() => setEditing(x)} aria-label={t("template.editOne", { name: x.name })}>{t("edit")}</Button>
              {x.type !== "ANNUAL" && (
                <Button variant="secondary" isDisabled={remove.isPending} aria-label={t("template.deleteOne", { name: x.name })}
                  onPress={async () => {
                    if (await confirm({ message: t("template.deleteConfirm", { name: x.name }), danger: true, confirmLabel: t("delete") })) remove.mutate(x);
                  }}>{t("delete")}</Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {editing && <TemplateDialog template={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
