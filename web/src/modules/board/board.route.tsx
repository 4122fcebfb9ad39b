// The board island's layout: the side pane (the board tree) beside the route's screen.
import { createLazyRoute, Outlet } from "@tanstack/react-router";

export const Route = createLazyRoute("/app/board")({ component: BoardLayout });

function BoardLayout() {
  return <Outlet />;
}
