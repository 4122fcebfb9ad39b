// flow-1 My tasks by status: the caller's open flow tasks (assignee) counted per status.
import { useTranslation } from "react-i18next";
import { type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

const STATUSES = ["REQUESTED", "IN_PROGRESS", "FEEDBACK", "COMPLETED", "ON_HOLD"] as const;

export default function Flow1({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("flow-1", widget)}>
      {(data) => (
        <dl className="hm-counts">
          {STATUSES.map((s) => (
            <div key={s} className={`hm-count hm-status-${s.toLowerCase()}`}>
              <dt>{t(`flow.status.${s}`)}</dt>
              <dd><a href="#/flow">{data.counts[s]}</a></dd>
            </div>
          ))}
        </dl>
      )}
    </WidgetState>
  );
}
