// /leave/members?date&organId&includeChildren&page (002 §2, §9): the members' balances on a day, 15 a page
// (1-based page in the address), filtered by organisation with or without its sub-organisations; each row opens
// the member's dashboard. HR sees every organisation; a manager the ones they head.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../../app/title.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { NativeField } from "../../../ui/NativeField.tsx";
import { formatDate, formatDays } from "../format.tsx";
import { LoadState } from "../LoadState.tsx";
import { Pager } from "../Pager.tsx";
import { membersQuery } from "../queries.ts";
import { type MembersSearch, today, validDay } from "../search.ts";
import { OrganFilter, useOrganChoices } from "./OrganFilter.tsx";

export const Route = createLazyRoute("/app/leave/members")({ component: Members });

function Members() {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const search = Route.useSearch() as MembersSearch;
  const navigate = useNavigate();
  const { initial } = useOrganChoices();
  const organId = search.organId ?? initial;
  const page = search.page ?? 1;
  const q = useQuery(membersQuery({ date: search.date, organId, includeChildren: search.includeChildren, page }));
  usePageTitle(`${t("side.members")} · ${t("title")}`);
  const go = (next: MembersSearch) => void navigate({ to: "/leave/members", search: next });
  const rows = q.data?.content ?? [];

  return (
    <section className="lv-screen" aria-labelledby="lv-title">
      <header className="lv-toolbar">
        <h1 id="lv-title" className="lv-title">{t("side.members")}</h1>
        {q.data && <span className="lv-muted">{t("members.total", { count: q.data.totalElements })}</span>}
      </header>
      <div className="lv-filters">
        <NativeField className="lv-date" label={t("dashboard.date")} type="date" value={search.date ?? today()}
          onChange={(v) => {
            const date = validDay(v);
            if (date) go({ ...search, date: date === today() ? undefined : date, page: undefined });
          }} />
        <OrganFilter organId={organId} includeChildren={!!search.includeChildren}
          onChange={(v) => go({ ...search, organId: v.organId, includeChildren: v.organId && v.includeChildren ? true : undefined, page: undefined })} />
      </div>
      <div className="lv-body">
        <LoadState query={q} error={q.isError ? errorText(codeOf(q.error)) : undefined} empty={q.data && rows.length === 0 && t("members.empty")} />
        {rows.length > 0 && (
          <table className="lv-table" aria-busy={q.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{t("members.name")}</th>
                <th scope="col">{t("members.organ")}</th>
                <th scope="col">{t("hrUser.hireDate")}</th>
                <th scope="col" className="lv-num">{t("balance.totalGranted")}</th>
                <th scope="col" className="lv-num">{t("balance.used")}</th>
                <th scope="col" className="lv-num">{t("balance.remaining")}</th>
                <th scope="col" className="lv-num">{t("members.customRemaining")}</th>
                <th scope="col" className="lv-num">{t("members.pending")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.user.id}>
                  <td data-label={t("members.name")}>
                    <Link to="/leave/members/$id" params={{ id: String(r.user.id) }} search={search.date ? { date: search.date } : {}} className="lv-link lv-strong">
                      {r.user.accountName}
                    </Link>
                    {r.user.jobTitle && <span className="lv-muted lv-small lv-block">{r.user.jobTitle}</span>}
                  </td>
                  <td data-label={t("members.organ")}>{r.user.organName ?? ""}</td>
                  <td data-label={t("hrUser.hireDate")}>{r.user.hireDate ? formatDate(r.user.hireDate, lng) : t("members.noHireDate")}</td>
                  <td data-label={t("balance.totalGranted")} className="lv-num">{formatDays(r.annual.totalGranted, lng)}</td>
                  <td data-label={t("balance.used")} className="lv-num">{formatDays(r.annual.used, lng)}</td>
                  <td data-label={t("balance.remaining")} className="lv-num lv-strong">{formatDays(r.annual.remaining, lng)}</td>
                  <td data-label={t("members.customRemaining")} className="lv-num">{formatDays(r.customRemaining, lng)}</td>
                  <td data-label={t("members.pending")} className="lv-num">{r.pendingCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {q.data && <Pager page={page} pages={q.data.totalPages} onPage={(p) => go({ ...search, page: p > 1 ? p : undefined })} />}
      </div>
    </section>
  );
}
