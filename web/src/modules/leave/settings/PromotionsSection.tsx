// §61 사용촉진 notices sent in a year (GET hr/leaves/promotions?year): who, which round (6 and 2 months before the
// leave expires), the unused days then, and when.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../ui/SelectField.tsx";
import { formatDays, formatInstant } from "../format.tsx";
import { LoadState } from "../LoadState.tsx";
import { promotionsQuery } from "../queries.ts";
import { today } from "../search.ts";

export function PromotionsSection() {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const thisYear = Number(today().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const q = useQuery(promotionsQuery(year));
  const rows = q.data ?? [];
  return (
    <div className="lv-settings-block">
      <p className="lv-muted lv-small">{t("promotion.help")}</p>
      <div className="lv-filters lv-filters-flat">
        <SelectField label={t("promotion.year")} value={String(year)} onChange={(v) => setYear(Number(v))}
          options={[0, 1, 2, 3].map((d) => ({ id: String(thisYear - d), label: String(thisYear - d) }))} />
      </div>
      <LoadState query={q} empty={q.data && rows.length === 0 && t("promotion.empty")} />
      {rows.length > 0 && (
        <table className="lv-table">
          <thead>
            <tr>
              <th scope="col">{t("members.name")}</th>
              <th scope="col">{t("promotion.round")}</th>
              <th scope="col" className="lv-num">{t("promotion.unused")}</th>
              <th scope="col">{t("promotion.sentAt")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.allocationId}-${r.round}`}>
                <td data-label={t("members.name")}><Link to="/leave/members/$id" params={{ id: String(r.userId) }} className="lv-link">{r.userName}</Link></td>
                <td data-label={t("promotion.round")}>{t(`promotion.r${r.round}`)}</td>
                <td data-label={t("promotion.unused")} className="lv-num">{formatDays(r.unusedDays, lng)}</td>
                <td data-label={t("promotion.sentAt")}>{formatInstant(r.sentAt, lng)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
