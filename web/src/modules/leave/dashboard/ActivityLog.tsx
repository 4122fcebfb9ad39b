// The activity of the last year (002 §9: ACTIVITY_LOG_DAYS): what happened to the member's allocations and
// usages, newest first, with who did it.
import { useTranslation } from "react-i18next";
import type { LeaveLog } from "@shared/leave/leave.ts";
import { formatDays, formatInstant } from "../format.tsx";

export function ActivityLog({ logs }: { logs: LeaveLog[] }) {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const sorted = [...logs].sort((a, b) => b.at - a.at);
  return (
    <section className="lv-section" aria-labelledby="lv-log-title">
      <h2 id="lv-log-title" className="lv-section-title">{t("log.title")}</h2>
      {sorted.length === 0
        ? <p className="lv-empty lv-muted">{t("log.empty")}</p>
        : (
          <ol className="lv-log">
            {sorted.map((l) => (
              <li key={l.id} className="lv-log-item">
                <time className="lv-muted lv-small" dateTime={new Date(l.at).toISOString()}>{formatInstant(l.at, lng)}</time>
                <span className="lv-log-text">
                  <span className="lv-log-kind">{t(`log.kind.${l.kind}`)}</span>
                  {" · "}
                  {t(`log.action.${l.action}`, { defaultValue: l.action })}
                  {l.summary && <> · {l.summary}</>}
                  {l.days > 0 && <> · {t("days", { count: l.days, days: formatDays(l.days, lng) })}</>}
                </span>
                {l.actor && <span className="lv-muted lv-small">{t("log.by", { name: l.actor.name })}</span>}
              </li>
            ))}
          </ol>
        )}
    </section>
  );
}
