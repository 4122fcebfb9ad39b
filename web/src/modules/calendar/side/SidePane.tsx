// The calendar's side panel: the mini month and the calendar tree. On phones it is a drawer from the left,
// opened by a button in the top bar's lead slot (as mail's folder drawer): focus moves in and stays, Escape
// or a tap outside closes it; picking a day closes it.
import { useTranslation } from "react-i18next";
import { SideDrawer, useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import type { Ymd } from "../dates.ts";
import { MiniMonth } from "./MiniMonth.tsx";
import { CalendarTree } from "./CalendarTree.tsx";
import { AlarmSettingsButton } from "../alarms/AlarmSettings.tsx";

export function SidePane({ focus, today, lng, onPick }: { focus: Ymd; today: Ymd; lng: string; onPick(day: Ymd): void }) {
  const close = useCloseDrawer();
  return (
    <div className="cal-side-inner">
      <MiniMonth focus={focus} today={today} lng={lng} onPick={(d) => {
        onPick(d);
        close();
      }} />
      <CalendarTree />
      <AlarmSettingsButton />
    </div>
  );
}

/** The side pane in the phone drawer (app/shell/SideDrawer.tsx). */
export function CalendarDrawer({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("calendar");
  return <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}>{children}</SideDrawer>;
}
