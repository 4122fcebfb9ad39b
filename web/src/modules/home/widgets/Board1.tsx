// board-1 New posts: the newest posts of the boards the caller may read (or of one board: options.boardId).
import { useTranslation } from "react-i18next";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Board1({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("board-1", widget)}>
      {(data) => <RowList rows={data.rows} empty={t("widget.board-1.empty")} label={t("widget.board-1.title")} />}
    </WidgetState>
  );
}
