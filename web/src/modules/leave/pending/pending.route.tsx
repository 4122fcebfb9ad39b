// /leave/pending: the leaves and the requests for days waiting for the caller's decision (GET usages/pending,
// allocations/pending), each approved or rejected with a comment; for HR also the company's count of everything
// pending (GET hr/leaves/pending/count) with the items themselves (GET hr/leaves/pending): whose, what, and a link
// to the member's dashboard where HR changes any status. LEAVE_CHANGED refreshes it (realtime.ts).
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Allocation, Usage } from "@shared/leave/leave.ts";
import { usePageTitle } from "../../../app/title.ts";
import { Button } from "../../../ui/Button.tsx";
import * as leaveApi from "../api.ts";
import { formatDate, formatDays, useIsHr, usageWhen } from "../format.tsx";
import { LoadState } from "../LoadState.tsx";
import { hrPendingCountQuery, hrPendingQuery, pendingAllocationsQuery, pendingUsagesQuery } from "../queries.ts";
import { DecisionDialog } from "./DecisionDialog.tsx";

export const Route = createLazyRoute("/app/leave/pending")({ component: Pending });

type Deciding = { kind: "usage"; item: Usage; status: "APPROVED" | "REJECTED" } | { kind: "allocation"; item: Allocation; status: "APPROVED" | "REJECTED" };

