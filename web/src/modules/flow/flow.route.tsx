// Flow's layout (002 §2 "Flow"): the side pane (new project, favourites, task filters, every project) beside the
// route's screen; on phones the side pane is the shell's drawer. Realtime FLOW_CHANGED and FLOW_MEMBER refetch
// what is shown (realtime.ts).
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { useFlowMirror } from "./popup/mirror.ts";
import { useFlowRealtime } from "./realtime.ts";
import { SidePane } from "./side/SidePane.tsx";
import "./flow.css";

export const Route = createLazyRoute("/app/flow")({ component: FlowLayout });

function FlowLayout() {
  const { t } = useTranslation("flow");
  const narrow = useNarrowScreen();
  useFlowRealtime();
  useFlowMirror();
  return (
    <div className="fl-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}><SidePane /></SideDrawer>
        : <nav className="fl-side" aria-label={t("side.label")}><SidePane /></nav>}
      <div className="fl-main">
        <Outlet />
      </div>
    </div>
  );
}
