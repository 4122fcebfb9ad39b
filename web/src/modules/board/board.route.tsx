// The board island's layout (001 §2 "Boards"): the side pane (write, the special folders, the board tree, hidden
// boards, settings) beside the route's screen; on phones the side pane is the shell's drawer. Realtime
// BOARD_CHANGED refetches what is shown; BOARD_NOTICE shows a notice with a link to the post.
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { SidePane } from "./side/SidePane.tsx";
import { NoticeToasts } from "./notify/NoticeToasts.tsx";
import { useBoardRealtime } from "./realtime.ts";
import "./board.css";

export const Route = createLazyRoute("/app/board")({ component: BoardLayout });

function BoardLayout() {
  const { t } = useTranslation("board");
  const narrow = useNarrowScreen();
  useBoardRealtime();
  return (
    <div className="bd-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}><SidePane /></SideDrawer>
        : <nav className="bd-side" aria-label={t("side.label")}><SidePane /></nav>}
      <div className="bd-main">
        <Outlet />
      </div>
      <NoticeToasts />
    </div>
  );
}