function Pending() {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const hr = useIsHr();
  const usages = useQuery(pendingUsagesQuery);
  const allocations = useQuery(pendingAllocationsQuery);
  const count = useQuery({ ...hrPendingCountQuery, enabled: hr });
  const company = useQuery({ ...hrPendingQuery, enabled: hr });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  usePageTitle(`${t("side.pending")} · ${t("title")}`);
  const waiting = (usages.data?.length ?? 0) + (allocations.data?.length ?? 0);

  return (
    <section className="lv-screen" aria-labelledby="lv-title">
      <header className="lv-toolbar">
        <h1 id="lv-title" className="lv-title">{t("side.pending")}</h1>
        {usages.data && allocations.data && <span className="lv-muted">{t("pending.mine", { count: waiting })}</span>}
      </header>
      <div className="lv-body">
        {hr && count.data && (
          <p className="lv-note">
            {count.data.total > 0
              ? <a href="#lv-pc-title" className="lv-link">{t("pending.company", { total: count.data.total, usages: count.data.usages, allocations: count.data.allocations })}</a>
              : t("pending.company", { total: count.data.total, usages: count.data.usages, allocations: count.data.allocations })}
          </p>
        )}
        <section className="lv-section" aria-labelledby="lv-pu-title">
          <h2 id="lv-pu-title" className="lv-section-title">{t("pending.usages", { count: usages.data?.length ?? 0 })}</h2>
          <LoadState query={usages} empty={usages.data?.length === 0 && t("pending.noUsages")} />
          {usages.data && usages.data.length > 0 && (
            <ul className="lv-list">
              {usages.data.map((u) => (
                <li key={u.id} className="lv-list-item">
                  <div className="lv-list-text">
                    <Link to="/leave/members/$id" params={{ id: String(u.userId) }} className="lv-strong lv-link">{u.userName}</Link>
                    <span>{u.templateName} · {t(`unit.${u.unit}`)} · {t("days", { count: u.usedDays, days: formatDays(u.usedDays, lng) })}</span>
                    <span className="lv-muted">{usageWhen(u, lng)}</span>
                    {(u.summary || u.reason) && <span className="lv-muted lv-small">{[u.summary, u.reason].filter(Boolean).join(" · ")}</span>}
                  </div>
                  <div className="lv-actions">
                    <Button onPress={() => setDeciding({ kind: "usage", item: u, status: "APPROVED" })}
                      aria-label={t("decision.approveOne", { name: u.userName, type: u.templateName })}>{t("decision.approve")}</Button>
                    <Button variant="secondary" onPress={() => setDeciding({ kind: "usage", item: u, status: "REJECTED" })}
                      aria-label={t("decision.rejectOne", { name: u.userName, type: u.templateName })}>{t("decision.reject")}</Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="lv-section" aria-labelledby="lv-pa-title">
          <h2 id="lv-pa-title" className="lv-section-title">{t("pending.allocations", { count: allocations.data?.length ?? 0 })}</h2>
          <LoadState query={allocations} empty={allocations.data?.length === 0 && t("pending.noAllocations")} />
          {allocations.data && allocations.data.length > 0 && (
            <ul className="lv-list">
              {allocations.data.map((a) => (
                <li key={a.id} className="lv-list-item">
                  <div className="lv-list-text">
                    <Link to="/leave/members/$id" params={{ id: String(a.userId) }} className="lv-strong lv-link">{a.userName}</Link>
                    <span>{a.name || t("allocation.unnamed")} · {t("days", { count: a.granted, days: formatDays(a.granted, lng) })} · {formatDate(a.validFrom, lng)} – {formatDate(a.validTo, lng)}</span>
                    {a.reason && <span className="lv-muted lv-small">{a.reason}</span>}
                  </div>
                  <div className="lv-actions">
                    <Button onPress={() => setDeciding({ kind: "allocation", item: a, status: "APPROVED" })}
                      aria-label={t("decision.approveOne", { name: a.userName, type: a.name || t("allocation.unnamed") })}>{t("decision.approve")}</Button>
                    <Button variant="secondary" onPress={() => setDeciding({ kind: "allocation", item: a, status: "REJECTED" })}
                      aria-label={t("decision.rejectOne", { name: a.userName, type: a.name || t("allocation.unnamed") })}>{t("decision.reject")}</Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        {hr && count.data && count.data.total > 0 && (
          <section className="lv-section" aria-labelledby="lv-pc-title">
            <h2 id="lv-pc-title" className="lv-section-title">{t("pending.companyTitle", { count: count.data.total })}</h2>
            <LoadState query={company} />
            {company.data && (
              <ul className="lv-list">
                {company.data.usages.map((u) => (
                  <li key={`u${u.id}`} className="lv-list-item">
                    <div className="lv-list-text">
                      <Link to="/leave/members/$id" params={{ id: String(u.userId) }} className="lv-strong lv-link">{u.userName}</Link>
                      <span>{u.templateName} · {t(`unit.${u.unit}`)} · {t("days", { count: u.usedDays, days: formatDays(u.usedDays, lng) })}</span>
                      <span className="lv-muted">{usageWhen(u, lng)}</span>
                      {u.approver && <span className="lv-muted lv-small">{t("pending.waitsFor", { name: u.approver.name })}</span>}
                    </div>
                  </li>
                ))}
                {company.data.allocations.map((a) => (
                  <li key={`a${a.id}`} className="lv-list-item">
                    <div className="lv-list-text">
                      <Link to="/leave/members/$id" params={{ id: String(a.userId) }} className="lv-strong lv-link">{a.userName}</Link>
                      <span>{a.name || t("allocation.unnamed")} · {t("days", { count: a.granted, days: formatDays(a.granted, lng) })} · {formatDate(a.validFrom, lng)} – {formatDate(a.validTo, lng)}</span>
                      {a.approverName && <span className="lv-muted lv-small">{t("pending.waitsFor", { name: a.approverName })}</span>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      {deciding && (
        <DecisionDialog status={deciding.status}
          subject={deciding.kind === "usage"
            ? `${deciding.item.userName} · ${deciding.item.templateName} · ${usageWhen(deciding.item, lng)}`
            : `${deciding.item.userName} · ${deciding.item.name} · ${t("days", { count: deciding.item.granted, days: formatDays(deciding.item.granted, lng) })}`}
          decide={(d) => deciding.kind === "usage" ? leaveApi.decideUsage(deciding.item.id, d) : leaveApi.decideAllocation(deciding.item.id, d)}
          onClose={() => setDeciding(null)} />
      )}
    </section>
  );
}
