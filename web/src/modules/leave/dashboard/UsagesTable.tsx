// A member's usages (002 §3) with what may be done to each (002 §4, §8): the owner edits or cancels a PENDING
// leave and cancels an APPROVED one not yet started (unless its type is cancelled by an administrator only);
// a used leave is neither edited nor cancelled. Disabled buttons are described by the rule's text under the
// table. An approver decides a PENDING leave here too; HR changes any leave's status.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Template, Usage } from "@shared/leave/leave.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import * as leaveApi from "../api.ts";
import { failed } from "../errors.ts";
import { formatDays, StatusChip, usageWhen } from "../format.tsx";
import { refreshLeave, templatesQuery } from "../queries.ts";
import { DecisionDialog } from "../pending/DecisionDialog.tsx";
import { StatusDialog } from "./StatusDialog.tsx";

type Blocked = "leave.already_used" | "leave.not_editable" | "leave.admin_cancellation_only";

/** Why the owner may not edit / cancel this usage, or null when they may. */
function rules(u: Usage, template: Template | undefined): { edit: Blocked | null; cancel: Blocked | null } | null {
  if (u.status === "REJECTED") return null;
  if (u.used) return { edit: "leave.already_used", cancel: "leave.already_used" };
  if (u.status === "PENDING") return { edit: null, cancel: null };
  return { edit: "leave.not_editable", cancel: template?.adminCancellationOnly ? "leave.admin_cancellation_only" : null };
}

export function UsagesTable({ usages, own, canDecide, hr }: { usages: Usage[]; own: boolean; canDecide: boolean; hr: boolean }) {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const templates = useQuery(templatesQuery).data ?? [];
  const [deciding, setDeciding] = useState<{ usage: Usage; status: "APPROVED" | "REJECTED" } | null>(null);
  const [changing, setChanging] = useState<Usage | null>(null);
  const cancel = useMutation({
    mutationFn: (u: Usage) => leaveApi.cancelUsage(u.id),
    onSuccess: () => snackbar("SUCCESS", t("usage.cancelled")),
    onError: failed,
    onSettled: () => refreshLeave(qc),
  });
  const sorted = [...usages].sort((a, b) => b.start - a.start);
  const reasons = new Set<Blocked>();
  const rows = sorted.map((u) => {
    const r = own ? rules(u, templates.find((x) => x.id === u.templateId)) : null;
    if (r?.edit) reasons.add(r.edit);
    if (r?.cancel) reasons.add(r.cancel);
    return { u, r };
  });
  const reasonId = (code: Blocked) => `lv-usage-why-${code.slice(6)}`;

  async function askCancel(u: Usage) {
    if (await confirm({ message: t("usage.cancelConfirm", { name: u.templateName, when: usageWhen(u, lng) }), confirmLabel: t("usage.cancel"), danger: true })) {
      cancel.mutate(u);
    }
  }

  return (
    <section className="lv-section" aria-labelledby="lv-usages-title">
      <h2 id="lv-usages-title" className="lv-section-title">{t("usage.title")}</h2>
      {rows.length === 0
        ? <p className="lv-empty lv-muted">{t("usage.empty")}</p>
        : (
          <table className="lv-table">
            <thead>
              <tr>
                <th scope="col">{t("usage.type")}</th>
                <th scope="col">{t("usage.when")}</th>
                <th scope="col">{t("usage.unit")}</th>
                <th scope="col" className="lv-num">{t("usage.days")}</th>
                <th scope="col">{t("usage.status")}</th>
                <th scope="col">{t("usage.approver")}</th>
                <th scope="col"><span className="visually-hidden">{t("actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ u, r }) => (
                <tr key={u.id}>
                  <td data-label={t("usage.type")}>
                    <span className="lv-strong">{u.templateName}</span>
                    {u.summary && <span className="lv-muted lv-small lv-block">{u.summary}</span>}
                  </td>
                  <td data-label={t("usage.when")}>{usageWhen(u, lng)}</td>
                  <td data-label={t("usage.unit")}>{t(`unit.${u.unit}`)}</td>
                  <td data-label={t("usage.days")} className="lv-num">{formatDays(u.usedDays, lng)}</td>
                  <td data-label={t("usage.status")}>
                    <StatusChip status={u.status} />
                    {u.used && <span className="lv-muted lv-small lv-block">{t("usage.usedMark")}</span>}
                  </td>
                  <td data-label={t("usage.approver")}>{u.approver?.name ?? ""}</td>
                  <td className="lv-actions-cell">
                    <div className="lv-actions">
                      {r && (
                        <>
                          <Button variant="secondary" isDisabled={!!r.edit} aria-describedby={r.edit ? reasonId(r.edit) : undefined}
                            aria-label={t("usage.editOne", { name: u.templateName, when: usageWhen(u, lng) })}
                            onPress={() => void navigate({ to: "/leave/application", search: { usageId: u.id } })}>
                            {t("usage.edit")}
                          </Button>
                          <Button variant="secondary" isDisabled={!!r.cancel || cancel.isPending} aria-describedby={r.cancel ? reasonId(r.cancel) : undefined}
                            aria-label={t("usage.cancelOne", { name: u.templateName, when: usageWhen(u, lng) })} onPress={() => void askCancel(u)}>
                            {t("usage.cancel")}
                          </Button>
                        </>
                      )}
                      {canDecide && !own && u.status === "PENDING" && (
                        <>
                          <Button aria-label={t("decision.approveOne", { name: u.userName, type: u.templateName })}
                            onPress={() => setDeciding({ usage: u, status: "APPROVED" })}>{t("decision.approve")}</Button>
                          <Button variant="secondary" aria-label={t("decision.rejectOne", { name: u.userName, type: u.templateName })}
                            onPress={() => setDeciding({ usage: u, status: "REJECTED" })}>{t("decision.reject")}</Button>
                        </>
                      )}
                      {hr && (
                        <Button variant="ghost" aria-label={t("usage.statusOne", { name: u.templateName, when: usageWhen(u, lng) })}
                          onPress={() => setChanging(u)}>{t("usage.changeStatus")}</Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {reasons.size > 0 && (
        <ul className="lv-reasons">
          {[...reasons].map((code) => <li key={code} id={reasonId(code)} className="lv-muted lv-small">{errorText(code)}</li>)}
        </ul>
      )}
      {deciding && (
        <DecisionDialog status={deciding.status} subject={`${deciding.usage.userName} · ${deciding.usage.templateName} · ${usageWhen(deciding.usage, lng)}`}
          decide={(d) => leaveApi.decideUsage(deciding.usage.id, d)} onClose={() => setDeciding(null)} />
      )}
      {changing && <StatusDialog usage={changing} onClose={() => setChanging(null)} />}
    </section>
  );
}
