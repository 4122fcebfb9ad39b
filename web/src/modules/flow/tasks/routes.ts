// Flow's task routes, added to the island's layout by ../routes.ts: /flow/{projectId}/tasks and
// /flow/{projectId}/tasks/{actionObj} (002 §2 flow_tasks, flow_tasks_action). Zod-free; the screen loads lazily.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function flowTaskRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "$projectId/tasks" }).lazy(() => import("./tasks.route.tsx").then((m) => m.TasksRoute)),
    createRoute({ getParentRoute: () => layout, path: "$projectId/tasks/$actionObj" })
      .lazy(() => import("./tasks.route.tsx").then((m) => m.TasksActionRoute)),
  ] as const;
}
