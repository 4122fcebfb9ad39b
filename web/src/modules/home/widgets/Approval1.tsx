// approval-1 Approval: the approval dashboard's counts and the documents waiting for the caller.
import { useTranslation } from "react-i18next";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

const COUNTS = ["beforeApproveCount", "beforeReceiveCount", "draftedCount", "rejectedCount"] as const;

export default function Approval1({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("approval-1", widget)}>
      {(data) => (
        <>
          <dl className="hm-counts hm-counts-4">
            {COUNTS.map((c) => (
              <div key={c} className="hm-count">
                <dt>{t(`widget.approval-1.${c}`)}</dt>
                <dd>{data.counts[c]}</dd>
              </div>
            ))}
          </dl>
          <RowList rows={data.rows} empty={t("widget.approval-1.empty")} label={t("widget.approval-1.waiting")} />
        </>
      )}
    </WidgetState>
  );
}
