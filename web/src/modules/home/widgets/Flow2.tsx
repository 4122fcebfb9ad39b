// flow-2 Tasks due soon: the caller's open flow tasks due within 7 days or overdue (flagged), soonest first.
import { useTranslation } from "react-i18next";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Flow2({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("flow-2", widget)}>
      {(data) => <RowList rows={data.rows} empty={t("widget.flow-2.empty")} label={t("widget.flow-2.title")} />}
    </WidgetState>
  );
}
