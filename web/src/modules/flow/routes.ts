// Flow's route tree (002 §2 "Flow"; the addresses: paths.ts), added under the app layout by
// web/src/app/router.tsx. Each part mounts its own routes (projects/: the project list, tasks/: a project's or
// every project's tasks with its actionObj, files/: the attachment viewer); /flow goes to the default entry; popup routes (002 §2 "popup mode")
// go under the app's popup layout. The screens load lazily; this file imports no zod.
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { flowFileRoutes } from "./files/routes.ts";
import { flowPopupRouteList } from "./popup/routes.ts";
import { flowProjectRoutes } from "./projects/routes.ts";
import { flowTaskRoutes } from "./tasks/routes.ts";

const staticData = { module: "flow" as const, titleKey: "common:module.flow" };

export function flowRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/flow", staticData })
    .lazy(() => import("./flow.route.tsx").then((m) => m.Route));
  // 002 §2 "Default entry: projectId all with filterId my".
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: () => {
      throw redirect({ to: "/flow/$projectId/tasks/$actionObj" as "/flow", params: { projectId: "all", actionObj: JSON.stringify({ filterId: "my" }) } as never, replace: true });
    },
  });
  return layout.addChildren([
    index,
    ...flowProjectRoutes(layout),
    ...flowTaskRoutes(layout),
    ...flowFileRoutes(layout),
  ]);
}

/** Routes under the app's popup layout (a task opened in its own window; popup/routes.ts). */
// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function flowPopupRoutes(popupRoute: any) {
  return [...flowPopupRouteList(popupRoute)];
}
