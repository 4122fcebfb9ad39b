// mail-1 Mail: the inbox's unread count and its newest mails (unread ones flagged).
import { useTranslation } from "react-i18next";
import { RowList, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";

export default function Mail1({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("mail-1", widget)}>
      {(data) => (
        <>
          <p className="hm-summary"><a href="#/mail">{t("widget.mail-1.unread", { count: data.unread })}</a></p>
          <RowList rows={data.rows} empty={t("widget.mail-1.empty")} label={t("widget.mail-1.title")} />
        </>
      )}
    </WidgetState>
  );
}
