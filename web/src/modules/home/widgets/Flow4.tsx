// flow-4 Favourite projects: the caller's favourite flow projects with their open task counts.
import { useTranslation } from "react-i18next";
import { Empty, hrefOf, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Flow4({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("flow-4", widget)}>
      {(data) =>
        data.projects.length === 0 ? <Empty text={t("widget.flow-4.empty")} /> : (
          <ul className="hm-rows" aria-label={t("widget.flow-4.title")}>
            {data.projects.map((p) => (
              <li key={p.id} className="hm-row">
                <a href={hrefOf(p.link)} className="hm-row-link">
                  <span className="hm-row-title">{p.name}</span>
                  <span className="hm-row-meta">{t("widget.flow-4.open", { count: p.openTasks })}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
    </WidgetState>
  );
}
