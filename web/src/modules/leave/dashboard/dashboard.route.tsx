// /leave/members/{id}?date: a member's dashboard (002 §2, §3): who they are (organisation, job title, hire
// date), the balances on the chosen day, their allocations and usages with what may be done to each, and the
// activity of the last year. The own dashboard offers applying; HR edits the member's HR data and grants days.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { userDetailQuery } from "../../../app/queries.ts";
import { usePageTitle } from "../../../app/title.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { formatDate, useIsHr } from "../format.tsx";
import { userLeaveQuery } from "../queries.ts";
import { type DashboardSearch, today, validDay } from "../search.ts";
import { LoadState } from "../LoadState.tsx";
import { ActivityLog } from "./ActivityLog.tsx";
import { AllocationsTable } from "./AllocationsTable.tsx";
import { BalanceCards } from "./BalanceCards.tsx";
import { HrUserDialog } from "./HrUserDialog.tsx";
import { UsagesTable } from "./UsagesTable.tsx";

export const Route = createLazyRoute("/app/leave/members/$id")({ component: Dashboard });

function Dashboard() {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const { id } = Route.useParams();
  const search = Route.useSearch() as DashboardSearch;
  const navigate = useNavigate();
  const me = useQuery(userDetailQuery).data;
  const hr = useIsHr();
  const userId = Number(id);
  const own = me?.id === userId;
  const q = useQuery(userLeaveQuery(userId, search.date));
  const [editingHr, setEditingHr] = useState(false);
  const data = q.data;
  const name = data?.user.accountName ?? "";
  const title = own ? t("side.mine") : name;
  usePageTitle(`${title || t("title")} · ${t("title")}`);

  return (
    <section className="lv-screen" aria-labelledby="lv-title">
      <header className="lv-toolbar">
        <div className="lv-toolbar-text">
          <h1 id="lv-title" className="lv-title">{own ? t("dashboard.mine") : name ? t("dashboard.of", { name }) : t("title")}</h1>
          {data && (
            <p className="lv-muted lv-small lv-person">
              {[data.user.organName, data.user.jobTitle, data.user.hireDate && t("dashboard.hired", { date: formatDate(data.user.hireDate, lng) })]
                .filter(Boolean).join(" · ")}
            </p>
          )}
        </div>
        <div className="lv-toolbar-end">
          <NativeField className="lv-date" label={t("dashboard.date")} type="date" value={search.date ?? today()}
            onChange={(v) => {
              const date = validDay(v);
              if (date) void navigate({ to: "/leave/members/$id", params: { id }, search: date === today() ? {} : { date } });
            }} />
          {own && data?.canApply && <Link to="/leave/application" className="btn btn-primary">{t("side.apply")}</Link>}
          {hr && data && <Button variant="secondary" onPress={() => setEditingHr(true)}>{t("hrUser.edit")}</Button>}
        </div>
      </header>
      <LoadState query={q} error={q.isError ? errorText(codeOf(q.error)) : undefined} />
      {data && (
        <div className="lv-body" aria-busy={q.isFetching || undefined}>
          {hr && !data.user.hireDate && <p className="lv-note" role="note">{errorText("leave.hire_date_missing")}</p>}
          <BalanceCards data={data} />
          <AllocationsTable allocations={data.allocations} own={own} canDecide={data.canManage} hr={hr} userId={userId} userName={name} />
          <UsagesTable usages={data.usages} own={own} canDecide={data.canManage} hr={hr} />
          <ActivityLog logs={data.logs} />
        </div>
      )}
      {editingHr && data && <HrUserDialog user={data.user} onClose={() => setEditingHr(false)} />}
    </section>
  );
}
