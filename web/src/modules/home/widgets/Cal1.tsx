// cal-1 Today: today's events of the caller's shown calendars, in order, in the caller's time zone.
import { useTranslation } from "react-i18next";
import { Empty, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";
import { EventList } from "./events.tsx";

export default function Cal1({ widget }: WidgetProps) {
  const { t } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("cal-1", widget)}>
      {(data) =>
        data.events.length === 0
          ? <Empty text={t("widget.cal-1.empty")} />
          : <EventList events={data.events} timeZone={data.timeZone} label={t("widget.cal-1.title")} />}
    </WidgetState>
  );
}
