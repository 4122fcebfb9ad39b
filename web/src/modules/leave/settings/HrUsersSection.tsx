// HR data (GET hr/leaves/users, 10 a page): each member's organisation, job title, hire and leave dates — the
// accrual needs the hire date — edited in HrUserDialog (with the attendance rate of a service year).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { HrUser } from "@shared/leave/leave.ts";
import { Button } from "../../../ui/Button.tsx";
import { HrUserDialog } from "../dashboard/HrUserDialog.tsx";
import { formatDate } from "../format.tsx";
import { LoadState } from "../LoadState.tsx";
import { OrganFilter } from "../members/OrganFilter.tsx";
import { Pager } from "../Pager.tsx";
import { hrUsersQuery } from "../queries.ts";

export function HrUsersSection() {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const [filter, setFilter] = useState<{ organId: number | undefined; includeChildren: boolean }>({ organId: undefined, includeChildren: false });
  const [page, setPage] = useState(1);
  const q = useQuery(hrUsersQuery({ ...filter, page }));
  const [editing, setEditing] = useState<HrUser | null>(null);
  const rows = q.data?.content ?? [];
  return (
    <div className="lv-settings-block">
      <div className="lv-filters lv-filters-flat">
        <OrganFilter {...filter} onChange={(v) => (setFilter(v), setPage(1))} />
      </div>
      <LoadState query={q} empty={q.data && rows.length === 0 && t("members.empty")} />
      {rows.length > 0 && (
        <table className="lv-table" aria-busy={q.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">{t("members.name")}</th>
              <th scope="col">{t("members.organ")}</th>
              <th scope="col">{t("hrUser.jobTitle")}</th>
              <th scope="col">{t("hrUser.hireDate")}</th>
              <th scope="col">{t("hrUser.leaveDate")}</th>
              <th scope="col"><span className="visually-hidden">{t("actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <td data-label={t("members.name")}>
                  <Link to="/leave/members/$id" params={{ id: String(u.id) }} className="lv-link lv-strong">{u.accountName}</Link>
                  <span className="lv-muted lv-small lv-block">{u.username}</span>
                </td>
                <td data-label={t("members.organ")}>{u.organName ?? ""}</td>
                <td data-label={t("hrUser.jobTitle")}>{u.jobTitle ?? ""}</td>
                <td data-label={t("hrUser.hireDate")}>{u.hireDate ? formatDate(u.hireDate, lng) : <span className="lv-warn">{t("members.noHireDate")}</span>}</td>
                <td data-label={t("hrUser.leaveDate")}>{formatDate(u.leaveDate, lng)}</td>
                <td className="lv-actions-cell">
                  <Button variant="secondary" onPress={() => setEditing(u)} aria-label={t("hrUser.editOne", { name: u.accountName })}>{t("edit")}</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data && <Pager page={page} pages={q.data.totalPages} onPage={setPage} />}
      {editing && <HrUserDialog user={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
