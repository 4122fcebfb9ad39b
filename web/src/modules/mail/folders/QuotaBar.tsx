// The mailbox quota under the folder tree (GET /api/users/quota): a meter coloured by use (under 70% blue,
// 70-89% orange, 90% and above red; 000 §9) that links to the quota section of the account page.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "@tanstack/react-router";
import { quotaColor } from "@shared/users.ts";
import { quotaQuery } from "../../../app/queries.ts";
import { formatBytes } from "../../../lib/bytes.ts";

export function QuotaBar() {
  const { t, i18n } = useTranslation("mail");
  const q = useQuery(quotaQuery).data;
  if (!q) return null;
  const pct = q.totalQuota > 0 ? Math.min(100, (q.usedSize / q.totalQuota) * 100) : 100;
  const color = quotaColor(q.usedSize, q.totalQuota);
  const text = t("folders.quota", { used: formatBytes(q.usedSize, i18n.language), total: formatBytes(q.totalQuota, i18n.language) });
  return (
    <Link to="/account/$tabType" params={{ tabType: "info" }} search={{ goQuota: true }} className="mf-quota" aria-label={`${t("folders.quotaLink")} ${text}`}>
      <span className="mf-quota-text" aria-hidden="true">
        <span>{t("folders.quotaTitle")}</span>
        <span>{text}</span>
      </span>
      <span className="mf-quota-track" role="meter" aria-label={t("folders.quotaTitle")} aria-valuenow={Math.round(pct)} aria-valuemin={0}
        aria-valuemax={100} aria-valuetext={`${Math.round(pct)}%`}>
        <span className={`mf-quota-fill mf-quota-${color}`} style={{ width: `${pct}%` }} />
      </span>
    </Link>
  );
}
