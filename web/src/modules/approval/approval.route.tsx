// The approval island's screen (002 §2 "Approval"): the side pane (draft button, home, the boxes grouped as the
// spec lists them with their counts, department boxes of the organs the user keeps documents for, settings)
// beside the route's screen. On phones the side pane is the shell's drawer. Realtime APPROVAL_CHANGED refetches
// the boxes, counts and open documents.
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { SidePane } from "./side/SidePane.tsx";
import { useApprovalRealtime } from "./realtime.ts";
import "./approval.css";

export const Route = createLazyRoute("/app/approval")({ component: ApprovalLayout });

function ApprovalLayout() {
  const { t } = useTranslation("approval");
  const narrow = useNarrowScreen();
  useApprovalRealtime();
  return (
    <div className="ap-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}><SidePane /></SideDrawer>
        : <nav className="ap-side" aria-label={t("side.label")}><SidePane /></nav>}
      <div className="ap-main">
        <Outlet />
      </div>
    </div>
  );
}
