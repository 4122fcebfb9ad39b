// board-2 Must-read: must-read notices the caller has not confirmed yet.
import { useTranslation } from "react-i18next";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Board2({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("board-2", widget)}>
      {(data) => <RowList rows={data.rows} empty={t("widget.board-2.empty")} label={t("widget.board-2.title")} />}
    </WidgetState>
  );
}
