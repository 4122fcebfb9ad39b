// To-do's route tree (002 §2 "To-do"; the addresses: paths.ts), added under the app layout by
// web/src/app/router.tsx. Each part mounts its own routes (home/: the workspace list, workspace/: a workspace,
// board/: a board and its actionObj); the screens load lazily; this file imports no zod.
import { createRoute } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { todoBoardRoutes } from "./board/routes.ts";
import { todoHomeRoutes } from "./home/routes.ts";
import { todoWorkspaceRoutes } from "./workspace/routes.ts";

const staticData = { module: "workflow" as const, titleKey: "common:module.workflow" };

export function todoRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/todo", staticData })
    .lazy(() => import("./todo.route.tsx").then((m) => m.Route));
  return layout.addChildren([
    ...todoHomeRoutes(layout),
    ...todoWorkspaceRoutes(layout),
    ...todoBoardRoutes(layout),
  ]);
}
