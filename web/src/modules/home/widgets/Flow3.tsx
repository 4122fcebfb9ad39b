// flow-3 My to-do items: to-do items whose person column names the caller, not done, newest first.
import { useTranslation } from "react-i18next";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Flow3({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("flow-3", widget)}>
      {(data) => <RowList rows={data.rows} empty={t("widget.flow-3.empty")} label={t("widget.flow-3.title")} />}
    </WidgetState>
  );
}
