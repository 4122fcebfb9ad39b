// Flow's popup routes (002 §2 popup mode), added under the app's popup layout by ../routes.ts flowPopupRoutes:
// /flow/popup/{projectId}/tasks/{actionObj} with the task's taskId and popup: true. Zod-free; loads lazily.
import { createRoute } from "@tanstack/react-router";

const staticData = { module: "flow" as const, titleKey: "common:module.flow" };

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function flowPopupRouteList(popupRoute: any) {
  return [
    createRoute({ getParentRoute: () => popupRoute, path: "/flow/popup/$projectId/tasks/$actionObj", staticData })
      .lazy(() => import("./popup.route.tsx").then((m) => m.Route)),
  ] as const;
}
