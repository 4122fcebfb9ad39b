// The wiki island's layout (001 §2 "Wiki"): the side pane (search, new page, favourites, the document tree,
// recent, trash) beside the route's screen; on phones the side pane is the shell's drawer.
import { createLazyRoute, Outlet } from "@tanstack/react-router";

export const Route = createLazyRoute("/app/wiki")({ component: WikiLayout });

function WikiLayout() {
  return <Outlet />;
}
