// The leave island's screen (002 §2 "Leave"): the side pane (own dashboard, apply, members, pending with its
// count, untracked usages, settings — each as the user's role allows) beside the route's screen. On phones the
// side pane is the shell's drawer. Realtime LEAVE_CHANGED refetches everything shown.
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SidePane } from "./side/SidePane.tsx";
import { useLeaveRealtime } from "./realtime.ts";
import "../../ui/ui.css";
import "./leave.css";

export const Route = createLazyRoute("/app/leave")({ component: LeaveLayout });

function LeaveLayout() {
  const { t } = useTranslation("leave");
  const narrow = useNarrowScreen();
  useLeaveRealtime();
  return (
    <div className="lv-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}><SidePane /></SideDrawer>
        : <nav className="lv-side" aria-label={t("side.label")}><SidePane /></nav>}
      <div className="lv-main">
        <Outlet />
      </div>
    </div>
  );
}
