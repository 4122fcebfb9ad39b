// A member's allocations (002 §3): type, period, granted, used, carried over, remaining, status, where it came
// from. The owner withdraws a PENDING request; an approved allocation is not edited but by HR (002 §8: the rule's
// text describes the disabled button). An approver decides a PENDING request here; HR edits any allocation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Allocation } from "@shared/leave/leave.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import * as leaveApi from "../api.ts";
import { failed } from "../errors.ts";
import { formatDate, formatDays, StatusChip } from "../format.tsx";
import { refreshLeave } from "../queries.ts";
import { DecisionDialog } from "../pending/DecisionDialog.tsx";
import { AllocationDialog } from "./AllocationDialog.tsx";

const WHY = "lv-allocation-why";

export function AllocationsTable({ allocations, own, canDecide, hr, userId, userName }: {
  allocations: Allocation[];
  own: boolean;
  canDecide: boolean;
  hr: boolean;
  userId: number;
  userName: string;
}) {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Allocation | "new" | null>(null);
  const [deciding, setDeciding] = useState<{ allocation: Allocation; status: "APPROVED" | "REJECTED" } | null>(null);
  const withdraw = useMutation({
    mutationFn: (a: Allocation) => leaveApi.deleteAllocation(a.id),
    onSuccess: () => snackbar("SUCCESS", t("allocation.withdrawn")),
    onError: failed,
    onSettled: () => refreshLeave(qc),
  });
  const sorted = [...allocations].sort((a, b) => b.validFrom.localeCompare(a.validFrom) || b.id - a.id);
  const lockedShown = own && !hr && sorted.some((a) => a.status === "APPROVED");
  const label = (a: Allocation) => a.name || t("allocation.unnamed");

  async function askWithdraw(a: Allocation) {
    if (await confirm({ message: t("allocation.withdrawConfirm", { name: label(a) }), confirmLabel: t("allocation.withdraw"), danger: true })) withdraw.mutate(a);
  }

  return (
    <section className="lv-section" aria-labelledby="lv-allocations-title">
      <header className="lv-section-head">
        <h2 id="lv-allocations-title" className="lv-section-title">{t("allocation.title")}</h2>
        {hr && <Button variant="secondary" onPress={() => setEditing("new")}>{t("allocation.grant")}</Button>}
      </header>
      {sorted.length === 0
        ? <p className="lv-empty lv-muted">{t("allocation.empty")}</p>
        : (
          <table className="lv-table">
            <thead>
              <tr>
                <th scope="col">{t("allocation.type")}</th>
                <th scope="col">{t("allocation.period")}</th>
                <th scope="col" className="lv-num">{t("allocation.granted")}</th>
                <th scope="col" className="lv-num">{t("allocation.used")}</th>
                <th scope="col" className="lv-num">{t("allocation.carriedOver")}</th>
                <th scope="col" className="lv-num">{t("allocation.remaining")}</th>
                <th scope="col">{t("allocation.status")}</th>
                <th scope="col"><span className="visually-hidden">{t("actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((a) => (
                <tr key={a.id}>
                  <td data-label={t("allocation.type")}>
                    <span className="lv-strong">{label(a)}</span>
                    <span className="lv-muted lv-small lv-block">{t(`source.${a.source}`)}</span>
                  </td>
                  <td data-label={t("allocation.period")}>{formatDate(a.validFrom, lng)} – {formatDate(a.validTo, lng)}</td>
                  <td data-label={t("allocation.granted")} className="lv-num">{formatDays(a.granted, lng)}</td>
                  <td data-label={t("allocation.used")} className="lv-num">{formatDays(a.used, lng)}</td>
                  <td data-label={t("allocation.carriedOver")} className="lv-num">{formatDays(a.carriedOver, lng)}</td>
                  <td data-label={t("allocation.remaining")} className="lv-num lv-strong">{formatDays(a.remaining, lng)}</td>
                  <td data-label={t("allocation.status")}><StatusChip status={a.status} /></td>
                  <td className="lv-actions-cell">
                    <div className="lv-actions">
                      {hr && <Button variant="secondary" aria-label={t("allocation.editOne", { name: label(a) })} onPress={() => setEditing(a)}>{t("allocation.edit")}</Button>}
                      {!hr && own && a.status === "APPROVED" && (
                        <Button variant="secondary" isDisabled aria-describedby={WHY} aria-label={t("allocation.editOne", { name: label(a) })}>{t("allocation.edit")}</Button>
                      )}
                      {own && a.status === "PENDING" && (
                        <Button variant="secondary" isDisabled={withdraw.isPending} aria-label={t("allocation.withdrawOne", { name: label(a) })}
                          onPress={() => void askWithdraw(a)}>{t("allocation.withdraw")}</Button>
                      )}
                      {canDecide && !own && a.status === "PENDING" && (
                        <>
                          <Button onPress={() => setDeciding({ allocation: a, status: "APPROVED" })}
                            aria-label={t("decision.approveOne", { name: userName, type: label(a) })}>{t("decision.approve")}</Button>
                          <Button variant="secondary" onPress={() => setDeciding({ allocation: a, status: "REJECTED" })}
                            aria-label={t("decision.rejectOne", { name: userName, type: label(a) })}>{t("decision.reject")}</Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {lockedShown && <p id={WHY} className="lv-reasons lv-muted lv-small">{errorText("leave.not_editable")}</p>}
      {editing && (
        <AllocationDialog userId={userId} userName={userName} allocation={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deciding && (
        <DecisionDialog status={deciding.status} subject={`${userName} · ${label(deciding.allocation)} · ${t("days", { count: deciding.allocation.granted, days: formatDays(deciding.allocation.granted, lng) })}`}
          decide={(d) => leaveApi.decideAllocation(deciding.allocation.id, d)} onClose={() => setDeciding(null)} />
      )}
    </section>
  );
}
