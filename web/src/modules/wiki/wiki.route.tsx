// The wiki island's layout (001 §2 "Wiki"): the side pane (search, new document, favourites, the document tree,
// recent, trash) beside the route's screen; on phones the side pane is the shell's drawer. Realtime
// WIKI_CHANGED refetches what is shown (realtime.ts).
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { useWikiRealtime } from "./realtime.ts";
import { SidePane } from "./side/SidePane.tsx";
import "./wiki.css";

export const Route = createLazyRoute("/app/wiki")({ component: WikiLayout });

function WikiLayout() {
  const { t } = useTranslation("wiki");
  const narrow = useNarrowScreen();
  useWikiRealtime();
  return (
    <div className="wk-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}><SidePane /></SideDrawer>
        : <nav className="wk-side" aria-label={t("side.label")}><SidePane /></nav>}
      <div className="wk-main">
        <Outlet />
      </div>
    </div>
  );
}
