// To-do's layout (002 §2 "To-do"): the side pane (the workspace switcher and the current workspace's board tree)
// beside the route's screen; on phones the side pane is the shell's drawer. Realtime TODO_CHANGED refetches what is
// shown (realtime.ts).
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { useTodoRealtime } from "./realtime.ts";
import { SidePane } from "./side/SidePane.tsx";
import "./todo.css";

export const Route = createLazyRoute("/app/todo")({ component: TodoLayout });

function TodoLayout() {
  const { t } = useTranslation("todo");
  const narrow = useNarrowScreen();
  useTodoRealtime();
  return (
    <div className="td-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}><SidePane /></SideDrawer>
        : <nav className="td-side" aria-label={t("side.label")}><SidePane /></nav>}
      <div className="td-main">
        <Outlet />
      </div>
    </div>
  );
}
