// etc-3 Leave: this year's balance (granted, used, remaining days) and the next leave.
import { useTranslation } from "react-i18next";
import { type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Etc3({ widget }: WidgetProps) {
  const { t, i18n } = useTranslation("home");
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const date = new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  return (
    <WidgetState query={useWidgetData("etc-3", widget)}>
      {(data) => (
        <>
          <dl className="hm-counts hm-counts-3">
            {(["granted", "used", "remaining"] as const).map((k) => (
              <div key={k} className="hm-count">
                <dt>{t(`widget.etc-3.${k}`)}</dt>
                <dd><a href="#/leave">{t("widget.etc-3.days", { count: data[k], days: num.format(data[k]) })}</a></dd>
              </div>
            ))}
          </dl>
          <p className="hm-summary">
            {data.next
              ? t("widget.etc-3.next", {
                type: data.next.type,
                from: date.format(new Date(`${data.next.start.slice(0, 10)}T00:00:00Z`)),
                to: date.format(new Date(`${data.next.end.slice(0, 10)}T00:00:00Z`)),
              })
              : t("widget.etc-3.noNext")}
          </p>
        </>
      )}
    </WidgetState>
  );
}
