// The balance cards of a dashboard (002 §3 balance summary): annual leave with every figure and its calculation
// period, then each custom type's remaining days. 소멸 (expired) is what lapsed within the period shown; what the
// previous period left to lapse (expiredBefore) shows apart under the period.
import { useTranslation } from "react-i18next";
import type { BalanceSummary, UserLeave } from "@shared/leave/leave.ts";
import { formatDate, formatDays } from "../format.tsx";

const FIGURES = ["totalGranted", "toBeGranted", "granted", "used", "expired", "carriedOver"] as const;

export function BalanceCards({ data }: { data: UserLeave }) {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  return (
    <section className="lv-balances" aria-labelledby="lv-balances-title">
      <h2 id="lv-balances-title" className="visually-hidden">{t("balance.title")}</h2>
      <AnnualCard balance={data.annual} lng={lng} />
      {data.custom.map(({ template, balance }) => (
        <article key={template.id} className="lv-card lv-card-custom" aria-labelledby={`lv-bal-${template.id}`}>
          <h3 id={`lv-bal-${template.id}`} className="lv-card-title">{template.name}</h3>
          <p className="lv-card-big">
            <span className="lv-card-num">{formatDays(balance.remaining, lng)}</span>
            <span className="lv-muted">{t("balance.remainingOf", { total: formatDays(balance.totalGranted, lng) })}</span>
          </p>
          <p className="lv-muted lv-small">{t("balance.usedDays", { count: balance.used, days: formatDays(balance.used, lng) })}</p>
        </article>
      ))}
    </section>
  );
}

function AnnualCard({ balance, lng }: { balance: BalanceSummary; lng: string }) {
  const { t } = useTranslation("leave");
  return (
    <article className="lv-card lv-card-annual" aria-labelledby="lv-bal-annual">
      <h3 id="lv-bal-annual" className="lv-card-title">{t("balance.annual")}</h3>
      <p className="lv-card-big">
        <span className="lv-card-num" aria-describedby="lv-bal-remaining">{formatDays(balance.remaining, lng)}</span>
        <span id="lv-bal-remaining" className="lv-muted">{t("balance.remaining")}</span>
      </p>
      <dl className="lv-figures">
        {FIGURES.map((k) => (
          <div key={k} className="lv-figure">
            <dt>{t(`balance.${k}`)}</dt>
            <dd>{formatDays(balance[k], lng)}</dd>
          </div>
        ))}
      </dl>
      <p className="lv-muted lv-small">{t("balance.period", { from: formatDate(balance.calcStart, lng), to: formatDate(balance.calcEnd, lng) })}</p>
      {balance.expiredBefore > 0 && (
        <p className="lv-muted lv-small">{t("balance.expiredBefore", { days: formatDays(balance.expiredBefore, lng) })}</p>
      )}
    </article>
  );
}
